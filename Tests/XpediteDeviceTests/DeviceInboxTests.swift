import Foundation
import Testing
import XpediteClient
import XpediteProtocol
import XpediteNotifyTestSupport

/// Inbox, message, start requests, answering, uploads: the loop of
/// docs/notify.md#the-loop-in-one-example from the device.
@Suite struct DeviceInboxTests {
    @Test func theDeviceListsShowsAndAnswersTheColourPayload() async throws {
        let harness = try DeviceHarness()
        try await harness.run { backend in
            try await backend.user("joe")
            let messageId = try await backend.send(to: ["joe"])
            let device = try await backend.device()
            try await device.signIn(username: "joe", password: "secret")

            let inbox = try await device.inbox()
            #expect(inbox.map(\.messageId) == [messageId])
            #expect(inbox.first?.title == "Colour" && inbox.first?.responseTopic == "/a/b/c")

            let message = try await device.message(messageId)
            #expect(message.payload.fields?.first?.id == "simpleDropList")
            var form = message.form()
            #expect(form.value("simpleDropList") == "Blue")      // the default (docs/notify.md#optional-and-default)
            try form.set("simpleDropList", text: "Green")

            guard case .published(let response) = try await device.submit(form) else {
                Issue.record("the answer was queued")
                return
            }
            #expect(response["values"] == ["simpleDropList": "Green"])
            #expect(response["username"] == "joe")
            #expect(response["deviceId"] == .string(await device.deviceId))
            #expect(response["deviceName"] == "Test phone")
            #expect(response["state"] == ["myStateData": 123])
            #expect(response["messageId"] == .string(messageId))
            let responseId = try #require(response["responseId"]?.stringValue)
            #expect(UUID(uuidString: responseId) != nil)

            #expect(try await device.inbox().isEmpty)
            #expect(try await backend.responses() == [response])
            // Answering again is the server's 409.
            let again = await #expect(throws: DeviceError.self) { try await device.submit(form) }
            #expect(again?.status == 409)
            #expect(again?.code == "already_answered")
        }
    }

    @Test func aStartRequestIsListedOpenedAndAnswered() async throws {
        let harness = try DeviceHarness()
        try await harness.run { backend in
            try await backend.user("joe")
            let put = try await backend.call(.put, "/requests/report", [
                "title": "Report", "body": "A damage report", "responseTopic": "/reports",
                "fields": [["id": "severity", "type": "inputInteger", "minValue": 1, "maxValue": 5],
                           ["id": "seen", "type": "date", "optional": true],
                           ["type": "footerButton", "buttonLabel": "Send", "value": 7]],
            ])
            #expect(put.status == 200)
            let device = try await backend.device()
            try await device.signIn(username: "joe", password: "secret")
            let requests = try await device.startRequests()
            #expect(requests == [StartRequestEntry(name: "report", title: "Report", body: "A damage report", responseTopic: "/reports")])

            let request = try await device.startRequest("report")
            var form = request.form()
            #expect(form.submitValues == [7])
            try form.set("severity", text: "4")
            guard case .published(let response) = try await device.submit(form, submitValue: 7) else {
                Issue.record("the answer was queued")
                return
            }
            #expect(response["request"] == "report")
            #expect(response["values"] == ["severity": 4, "seen": nil])
            #expect(response["submitValue"] == 7)
            #expect(try await backend.responses(on: "/reports").count == 1)
        }
    }

    @Test func aPhotoIsUploadedAndItsNameAnswersTheCameraField() async throws {
        let harness = try DeviceHarness()
        try await harness.run { backend in
            let (device, _, _, fetched) = try await backend.joesDeviceWithAMessage(payload: SamplePayloads.photo)
            var form = fetched
            let name = try await device.attach(SampleDocuments.jpegData, to: "photo", in: &form)
            #expect(name.hasPrefix("rcs/image/") && name.hasSuffix(".jpg"))
            #expect(form.value("photo") == .string(name))
            #expect(try await device.document(name) == SampleDocuments.jpegData)
            let notMedia = await #expect(throws: DeviceError.self) { try await device.attach(SampleDocuments.jpegData, to: "nope", in: &form) }
            #expect(notMedia?.issues.first?.path.description == "$.values.nope")
            guard case .published(let response) = try await device.submit(form) else {
                Issue.record("the answer was queued")
                return
            }
            #expect(response["values"] == ["photo": .string(name)])

            // Bytes that are not a JPEG are the server's 422.
            let refused = await #expect(throws: DeviceError.self) { try await device.upload(Data("not a photo".utf8), kind: .image) }
            #expect(refused?.status == 422)
        }
    }

    @Test func aDocumentNameTheUserNeverUploadedIsRefusedByTheServer() async throws {
        let harness = try DeviceHarness()
        try await harness.run { backend in
            let (device, _, _, fetched) = try await backend.joesDeviceWithAMessage(payload: SamplePayloads.photo)
            var form = fetched
            try form.set("photo", .string("rcs/image/someone-elses.jpg"))    // of the right form: the device cannot tell
            let error = await #expect(throws: DeviceError.self) { try await device.submit(form) }
            #expect(error?.status == 422)
            #expect(error?.issues.map(\.path.description) == ["$.values.photo"])
            #expect(try await device.outbox().isEmpty)
        }
    }

    @Test func checksFailOnTheDeviceBeforeAnythingIsSent() async throws {
        let harness = try DeviceHarness()
        try await harness.run { backend in
            try await backend.user("joe")
            let messageId = try await backend.send(["responseTopic": "/t", "fields": [["id": "n", "type": "inputInteger"]]],
                                                   to: ["joe"])
            let counting = SwitchableTransport(RouterTransport(client: backend.client))
            let device = try await backend.device(transport: counting)
            try await device.signIn(username: "joe", password: "secret")
            let form = try await device.message(messageId).form()
            let sentBefore = counting.delivered.count
            let error = await #expect(throws: DeviceError.self) { try await device.submit(form) }
            #expect(error?.status == nil)
            #expect(error?.issues.map(\.description) == ["$.values.n: a value is required: the field has no default and is not optional"])
            #expect(counting.delivered.count == sentBefore)
        }
    }
}
