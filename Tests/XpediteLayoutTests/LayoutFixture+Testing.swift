import Testing
import XpediteTestFixtures

extension LayoutFixture: CustomTestStringConvertible {
    public var testDescription: String { name }
}
