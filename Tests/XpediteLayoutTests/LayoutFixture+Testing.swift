import Testing
// The fixture readers are shared with the other test targets; every file of this target sees them.
@_exported import XpediteTestFixtures

extension LayoutFixture: CustomTestStringConvertible {
    public var testDescription: String { name }
}
