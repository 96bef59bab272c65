import Foundation
import Testing
import XpediteNotify
import XpediteProtocol
import XpediteNotifyTestSupport

/// The Swift API for backend code (the source document's procedures) and pushes.
@Suite struct NotifierAPITests {
    /// The source document's favourite-colour payload.
    static var colour: Payload {
        get throws { try Payload(validating: SamplePayloads.colour) }
    }

    @Test(arguments: StoreKind.tested)
    func sendPayloadRecordsOneDeliveryPerDevice(_ store: StoreKind) async throws {
        let colour = try Self.colour
        try await store.withHarness { harness in
            let notifier = harness.notifier
            try await notifier.people.putUser("joe", password: "pw", groups: ["field"])
            try await notifier.people.putUser("ann", password: "pw", groups: ["field"])
            _ = try await notifier.people.login(username: "joe", password: "pw", deviceId: "phone", deviceName: "P", platform: "ios")
            _ = try await notifier.people.login(username: "joe", password: "pw", deviceId: "tablet", deviceName: "T", platform: "android")
            let sent = try await notifier.sendPayload(colour, title: "Colour", body: "Pick", to: .groups(["field"]))
            #expect(sent.recipients == ["ann", "joe"])
            #expect(sent.deliveries == 2)
            #expect(harness.pushes.records.isEmpty)    // committed, not pushed: the engines push
            let message = try await harness.withDeliveryEngines { try await harness.settledMessage(sent.messageId) }
            #expect(message.deliveries.map(\.state) == [.delivered, .delivered])
            #expect(message.deliveries.map(\.attempts) == [1, 1])
            #expect(harness.pushes.records.map(\.device.deviceId).sorted() == ["phone", "tablet"])
            #expect(harness.pushes.records.allSatisfy { $0.push.payload == nil && $0.push.messageId == sent.messageId })
        }
    }

    @Test(arguments: StoreKind.tested)
    func aDirectPushCarriesThePayloadOnlyWhenItFits(_ store: StoreKind) async throws {
        let colour = try Self.colour
        let small = TestPushProvider(name: "small", maximumPushSize: 120)
        try await store.withHarness(configure: { $0.pushProviders["android"] = small }) { harness in
            let notifier = harness.notifier
            try await notifier.people.putUser("joe", password: "pw")
            _ = try await notifier.people.login(username: "joe", password: "pw", deviceId: "ios-1", deviceName: "P", platform: "ios")
            _ = try await notifier.people.login(username: "joe", password: "pw", deviceId: "android-1", deviceName: "A", platform: "android")
            let sent = try await notifier.sendPayload(colour, title: "Colour", body: "Pick", to: .users(["joe"]), direct: true)
            _ = try await harness.withDeliveryEngines { try await harness.settledMessage(sent.messageId) }
            #expect(harness.pushes.records.first?.push.payload == colour)     // 2 KB: fits
            #expect(small.records.first?.push.payload == nil)                      // 120 bytes: does not
            #expect(small.records.first?.push.messageId == sent.messageId)
            let message = try #require(try await notifier.message(sent.messageId))
            #expect(Set(message.deliveries.map(\.provider)) == ["test", "small"])
        }
    }

    @Test(arguments: StoreKind.tested)
    func aFailingProviderIsRecordedAndTheInboxStillHasTheMessage(_ store: StoreKind) async throws {
        let colour = try Self.colour
        try await store.withHarness { harness in
            let notifier = harness.notifier
            try await notifier.people.putUser("joe", password: "pw")
            let login = try #require(try await notifier.people.login(username: "joe", password: "pw", deviceId: "d", deviceName: "P", platform: "web"))
            harness.pushes.setFailing(true)
            let sent = try await notifier.sendPayload(colour, title: "T", body: "B", to: .all)
            let message = try await harness.withDeliveryEngines { try await harness.settledMessage(sent.messageId) }
            #expect(message.deliveries.first?.state == .failed)
            #expect(message.deliveries.first?.lastError != nil)
            #expect(try await notifier.inbox(of: login.device).map(\.messageId) == [sent.messageId])
        }
    }

    @Test(arguments: StoreKind.tested)
    func validationErrorsAreThrownWithTheirIssues(_ store: StoreKind) async throws {
        let colour = try Self.colour
        try await store.withHarness { harness in
            try await harness.notifier.people.putUser("joe", password: "pw")
            let broken = Payload(responseTopic: "not a topic", fields: [])
            do {
                try await harness.notifier.sendPayload(broken, title: "T", body: "B", to: .users(["joe"]))
                Issue.record("expected a validation error")
            } catch let error as NotifyError {
                #expect(error.status == .unprocessableContent)
                #expect(error.issues.map(\.path.description) == ["$.responseTopic"])
            }
            await #expect(throws: NotifyError.self) {
                try await harness.notifier.sendPayload(colour, title: "T", body: "B", to: .users(["nobody"]))
            }
        }
    }

    @Test(arguments: StoreKind.tested)
    func namedPayloadsAreSavedLoadedModifiedAndSent(_ store: StoreKind) async throws {
        let colour = try Self.colour
        try await store.withHarness { harness in
            let notifier = harness.notifier
            try await notifier.people.putUser("joe", password: "pw")
            try await notifier.savePayload(colour, named: "colour")
            #expect(try await notifier.payload(named: "colour") == colour)
            try await notifier.modifyPayload(named: "colour") { payload in
                guard case .droplist(var choice)? = payload.fields?.first else { return }
                choice.label = "Pick a colour"
                payload.fields = [.droplist(choice)]
            }
            guard case .droplist(let modified)? = try await notifier.payload(named: "colour")?.fields?.first else {
                Issue.record("the modified payload lost its droplist")
                return
            }
            #expect(modified.label == "Pick a colour")
            let sent = try await notifier.sendPayload(Payload(responseTopic: "/n", payloadName: "colour"), title: "T", body: "B",
                                                      to: .users(["joe"]))
            let message = try #require(try await notifier.message(sent.messageId))
            #expect(message.payload.fields?.count == 1)
            #expect(message.payload.payloadName == nil)
            #expect(try await notifier.deletePayload(named: "colour"))
            await #expect(throws: NotifyError.self) {
                try await notifier.sendPayload(Payload(responseTopic: "/n", payloadName: "colour"), title: "T", body: "B", to: .all)
            }
        }
    }

    @Test(arguments: StoreKind.tested)
    func startRequestsAreValidatedLikePayloads(_ store: StoreKind) async throws {
        let colour = try Self.colour
        try await store.withHarness { harness in
            let notifier = harness.notifier
            await #expect(throws: NotifyError.self) {
                try await notifier.saveRequest(StartRequest(name: "r", title: "T", body: "B", payload: Payload(responseTopic: "x", fields: [])))
            }
            try await notifier.saveRequest(StartRequest(name: "r", title: "T", body: "B", payload: colour))
            #expect(try await notifier.requests().map(\.name) == ["r"])
            #expect(try await notifier.deleteRequest(named: "r"))
            #expect(try await notifier.request(named: "r") == nil)
        }
    }

    @Test(arguments: StoreKind.tested)
    func theUserDirectoryAuthenticates(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            let notifier = harness.notifier
            let user = try await notifier.people.putUser("joe@example.com", password: "pw", displayName: "Joe")
            #expect(user.displayName == "Joe")
            #expect(try await notifier.people.authenticate(username: "joe@example.com", password: "pw")?.displayName == "Joe")
            #expect(try await notifier.people.authenticate(username: "joe@example.com", password: "nope") == nil)
            await #expect(throws: NotifyError.self) { try await notifier.people.putUser(String(repeating: "x", count: 257), password: "pw") }
            await #expect(throws: NotifyError.self) { try await notifier.people.putUser("ann", password: "") }
        }
    }

    @Test(arguments: StoreKind.tested)
    func inProcessSubscribersGetTheResponsesOfTheirTopicOnly(_ store: StoreKind) async throws {
        let colour = try Self.colour
        try await store.withHarness { harness in
            let notifier = harness.notifier
            try await notifier.people.putUser("joe", password: "pw")
            let login = try #require(try await notifier.people.login(username: "joe", password: "pw", deviceId: "d", deviceName: "P", platform: "ios"))
            let colours = notifier.responses(on: "/a/b/c")
            let other = Payload(responseTopic: "/elsewhere", fields: colour.fields)
            let first = try await notifier.sendPayload(other, title: "T", body: "B", to: .all)
            let second = try await notifier.sendPayload(colour, title: "T", body: "B", to: .all)
            _ = try await notifier.submitResponse(["responseId": "x1", "messageId": .string(first.messageId), "submitValue": 0,
                                                   "values": [:]], from: login.device)
            _ = try await notifier.submitResponse(["responseId": "x2", "messageId": .string(second.messageId), "submitValue": 0,
                                                   "values": ["simpleDropList": "Red"]], from: login.device)
            var iterator = colours.makeAsyncIterator()
            let response = try #require(try await iterator.next())
            #expect(response.responseId == "x2")
            #expect(response.values == ["simpleDropList": "Red"])
            #expect(response.username == "joe")
        }
    }
}
