#if os(Linux)
import Foundation
import Testing
import XpediteTestProcesses

/// The rules that are types, checked the only way they can be: each snippet is handed to the
/// compiler, next to the built XpediteBuilder module, and must be refused, while the allowed
/// shapes beside them type-check. One `swiftc -typecheck` run covers every snippet.
@Suite("Shapes the compiler refuses")
struct CompileFailureTests {
    /// Code that must not compile, each with the rule it breaks.
    static let refused: [(rule: String, code: String)] = [
        ("a form that saves needs an id", #"_ = Form(save: .call("saveCustomer")) { TextBox(name: "a") }"#),
        ("a form that saves needs a non-optional id",
         #"let id: String? = nil; _ = Form(id: id, save: .call("saveCustomer")) { TextBox(name: "a") }"#),
        ("a navigation is a screen menu, not part of a form", #"_ = Form(id: "f") { Navigation.menu { MenuHeader("x") } }"#),
        ("a navigation is a screen menu, not part of a scroll view", #"_ = ScrollView { Navigation.stub(id: "main") }"#),
        ("a menu entry belongs in a navigation", #"_ = Screen { MenuEntry("a", .call("a")) }"#),
        ("a navigation holds only menu entries", #"_ = Navigation.menu { Label("x") }"#),
        ("a field needs a name", #"_ = TextBox(title: "Name")"#),
        ("option keys are strings", #"_ = Select(name: "s", options: [1: "One"])"#),
        ("option labels are strings", #"_ = Radio(name: "r", options: ["a": 1])"#),
        ("one key per quantity: x and centrex", #"_ = Label("a").size(x: 10, width: 5, centreX: 0)"#),
        ("the SDK sends no vertical centre offset", #"_ = Label("a").y(.centred(offset: 3))"#),
        ("the navigation hint is root or nothing", #"_ = Button("a", .call("f", navigation: .push))"#),
        ("selected exists only on a table's row action", #"_ = Button("a", .call("f", selected: "id"))"#),
        ("a button has a caption or an icon", #"_ = Button(.call("f"))"#),
        ("an image has a source", #"_ = Image()"#),
        ("an image's id names a preloaded image, not the component", #"_ = Image(id: "logo").id("x")"#),
        ("a form's id is given with the form", #"_ = Form(id: "f", save: .call("s")) { TextBox(name: "a") }.id(nil)"#),
        ("a web view has a source", #"_ = Web()"#),
        ("shade exists only for a slide-in panel", #"_ = Navigation.menu(.barButton(.right, icon: "plus", shade: 40)) { MenuHeader("x") }"#),
        ("columns have no justify", #"_ = Column("A", field: "a", align: .justify)"#),
        ("a column width is a percentage", #"_ = Column("A", field: "a", width: 50)"#),
        ("a column shows a field", #"_ = Column("A")"#),
        ("a disposition comes with the page id", #"_ = Screen { Label("a") }.cached(.permanent)"#),
        ("a text view has no align", #"_ = TextView(name: "n").align(.centre)"#),
        ("a table's data is a dynamic source", #"_ = Table(data: "rows")"#),
    ]

    /// The allowed counterparts, which must type-check in the same run.
    static let allowed = #"""
        _ = Form(id: "f", save: .call("saveCustomer")) { TextBox(name: "a") }
        _ = Form(cancel: .call("back")) { TextBox(name: "a") }
        _ = Screen { Navigation.menu { MenuHeader("x") }; Navigation.stub(id: "main"); Label("a") }
        _ = Select(name: "s", options: ["1": "One"])
        _ = Label("a").size(width: 5, centreX: 0).y(.centred)
        _ = Button("a", .call("f", navigation: .root))
        _ = Table(data: .dynamic("rows"), clickRow: .call("f", selected: "id")) { Column("A", field: "a", width: .percent(50)) }
        _ = Navigation.menu(.slideFrom(.left, shade: 40)) { MenuHeader("x") }
        _ = Screen { Label("a") }.cached(id: "p", .permanent)
        """#

    /// The folder holding the built `.swiftmodule` files, next to the test bundle.
    static var modules: URL? {
        var directory = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("XpediteBuilder.swiftmodule").path) {
                return candidate
            }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    /// `swiftc` next to the running toolchain, or on the `PATH`.
    static var compiler: URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("swiftc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    @Test("every refused shape fails to type-check; every allowed shape passes",
          .enabled(if: modules != nil && compiler != nil, "needs swiftc and the built modules"))
    func refusedShapes() async throws {
        let modules = try #require(Self.modules)
        let compiler = try #require(Self.compiler)
        var lines = ["import XpediteBuilder", "import XpediteProtocol"]
        var snippetLines: [Int] = []
        for (index, snippet) in Self.refused.enumerated() {
            lines.append("func refused\(index)() {")
            lines.append(snippet.code)
            snippetLines.append(lines.count)
            lines.append("}")
        }
        lines.append("func allowed() {")
        let allowedStart = lines.count + 1
        lines.append(Self.allowed)
        lines.append("}")

        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("xpedite-builder-shapes-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer {
            do {
                try FileManager.default.removeItem(at: directory)
            } catch {
                Issue.record("could not remove \(directory.path): \(error)")
            }
        }
        let source = directory.appendingPathComponent("Shapes.swift")
        try lines.joined(separator: "\n").write(to: source, atomically: true, encoding: .utf8)

        let typecheck = Command(compiler, arguments: ["-typecheck", "-swift-version", "6", "-I", modules.path, source.path])
        let output = try await typecheck.run().stderr

        #expect(!output.contains("no such module"), "\(output)")
        var errorLines: Set<Int> = []
        for line in output.split(separator: "\n") where line.contains(": error: ") && line.contains("Shapes.swift:") {
            let afterName = line.split(separator: ":").dropFirst().first
            if let afterName, let number = Int(afterName) { errorLines.insert(number) }
        }
        for (index, snippet) in Self.refused.enumerated() {
            #expect(errorLines.contains(snippetLines[index]), "compiled, but must not: \(snippet.rule): \(snippet.code)")
        }
        let allowedErrors = errorLines.filter { $0 >= allowedStart }
        #expect(allowedErrors.isEmpty, "allowed shapes failed:\n\(output)")
    }
}
#endif
