import Foundation
import Testing
import XpediteClient
@testable import XpediteSimulator

@Suite("Browser messages")
struct BrowserMessageTests {
    @Test(arguments: [
        (#"{"action":"press","path":"2.0"}"#, ClientAction.press(button: [2, 0])),
        (#"{"action":"save","path":"1"}"#, .save(form: [1])),
        (#"{"action":"cancel","path":"1"}"#, .cancel(form: [1])),
        (#"{"action":"return","path":"1.2"}"#, .returnKey(field: [1, 2])),
        (#"{"action":"row","path":"3","row":41}"#, .tapRow(table: [3], row: 41)),
        (#"{"action":"menu","path":"0","entry":2}"#, .menuEntry(navigation: [0], entry: 2)),
        (#"{"action":"bar","path":"0"}"#, .barButton(navigation: [0])),
        (#"{"action":"loadMore","path":"3"}"#, .loadMore(table: [3])),
        (#"{"action":"refresh","path":"3"}"#, .refresh(table: [3])),
        (#"{"action":"set","path":"1.0","kind":"text","text":"Ann"}"#, .setValue(field: [1, 0], .text("Ann"))),
        (#"{"action":"set","path":"1.1","kind":"checked","checked":true}"#, .setValue(field: [1, 1], .checked(true))),
        (#"{"action":"set","path":"1.2","kind":"date","text":"2026-02-03"}"#, .setValue(field: [1, 2], .date("2026-02-03"))),
        (#"{"action":"set","path":"1.3","kind":"options","options":["a","b"]}"#, .setValue(field: [1, 3], .options(["a", "b"]))),
        (#"{"action":"dismiss"}"#, .dismissAlerts),
    ])
    func mapsToEngineActions(_ json: String, _ expected: ClientAction) throws {
        let message = try JSONDecoder().decode(BrowserMessage.self, from: Data(json.utf8))
        #expect(message.clientAction == expected)
    }

    @Test(arguments: [
        #"{"action":"press","path":"-1"}"#, #"{"action":"press","path":"a.b"}"#, #"{"action":"press"}"#,
        #"{"action":"row","path":"1"}"#, #"{"action":"set","path":"1","kind":"unknown"}"#,
        #"{"action":"reconnect"}"#, #"{"action":"press","path":"1..2"}"#,
    ])
    func malformedOrToolMessagesAreNotActions(_ json: String) throws {
        let message = try JSONDecoder().decode(BrowserMessage.self, from: Data(json.utf8))
        #expect(message.clientAction == nil)
    }

    @Test(arguments: [("abc-DEF-123", "abc-DEF-123"), ("../etc", nil), ("", nil), (String(repeating: "a", count: 65), nil)] as [(String, String?)])
    func tabIDsAreSafeDirectoryNames(_ raw: String, _ kept: String?) {
        let id = Simulator.tabID(raw)
        if let kept { #expect(id == kept) } else { #expect(id != raw && UUID(uuidString: id) != nil) }
    }
}
