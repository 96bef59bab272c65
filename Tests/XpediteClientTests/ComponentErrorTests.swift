import Foundation
import Testing
import XpediteClient
import XpediteProtocol
import XpediteTestFixtures

/// Component errors (docs/protocol/components/README.md#keys-every-component-has): a debug client
/// shows one alert listing every problem of a screen — the components it skipped or repaired, the
/// navigation stubs it left out — and a release client shows none.
@Suite("Component errors")
struct ComponentErrorTests {
    static let broken = #"""
        {"rc":0,"version":1,"token":"T","components":[
          {"type":"form","id":"f","save":{"function":"save"},"components":[
            {"type":"textbox","title":"First name","placeholder":"Enter name"},
            {"type":"textbox","name":"last","title":"Last name"}]},
          {"type":"label","text":"Overdue","color":"#12345"},
          {"type":"navigation","id":"main-menu"}]}
        """#

    func client(answer: String, reports: Bool) throws -> XpediteClient {
        var configuration = testConfiguration()
        configuration.reportsComponentErrors = reports
        return try XpediteClient(transport: ScriptedTransport { _ in json(answer) }, configuration: configuration)
    }

    @Test func aDebugClientShowsOneAlertListingEveryProblemOfTheScreen() async throws {
        let client = try client(answer: Self.broken, reports: true)
        await client.connect()
        let state = await client.state
        #expect(state.alerts.count == 1)
        let alert = try #require(state.alerts.first)
        #expect(alert.kind == .componentErrors)
        #expect(alert.message == """
            This screen has 3 problems:
            $.components[0].components[0]: textbox requires "name" (not drawn)
            $.components[1].color: expected a colour "#RRGGBB", got "#12345" (ignored)
            navigation 'main-menu': no cached definition for this stub; the menu is left out
            """)
        // The rest of the screen is drawn.
        #expect(state.labelTexts == ["Overdue"])
        #expect(state.component(at: [0, 0])?.type == "textbox")
    }

    @Test func aReleaseClientShowsNoAlertAndKeepsTheIssues() async throws {
        let client = try client(answer: Self.broken, reports: false)
        await client.connect()
        let state = await client.state
        #expect(state.alerts.isEmpty)
        #expect(state.issues.contains { $0.description == #"$.components[0].components[0]: textbox requires "name""# })
    }

    @Test func aScreenWithoutErrorsHasNoAlertAndWarningsAreNoErrors() async throws {
        let client = try client(answer: #"""
            {"rc":0,"version":1,"token":"T","components":[{"type":"label","text":"Hi","colour":"#0A0"}]}
            """#, reports: true)
        await client.connect()
        let state = await client.state
        #expect(state.alerts.isEmpty)
        #expect(!state.issues.isEmpty, "the old-dialect key and the short colour are warnings")
    }

    @Test func theAlertComesAfterAnRcMessageAndIsDismissedWithIt() async throws {
        let client = try client(answer: #"""
            {"rc":"Saved with problems","version":1,"token":"T","background":"red",
             "components":[{"type":"checkbox","title":"Active"},{"type":"label","text":"Check the form"}]}
            """#, reports: true)
        await client.connect()
        let state = await client.state
        #expect(state.alerts.map(\.message) == ["Saved with problems",
                                                "This screen has 1 problem:\n$.components[0]: checkbox requires \"name\" (not drawn)"])
        await client.perform(.dismissAlerts)
        #expect(await client.state.alerts.isEmpty)
    }

    @Test func theAnswersOwnEntriesAreNoComponentErrors() async throws {
        let client = try client(answer: #"{"rc":0,"background":"red","components":[{"type":"label","text":"Hi"}]}"#, reports: true)
        await client.connect()
        let state = await client.state
        #expect(state.alerts.isEmpty, "a missing token and version, a bad window colour: issues, not component errors")
        #expect(state.issues.contains { $0.path.description == "$.background" })
    }
}
