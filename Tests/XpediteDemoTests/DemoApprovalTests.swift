import Foundation
import HummingbirdTesting
import Testing
@testable import XpediteDemo
import XpediteNotify
import XpediteServer
import XpediteTestFixtures

/// The demo's real task: a credit limit above the threshold waits for the demo account's answer to
/// an approval payload (XpediteNotify), through the notification API's device routes.
@Suite struct DemoApprovalTests {
    /// The customer the tests edit, and its seeded limit (at most €20,000).
    static let customerID = 7
    static let seededLimit = CustomerGenerator().customer(id: customerID).creditLimit

    /// Saves customer 7 with `limit`.
    static func save(limit: Int, _ client: any TestClientProtocol, _ token: String) async throws -> JSONValue {
        try await client.call("saveCustomer", token, [
            "parameters": ["id": .number(Double(customerID))],
            "formdata": ["customer": DemoCustomerEditTests.form(["creditLimit": .string(String(limit))])],
        ])
    }

    /// The "Score … · credit limit €…" line of customer 7's detail screen.
    static func limitLine(_ client: any TestClientProtocol, _ token: String) async throws -> String? {
        try await client.call("viewCustomer", token, ["selected": .number(Double(customerID))])
            .component(id: "score")?["text"]?.stringValue
    }

    static func limitText(_ limit: Int) -> String {
        "Score \(CustomerGenerator().customer(id: customerID).score) · credit limit €\(Numbers.grouped(limit))"
    }

    /// Polls customer 7's detail screen until `done` holds of it (the listener applies answers
    /// asynchronously); the last screen.
    static func poll(_ client: any TestClientProtocol, _ token: String, until done: (JSONValue) -> Bool) async throws
        -> JSONValue {
        var screen = JSONValue.null
        for _ in 0..<200 {
            screen = try await client.call("viewCustomer", token, ["selected": .number(Double(customerID))])
            if done(screen) { return screen }
            try await Task.sleep(for: .milliseconds(25))
        }
        return screen
    }

    /// Saves 75,000 and returns the approval message's id from the demo account's inbox.
    static func requestApproval(_ client: any TestClientProtocol, _ token: String, device: String,
                                notify: NotifyTestClient) async throws -> String {
        let saved = try await save(limit: 75_000, client, token)
        #expect(saved["rc"] == "A credit limit of €75,000 needs approval: the request was sent to demo@xpedite.dev.")
        #expect(saved.component(id: "notice")?["text"] == "Saved.")
        #expect(saved.component(id: "score")?["text"] == .string(limitText(seededLimit)))
        #expect(saved.component(id: "credit-change")?["text"]
                == "Credit limit €75,000 pending approval, asked by demo@xpedite.dev")
        let inbox = try await notify.inbox(device)
        #expect(inbox.count == 1)
        let message = try #require(inbox.first)
        #expect(message["title"] == "Approve a credit limit for Ada Lovelace")
        #expect(message["body"] == .string("€\(Numbers.grouped(seededLimit)) → €75,000"))
        #expect(message["responseTopic"] == "/demo/credit-approvals")
        return try #require(message["messageId"]?.stringValue)
    }

    @Test(arguments: DemoStoreKind.tested)
    func approvingAppliesTheNewLimitOnce(_ kind: DemoStoreKind) async throws {
        try await withDemo(on: kind) { client in
            let notify = NotifyTestClient(client: client)
            let token = try await client.signedIn()
            let device = try await notify.login()
            let messageId = try await Self.requestApproval(client, token, device: device, notify: notify)

            // The payload: a summary, the reason droplist, Approve = 1 and Reject = 2.
            let message = try await notify.call(.get, "/device/messages/\(messageId)", token: device)
            #expect(message.status == .ok)
            let fields = message.json["payload"]?["fields"]?.arrayValue ?? []
            #expect(fields.compactMap { $0["type"]?.stringValue } == ["text", "text", "droplist", "footerButton", "footerButton"])
            #expect(fields.filter { $0["type"] == "footerButton" }.map { [$0["buttonLabel"], $0["value"]] }
                    == [["Approve", 1], ["Reject", 2]])
            #expect(fields[1]["label"]?.stringValue?.contains("From €\(Numbers.grouped(Self.seededLimit)) to €75,000") == true)
            #expect(message.json["payload"]?["state"]?["creditLimit"] == 75_000)
            // Not applied before the answer; an edit that leaves the limit as it is keeps the change pending.
            #expect(try await Self.limitLine(client, token) == Self.limitText(Self.seededLimit))
            let unchanged = try await Self.save(limit: Self.seededLimit, client, token)
            #expect(unchanged["rc"] == 0)
            #expect(unchanged.component(id: "credit-change")?["text"]
                    == "Credit limit €75,000 pending approval, asked by demo@xpedite.dev")

            let responseId = UUID().uuidString
            let answer = try await notify.answer(messageId, token: device, submitValue: 1, responseId: responseId,
                                                 values: ["reason": "Payment history checked"])
            #expect(answer.status == .created)
            let applied = try await Self.poll(client, token) { $0.component(id: "score")?["text"] == .string(Self.limitText(75_000)) }
            #expect(applied.component(id: "score")?["text"] == .string(Self.limitText(75_000)))
            #expect(applied.component(id: "credit-change")?["text"]
                    == "Credit limit €75,000 approved by demo@xpedite.dev (Payment history checked)")
            #expect(try await notify.inbox(device).isEmpty)

            // The same responseId again publishes nothing; a limit lowered since stays lowered, and
            // the approval is no longer shown.
            let lowered = try await Self.save(limit: 1_000, client, token)
            #expect(lowered["rc"] == 0)
            #expect(lowered.component(id: "credit-change") == nil)
            #expect(try await notify.answer(messageId, token: device, submitValue: 1, responseId: responseId).status == .ok)
            #expect(try await notify.answer(messageId, token: device, submitValue: 1).status == .conflict)
            try await Task.sleep(for: .milliseconds(100))
            #expect(try await Self.limitLine(client, token) == Self.limitText(1_000))
        }
    }

    @Test func rejectingKeepsTheLimit() async throws {
        try await withDemo { client in
            let notify = NotifyTestClient(client: client)
            let token = try await client.signedIn()
            let device = try await notify.login()
            let messageId = try await Self.requestApproval(client, token, device: device, notify: notify)
            #expect(try await notify.answer(messageId, token: device, submitValue: 2,
                                            values: ["reason": "Too risky"]).status == .created)
            let screen = try await Self.poll(client, token) { $0.component(id: "credit-change")?["text"]?.stringValue?.contains("rejected") == true }
            #expect(screen.component(id: "credit-change")?["text"] == "Credit limit €75,000 rejected by demo@xpedite.dev (Too risky)")
            #expect(screen.component(id: "score")?["text"] == .string(Self.limitText(Self.seededLimit)))
        }
    }

    @Test(arguments: [40_000, 50_000])
    func aLimitUpToTheThresholdIsAppliedAtOnce(limit: Int) async throws {
        try await withDemo { client in
            let notify = NotifyTestClient(client: client)
            let token = try await client.signedIn()
            let saved = try await Self.save(limit: limit, client, token)
            #expect(saved["rc"] == 0)
            #expect(saved.component(id: "score")?["text"] == .string(Self.limitText(limit)))
            #expect(saved.component(id: "credit-change") == nil)
            #expect(try await notify.inbox(try await notify.login()).isEmpty)
        }
    }

    @Test func aNewCustomerAboveTheThresholdStartsAtZeroAndWaits() async throws {
        try await withDemo { client in
            let notify = NotifyTestClient(client: client)
            let token = try await client.signedIn()
            let added = try await client.call("createCustomer", token, [
                "formdata": ["customer": DemoCustomerEditTests.form(["creditLimit": "90000"])],
            ])
            #expect(added["rc"] == "A credit limit of €90,000 needs approval: the request was sent to demo@xpedite.dev.")
            #expect(added.component(id: "score")?["text"]?.stringValue?.hasSuffix("credit limit €0") == true)
            #expect(try await notify.inbox(try await notify.login()).count == 1)
        }
    }

    @Test func anApprovalThatCannotBeSentLeavesTheLimitAndNothingPending() async throws {
        try await withDemo(configure: { $0.approver = "nobody@example.com" }) { client in
            let token = try await client.signedIn()
            let saved = try await Self.save(limit: 75_000, client, token)
            #expect(saved["rc"] == .string(
                "The approval request could not be sent, so the credit limit stays €\(Numbers.grouped(Self.seededLimit))."))
            #expect(saved.component(id: "credit-change") == nil)
            #expect(saved.component(id: "name")?["text"] == "Ada Lovelace")  // the rest of the edit is saved
            let detail = try await client.call("viewCustomer", token, ["selected": .number(Double(Self.customerID))])
            #expect(detail.component(id: "credit-change") == nil)
            #expect(detail.component(id: "score")?["text"] == .string(Self.limitText(Self.seededLimit)))
        }
    }

    @Test func anotherUserCannotAnswerTheDemoAccountsMessage() async throws {
        try await withDemo { client in
            let notify = NotifyTestClient(client: client)
            let token = try await client.signedIn()
            let device = try await notify.login()
            let messageId = try await Self.requestApproval(client, token, device: device, notify: notify)
            let created = try await notify.call(.put, "/users/joe@example.com", token: testAPIKey, body: ["password": "secret"])
            #expect(created.status == .ok)
            let joe = try await notify.login("joe@example.com", password: "secret")
            #expect(try await notify.inbox(joe).isEmpty)
            #expect(try await notify.call(.get, "/device/messages/\(messageId)", token: joe).status == .notFound)
            let answer = try await notify.answer(messageId, token: joe, submitValue: 1)
            #expect(answer.status == .notFound)
            #expect(answer.json["error"]?["code"] != nil)
            // Still pending, and the demo account can still answer.
            #expect(try await Self.limitLine(client, token) == Self.limitText(Self.seededLimit))
            #expect(try await notify.inbox(device).count == 1)
        }
    }

    @Test func aSecondChangeSupersedesThePendingOne() async throws {
        try await withDemo { client in
            let notify = NotifyTestClient(client: client)
            let token = try await client.signedIn()
            let device = try await notify.login()
            let first = try await Self.requestApproval(client, token, device: device, notify: notify)
            let again = try await Self.save(limit: 60_000, client, token)
            #expect(again.component(id: "credit-change")?["text"] == "Credit limit €60,000 pending approval, asked by demo@xpedite.dev")
            let second = try #require(try await notify.inbox(device).first?["messageId"]?.stringValue)
            #expect(second != first)
            // Approving the superseded request changes nothing; approving the new one applies 60,000.
            #expect(try await notify.answer(first, token: device, submitValue: 1).status == .created)
            #expect(try await notify.answer(second, token: device, submitValue: 1).status == .created)
            let screen = try await Self.poll(client, token) { $0.component(id: "score")?["text"] == .string(Self.limitText(60_000)) }
            #expect(screen.component(id: "score")?["text"] == .string(Self.limitText(60_000)))
        }
    }

    @Test(arguments: DemoStoreKind.tested)
    func answersGivenWhileTheDemoWasStoppedAreAppliedAtStartOnce(_ kind: DemoStoreKind) async throws {
        try await kind.withConfiguration { configuration in
            try await Self.answersGivenWhileTheDemoWasStoppedAreAppliedAtStartOnce(configuration)
        }
    }

    static func answersGivenWhileTheDemoWasStoppedAreAppliedAtStartOnce(_ configuration: DemoConfiguration) async throws {
        let first = try await DemoServer.open(configuration)
        let messageId = try await first.makeApplication().test(.router) { client in
            let notify = NotifyTestClient(client: client)
            let token = try await client.signedIn()
            return try await Self.requestApproval(client, token, device: try await notify.login(), notify: notify)
        }
        // Answered through the notifier while no listener runs (the application is stopped).
        let login = try #require(try await first.notifier.people.login(username: DemoAccount.username, password: DemoAccount.password,
                                                              deviceId: "offline", deviceName: "Phone", platform: "ios"))
        let answer = try await first.notifier.submitResponse(
            ["responseId": "r-1", "messageId": .string(messageId), "submitValue": 1, "values": [:]], from: login.device)
        #expect(answer.isNew)
        try first.close()

        let second = try await DemoServer.open(configuration)
        try await second.makeApplication().test(.router) { client in
            let token = try await client.signedIn()
            let screen = try await Self.poll(client, token) { $0.component(id: "score")?["text"] == .string(Self.limitText(75_000)) }
            #expect(screen.component(id: "score")?["text"] == .string(Self.limitText(75_000)))
            #expect(try await Self.save(limit: 2_000, client, token)["rc"] == 0)
        }
        try second.close()

        // A third start does not apply the answer again.
        let third = try await DemoServer.open(configuration)
        try await third.makeApplication().test(.router) { client in
            let token = try await client.signedIn()
            try await Task.sleep(for: .milliseconds(100))
            #expect(try await Self.limitLine(client, token) == Self.limitText(2_000))
        }
        #expect(try await third.store.cursor(topic: CreditApprovalPayload.topic) > 0)
        try third.close()
    }

    @Test func theSignInUsesTheNotificationUsers() async throws {
        try await withDemo { client in
            let notify = NotifyTestClient(client: client)
            let users = try await notify.call(.get, "/users", token: testAPIKey)
            #expect(users.status == .ok)
            #expect(users.json["users"]?.arrayValue?.map { $0["username"] } == ["demo@xpedite.dev"])
            #expect(try await notify.call(.get, "/users", token: "wrong").status == .unauthorized)
            let created = try await notify.call(.put, "/users/Ann@Example.com", token: testAPIKey,
                                                body: ["password": "pw-ann", "displayName": "Ann"])
            #expect(created.status == .ok)
            let (_, token) = try await client.connect()
            #expect(try await client.signIn(token, email: "Ann@Example.com", password: "pw-ann")["title"] == "Customers")
            #expect(try await client.call("dashboard", token).component(id: "greeting")?["text"] == "Hello, Ann")
            let (_, other) = try await client.connect()
            #expect(try await client.signIn(other, email: "ann@example.com", password: "pw-ann")["rc"]
                    == "Wrong email or password.")
        }
    }

    @Test func theAPIKeyIsGeneratedOnceKeptPrivateAndSurvivesAReset() async throws {
        let directory = try TemporaryDirectory("xpedite-demo")
        var configuration = demoConfiguration(directory: directory.url, customers: 10)
        configuration.apiKey = nil
        let first = try await DemoServer.open(configuration)
        #expect(first.apiKey.source == .generated)
        #expect(first.apiKey.value.hasPrefix("xak_") && first.apiKey.value.count == 68)
        let file = directory.url.appendingPathComponent(DemoAPIKey.fileName).path
        let permissions = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        let key = first.apiKey.value
        try await first.makeApplication().test(.router) { client in
            let notify = NotifyTestClient(client: client)
            let listed = try await notify.call(.get, "/users", token: key)
            #expect(listed.status == .ok)
            let created = try await notify.call(.put, "/users/joe", token: key, body: ["password": "pw"])
            #expect(created.status == .ok)
        }
        try first.close()

        // A reset clears the notification data (joe) but keeps the key; the demo account is back.
        configuration.reset = true
        let second = try await DemoServer.open(configuration)
        #expect(second.apiKey == DemoAPIKey(value: first.apiKey.value, source: .file))
        #expect(try await second.notifier.people.users().map(\.username) == [DemoAccount.username])
        try second.close()

        configuration.apiKey = "given"
        let third = try await DemoServer.open(configuration)
        #expect(third.apiKey == DemoAPIKey(value: "given", source: .given))
        try third.close()
        #expect(DemoAPIKey.generate() != DemoAPIKey.generate())
    }
}
