import Foundation
import Testing
import XpediteClient
import XpediteProtocol

/// Every action kind sends exactly the request JSON of
/// docs/protocol/packets.md#the-request-envelope, docs/protocol/menus.md#old-dialect-menus, in both
/// dialects.
@Suite("Action requests")
struct ActionRequestTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var screen: String
        var action: @Sendable (ScreenState) -> ClientAction?
        var expected: String
        var testDescription: String { name }
    }

    /// A server: the screen under test for `setConnection`, rows and menu records for data
    /// requests, a plain screen for everything else.
    static func server(_ screen: String) -> ScriptedTransport {
        ScriptedTransport { request in
            switch request["method"]?.stringValue {
            case "setConnection": return json(screen)
            case "rows":
                return json(#"{"rc":0,"data":[{"id":"c1","name":"Alice"},{"id":"c2","name":"Bob"}]}"#)
            case "menuItems":
                return json(#"{"rc":0,"data":[{"label":"Accounts","fn":"openAccounts"},{"label":"Orders","fn":"openOrders"}]}"#)
            case "webData": return json(#"{"rc":0,"data":"<p>Hello</p>"}"#)
            default: return json(#"{"rc":0,"token":"T1","components":[{"type":"label","text":"done"}]}"#)
            }
        }
    }

    static let form = #"""
        {"type":"form","id":"customer-form","save":{"function":"saveCustomer"},"cancel":{"function":"showCustomer"},
         "components":[{"type":"section","title":"Personal"},
                       {"type":"textbox","name":"firstname","value":"Alice"},
                       {"type":"checkbox","name":"active","value":"1"},
                       {"type":"date","name":"dob","value":"1990-06-15"},
                       {"type":"select","name":"country","options":{"NZ":"New Zealand","AU":"Australia"}},
                       {"type":"radio","name":"tier","options":{"a":"A","b":"B"}}]}
        """#

    static let cases: [Case] = [
        Case(name: "button press", screen: #"""
            {"rc":0,"token":"T1","version":1,"components":[{"type":"button","text":"Open","method":{"function":"viewCustomer","parameters":{"id":"123"}}}]}
            """#, action: { $0.action(tapping: "Open") },
             expected: #"{"method":"viewCustomer","parameters":{"id":"123"},"token":"T1"}"#),
        Case(name: "button press with formdata:true (docs/protocol/forms.md#the-shape-of-formdata)", screen: #"""
            {"rc":0,"token":"T1","version":1,"components":[\#(form),
              {"type":"textbox","name":"search","value":""},
              {"type":"button","text":"Go","method":{"function":"go","formdata":true}}]}
            """#, action: { $0.action(tapping: "Go") },
             expected: #"{"formdata":{"customer-form":{"active":"1","country":"AU","dob":"1990-06-15","firstname":"Alice","tier":""},"search":""},"method":"go","token":"T1"}"#),
        Case(name: "form save", screen: #"{"rc":0,"token":"T1","version":1,"components":[\#(form)]}"#,
             action: { _ in .save(form: [0]) },
             expected: #"{"formdata":{"customer-form":{"active":"1","country":"AU","dob":"1990-06-15","firstname":"Alice","tier":""}},"method":"saveCustomer","token":"T1"}"#),
        Case(name: "form cancel", screen: #"{"rc":0,"token":"T1","version":1,"components":[\#(form)]}"#,
             action: { $0.action(tapping: "Cancel") },
             expected: #"{"method":"showCustomer","token":"T1"}"#),
        Case(name: "old-dialect form save (string save, checkbox true)", screen: #"""
            {"rc":"0","token":"T1","version":"P1.213","components":[{"type":"form","id":"f","save":"saveIt","cancel":"back",
              "components":[{"type":"checkbox","name":"agree","value":true},{"type":"textbox","name":"who","value":7}]}]}
            """#, action: { $0.action(tapping: "Save") },
             expected: #"{"formdata":{"f":{"agree":"1","who":"7"}},"method":"saveIt","token":"T1"}"#),
        Case(name: "old-dialect form cancel sends the values", screen: #"""
            {"rc":"0","token":"T1","version":"P1.213","components":[{"type":"form","id":"f","save":"saveIt","cancel":"back",
              "components":[{"type":"checkbox","name":"agree","value":false}]}]}
            """#, action: { $0.action(tapping: "Cancel") },
             expected: #"{"formdata":{"f":{"agree":"0"}},"method":"back","token":"T1"}"#),
        Case(name: "table row with selected", screen: #"""
            {"rc":0,"token":"T1","version":1,"components":[{"type":"table","data":{"dynamic":"rows"},"cell":[{"field":"name"}],
              "clickRow":{"function":"viewCustomer","selected":"id"}}]}
            """#, action: { $0.action(tapping: "Bob") },
             expected: #"{"method":"viewCustomer","selected":"c2","token":"T1"}"#),
        Case(name: "table row with a missing selected field sends null", screen: #"""
            {"rc":0,"token":"T1","version":1,"components":[{"type":"table","data":{"dynamic":"rows"},"cell":[{"field":"name"}],
              "clickRow":{"function":"viewCustomer","selected":"customerNo"}}]}
            """#, action: { $0.action(tapping: "Alice") },
             expected: #"{"method":"viewCustomer","selected":null,"token":"T1"}"#),
        Case(name: "old-dialect clickRow sends the row index", screen: #"""
            {"rc":"0","token":"T1","version":1,"components":[{"type":"table","data":{"dynamic":"rows"},"cell":{"display":"name"},
              "clickRow":"selectCustomer"}]}
            """#, action: { $0.action(tapping: "Bob") },
             expected: #"{"method":"selectCustomer","row":1,"token":"T1"}"#),
        Case(name: "menu entry", screen: #"""
            {"rc":0,"token":"T1","version":1,"components":[{"type":"navigation","implementation":{"style":"slidefrom","position":"left"},
              "components":[{"type":"menuEntry","text":"Main"},{"type":"menuEntry","text":"Logout","method":{"function":"logout"}}]}]}
            """#, action: { $0.action(tapping: "Logout") },
             expected: #"{"method":"logout","token":"T1"}"#),
        Case(name: "single-entry bar button", screen: #"""
            {"rc":0,"token":"T1","version":1,"components":[{"type":"navigation","implementation":{"style":"button","position":"right","icon":"plus"},
              "components":[{"type":"menuEntry","method":{"function":"addCustomer","parameters":{"kind":"new"}}}]}]}
            """#, action: { _ in .barButton(navigation: [0]) },
             expected: #"{"method":"addCustomer","parameters":{"kind":"new"},"token":"T1"}"#),
        Case(name: "old navigation data entry", screen: #"""
            {"rc":"0","token":"T1","version":1,"components":[{"type":"navigation","slidefrom":"left","data":[{"text":"Help","method":"callHelp"}]}]}
            """#, action: { $0.action(tapping: "Help") },
             expected: #"{"method":"callHelp","token":"T1"}"#),
        Case(name: "old dynamic navigation entry (docs/protocol/menus.md#old-dialect-menus)", screen: #"""
            {"rc":"0","token":"T1","version":1,"components":[{"type":"navigation","slidefrom":"left","data":{"dynamic":"menuItems"},
              "cell":{"text":"label","method":"fn"}}]}
            """#, action: { $0.action(tapping: "Orders") },
             expected: #"{"method":"openOrders","token":"T1"}"#),
        Case(name: "old return key calls a method with the captured input", screen: #"""
            {"rc":"0","token":"T1","version":1,"components":[{"type":"textbox","name":"user","value":"bob","onEnter":"login"}]}
            """#, action: { _ in .returnKey(field: [0]) },
             expected: #"{"formdata":{"user":"bob"},"method":"login","token":"T1"}"#),
        Case(name: "table refresh", screen: #"""
            {"rc":0,"token":"T1","version":1,"components":[{"type":"table","data":{"dynamic":{"function":"rows","parameters":{"q":"A"}}},"refresh":"Pull"}]}
            """#, action: { _ in .refresh(table: [0]) },
             expected: #"{"limit":40,"method":"rows","offset":0,"parameters":{"q":"A"},"token":"T1"}"#),
    ]

    @Test(arguments: cases)
    func request(_ testCase: Case) async throws {
        let transport = Self.server(testCase.screen)
        let client = try XpediteClient(transport: transport, configuration: testConfiguration())
        await client.connect()
        await client.settle()
        let state = await client.state
        #expect(state.alerts.isEmpty, "\(state.alerts)")
        let action = try #require(testCase.action(state))
        await client.perform(action)
        #expect(transport.lastRequest == canonical(testCase.expected))
    }

    @Test func setConnectionIsExact() async throws {
        let transport = Self.server(#"{"rc":0,"token":"T1","version":1,"components":[]}"#)
        let client = try XpediteClient(transport: transport, configuration: testConfiguration())
        await client.connect()
        #expect(transport.requests == [canonical(#"""
            {"method":"setConnection","bundleID":"xpedite.software","uuid":"6F1C-TEST","bounds":"(0.0, 0.0, 393.0, 852.0)","xpediteVersion":1}
            """#)])
    }

    @Test func dataRequestsAreExact() async throws {
        let transport = Self.server(#"""
            {"rc":0,"token":"T1","version":1,"components":[{"type":"table","data":{"dynamic":"rows"}},
              {"type":"web","data":{"dynamic":"webData"}}]}
            """#)
        let client = try XpediteClient(transport: transport, configuration: testConfiguration())
        await client.connect()
        await client.settle()
        #expect(Array(transport.requests.dropFirst()) == [
            canonical(#"{"limit":40,"method":"rows","offset":0,"token":"T1"}"#),
            canonical(#"{"method":"webData","token":"T1"}"#),
        ])
        let state = await client.state
        #expect(state.webContent[[1]] == "<p>Hello</p>")
        #expect(state.tables[[0]]?.rows.count == 2)
        #expect(state.tables[[0]]?.hasMore == false)
    }

    @Test func returnKeyMovesFocusWithoutARequest() async throws {
        let transport = Self.server(#"""
            {"rc":0,"token":"T1","version":1,"components":[{"type":"textbox","name":"user","onEnter":"pwd","focus":true},
              {"type":"password","id":"pwd","name":"password"}]}
            """#)
        let client = try XpediteClient(transport: transport, configuration: testConfiguration())
        await client.connect()
        #expect(await client.state.focusedField == [0])
        await client.perform(.returnKey(field: [0]))
        #expect(await client.state.focusedField == [1])
        #expect(transport.requests.count == 1)
    }

    @Test func editedValuesAreSentAsSection64Says() async throws {
        let transport = Self.server(#"{"rc":0,"token":"T1","version":1,"components":[\#(Self.form)]}"#)
        let client = try XpediteClient(transport: transport, configuration: testConfiguration())
        await client.connect()
        let state = await client.state
        let firstname = try #require(state.field(named: "firstname", inForm: "customer-form"))
        let active = try #require(state.field(named: "active", inForm: "customer-form"))
        let tier = try #require(state.field(named: "tier", inForm: "customer-form"))
        await client.perform(.setValue(field: firstname, .text("")))
        await client.perform(.setValue(field: active, .checked(false)))
        await client.perform(.setValue(field: tier, .option("b")))
        await client.perform(.save(form: [0]))
        #expect(transport.lastRequest == canonical(#"""
            {"formdata":{"customer-form":{"active":"0","country":"AU","dob":"1990-06-15","firstname":"","tier":"b"}},"method":"saveCustomer","token":"T1"}
            """#))
    }

    @Test func aDateWithoutValueStartsToday() async throws {
        let transport = Self.server(#"{"rc":0,"token":"T1","version":1,"components":[{"type":"date","name":"day"}]}"#)
        let client = try XpediteClient(transport: transport, configuration: testConfiguration())
        await client.connect()
        // The test clock reads 2025-04-13T08:00:00Z.
        #expect(await client.state.values[[0]] == .date("2025-04-13"))
    }
}
