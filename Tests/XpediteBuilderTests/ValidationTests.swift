import Testing
import XpediteBuilder
import XpediteProtocol

/// `validated()` runs PacketValidator on every outgoing screen and refuses one with errors,
/// listing every issue with its JSON path.
@Suite("Validation")
struct ValidationTests {
    @Test("a duplicate component id is refused with the validator's exact issue line")
    func duplicateID() throws {
        let screen = Screen(title: "Customer") {
            Label("Name").id("name")
            Form(id: "customer", save: .call("saveCustomer")) {
                TextBox(name: "firstname").id("name")
            }
        }
        let error = #expect(throws: ScreenValidationError.self) { try screen.validated() }
        #expect(error?.description == #"$.components[1].components[0].id: duplicate component id "name"; first used at $.components[0]"#)
        #expect(error?.errors.map(\.code) == [.duplicateID])
        #expect(error?.issues.map(\.description) == [
            #"$.components[1].components[0].id: duplicate component id "name"; first used at $.components[0]"#,
        ])
        #expect(error?.warnings.isEmpty == true)
    }

    @Test("every error is listed, one line each, in document order")
    func severalErrors() throws {
        let screen = Screen {
            Form(id: "login", save: .call("login")) {
                TextBox(name: "user")
            }
            TextBox(name: "login")
            Label("A").id("x")
            Label("B").id("x")
            DateField(name: "due", value: "2025-02-30")
        }
        do {
            _ = try screen.validated()
            Issue.record("expected the screen to be refused")
        } catch {
            #expect(error.errors.map(\.code) == [.nameCollidesWithFormID, .duplicateID, .invalidDate])
            #expect(error.description.split(separator: "\n").count == 3)
            #expect(error.description.hasPrefix("$.components[1].name: "))
        }
    }

    @Test("warnings alone do not refuse a screen; validate() reports them")
    func warningsPass() throws {
        let screen = Screen {
            Button("A").size(width: .percent(60), height: 44)
            Button("B").size(x: .beside(gap: 10), width: .percent(60), height: 44)
        }
        #expect(try screen.validated() == screen.packet)
        let report = screen.validate()
        #expect(report.isValid)
        #expect(report.issues.map(\.code) == [.rowOverflow])
    }

    @Test("a setConnection reply needs version and token")
    func connectionReply() throws {
        let options = ValidationOptions(isConnectionReply: true)
        let bare = Screen { Label("Welcome") }
        let error = #expect(throws: ScreenValidationError.self) { try bare.validated(options: options) }
        #expect(error?.errors.map(\.code) == [.missingConnectionEntry, .missingConnectionEntry])
        let complete = bare.token("08829e57-56ec-42a8-8b84-061981c054c8").version("P1.213")
        #expect(try complete.validated(options: options) == complete.packet)
    }

    @Test("values types cannot check are checked: expiry seconds, dates, unknown option values")
    func valueRules() throws {
        #expect(throws: ScreenValidationError.self) {
            try Screen { Label("a") }.cached(id: "page", .expiry(seconds: 0)).validated()
        }
        #expect(throws: ScreenValidationError.self) {
            try Screen { DateField(name: "d", year: 2025, month: 13, day: 1) }.validated()
        }
        let unknownOption = Screen { Select(name: "s", options: ["a": "A"], value: "b") }
        #expect(unknownOption.validate().issues.map(\.code) == [.unknownOption])
    }

    @Test("a wire value mixed in is checked like the rest")
    func wireValues() throws {
        let screen = Screen {
            Component.menuEntry(.init(text: "Stray"))
            Component.form(.init(save: .init(function: "save")))
        }
        let error = #expect(throws: ScreenValidationError.self) { try screen.validated() }
        #expect(error?.errors.map(\.code) == [.menuEntryOutsideNavigation, .formSaveWithoutID])
    }

    @Test("a packet built elsewhere can be validated too")
    func packets() throws {
        let packet = ResponsePacket(id: nil, disposition: .permanent, components: [])
        let error = #expect(throws: ScreenValidationError.self) { try packet.validated() }
        #expect(error?.description == #"$.disposition: disposition requires a page "id" (the cache key)"#)
    }
}
