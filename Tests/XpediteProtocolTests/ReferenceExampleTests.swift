import Foundation
import Testing
@testable import XpediteProtocol

/// The protocol reference (docs/protocol) cannot drift from the code: every JSON example it shows
/// is a fixture, byte for byte, that validates; every fixture of Tests/Fixtures/protocol is shown;
/// and every key table lists exactly the keys the wire model defines.
@Suite("Protocol reference")
struct ReferenceExampleTests {
    static let examples = (try? ProtocolReference.examples()) ?? []
    static let fixtures = Set(examples.compactMap(\.fixture))

    @Test("the reference has pages and examples")
    func referenceExists() throws {
        let pages = try ProtocolReference.pages()
        for page in ["README.md", "packets.md", "layout.md", "forms.md", "tables.md", "menus.md", "caching.md",
                     "versions.md", "values.md", "validation.md", "decisions.md", "components/README.md"] {
            #expect(pages.contains(page), "docs/protocol/\(page) is missing")
        }
        #expect(Self.examples.count >= 60)
    }

    @Test("every JSON block names its fixture and shows its bytes", arguments: examples)
    func blockIsItsFixture(_ example: ProtocolReference.Example) throws {
        let fixture = try #require(example.fixture,
                                   "docs/protocol/\(example): a ```json block needs <!-- example: FOLDER/NAME.json --> above it")
        let url = Fixtures.root.appendingPathComponent(fixture)
        let bytes = try String(contentsOf: url, encoding: .utf8)
        #expect(example.text == bytes.trimmingSuffix("\n"),
                "docs/protocol/\(example) differs from Tests/Fixtures/\(fixture): run scripts/sync_protocol_examples.py")
    }

    @Test("every example validates", arguments: fixtures.sorted())
    func exampleValidates(_ fixture: String) throws {
        var packet = try JSONValue(parsing: Data(contentsOf: Fixtures.root.appendingPathComponent(fixture)))
        if fixture.hasPrefix("layout/") {
            // A layout case: the screen is the packet; its frames are LayoutFixtureTests' business.
            packet = try #require(packet["screen"], "\(fixture) has no screen")
        }
        let isConnectionReply = fixture.contains("setconnection-response") || fixture.contains("session-expired")
        let report = PacketValidator(options: ValidationOptions(isConnectionReply: isConnectionReply)).validate(packet)
        #expect(report.issues.errors.isEmpty, "\(fixture): \(report.issues.errors.map(\.description))")
        // New-dialect examples are what a server should send: not even a warning. Old-dialect
        // ones (named "-old") may carry the warnings that say what each old form becomes, and a
        // layout case those it expects (an overflow, say).
        if !fixture.hasPrefix("layout/") && !fixture.contains("-old") {
            #expect(report.issues.warnings.isEmpty, "\(fixture): \(report.issues.warnings.map(\.description))")
        }
    }

    @Test("every fixture of Tests/Fixtures/protocol is shown in the reference")
    func noOrphanFixture() {
        let files = Set(Fixtures.files(in: "protocol").map { "protocol/\($0)" })
        #expect(files.count >= 60)
        #expect(files.subtracting(Self.fixtures).isEmpty, "not shown in docs/protocol: \(files.subtracting(Self.fixtures).sorted())")
    }

    /// The definitions every reference must list in full: each component type and the objects a
    /// server or phone writes.
    static let listed = Component.types.map { "component.\($0)" }
        + ["response", "request", "dataResponse", "method", "image", "size", "column", "implementation", "effects",
           "cellMapping"]

    @Test("the key tables list exactly the keys of the wire model", arguments: listed)
    func keyTableIsComplete(_ definition: String) throws {
        let tables = try ProtocolReference.keyTables().filter { $0.definition == definition }
        try #require(!tables.isEmpty, "docs/protocol has no <!-- keys: \(definition) --> table")
        let shape = try #require(definition.hasPrefix("component.")
                                    ? WireCatalogue.components[String(definition.dropFirst("component.".count))]
                                    : WireCatalogue.objects[definition], "no definition \(definition)")
        let documented = Set(tables.flatMap(\.keys))
        let defined = Set(shape.properties.map(\.key))
        #expect(defined.subtracting(documented).isEmpty,
                "\(tables[0].page): the \(definition) table leaves out \(defined.subtracting(documented).sorted())")
        #expect(documented.subtracting(defined).isEmpty,
                "\(tables[0].page): the \(definition) table lists keys the wire model does not define: \(documented.subtracting(defined).sorted())")
    }

    @Test("every key table names a definition that exists")
    func keyTablesNameDefinitions() throws {
        for table in try ProtocolReference.keyTables() {
            #expect(Self.listed.contains(table.definition), "\(table.page): unknown definition \(table.definition)")
        }
    }
}

extension String {
    /// The string without one trailing `suffix`, if it ends with it.
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
