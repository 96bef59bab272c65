import Foundation
import Testing
import XpediteProtocol

/// Issue codes are stable strings, and extensible: a code a later version adds is kept as sent.
@Suite("Issue codes")
struct IssueCodeTests {
    @Test("every code is listed once, with a distinct kebab-case string")
    func catalogue() {
        let texts = IssueCode.allCases.map(\.rawValue)
        #expect(Set(texts).count == texts.count)
        #expect(texts.allSatisfy { $0.allSatisfy { $0.isLowercase || $0 == "-" } })
        #expect(IssueCode.typeMismatch.description == "type-mismatch")
    }

    @Test("codes encode as their string, and an unknown code decodes as it is")
    func coding() throws {
        let encoded = try JSONEncoder().encode([IssueCode.duplicateID])
        #expect(String(decoding: encoded, as: UTF8.self) == #"["duplicate-id"]"#)
        let decoded = try JSONDecoder().decode([IssueCode].self, from: Data(#"["duplicate-id","from-the-future"]"#.utf8))
        #expect(decoded == [.duplicateID, IssueCode(rawValue: "from-the-future")])
        #expect(!IssueCode.allCases.contains(decoded[1]))
    }
}
