import Foundation
import Testing
@testable import XpediteClient
import XpediteProtocol
import XpediteNotifyTestSupport

/// A photo taken while the server cannot be reached: kept on the device under a local reference,
/// queued with its response, uploaded first when the server is back (once), and the response
/// published once with the document name.
@Suite struct DeviceOfflineMediaTests {
    /// Joe's device with the photo payload fetched, a photo attached and the answer submitted
    /// while the server is down.
    static func queuedPhotoAnswer(_ backend: Backend, photo: Data = SampleDocuments.jpegData) async throws
        -> (device: DeviceClient, network: SwitchableTransport, queued: QueuedResponse, reference: String) {
        let (device, network, _, fetched) = try await backend.joesDeviceWithAMessage(payload: SamplePayloads.photo)
        var form = fetched
        network.mode = .down
        let reference = try await device.attach(photo, to: "photo", in: &form)
        guard case .queued(let queued) = try await device.submit(form) else { throw TestFailure("published while the server was down") }
        return (device, network, queued, reference)
    }

    /// How many uploads reached the server.
    static func uploads(_ network: SwitchableTransport) -> Int {
        network.delivered.filter { $0 == "POST device/documents" }.count
    }

    @Test func aPhotoTakenOfflineIsQueuedWithItsResponseThenUploadedFirstAndPublishedOnce() async throws {
        let harness = try DeviceHarness()
        try await harness.run { backend in
            let (_, network, queued, reference) = try await Self.queuedPhotoAnswer(backend)
            #expect(PendingMedia.kind(ofReference: reference) == .image)
            #expect(!reference.hasPrefix("rcs/"))
            #expect(queued.body["values"] == ["photo": .string(reference)])
            #expect(queued.pendingMedia == [PendingMedia(reference: reference, kind: .image, byteCount: SampleDocuments.jpegData.count)])
            #expect(queued.lastError?.code == "unreachable")
            #expect(network.delivered.filter { $0.hasPrefix("POST") } == ["POST device/login"])    // no upload, no post
            #expect(try backend.storedDocuments().isEmpty)
            #expect(try await backend.responses(on: "/photos").isEmpty)

            // The next run of the phone has the response and its photo, on disk.
            let nextRun = try await backend.device(transport: network)
            #expect(try await nextRun.outbox() == [queued])
            network.mode = .up
            let report = try await nextRun.flushOutbox()
            #expect(report.sent.map { $0["responseId"] } == [.string(queued.responseId)])
            #expect(report.remaining == 0 && report.refused.isEmpty)
            #expect(network.delivered.suffix(2) == ["POST device/documents", "POST device/responses"])

            let published = try await backend.responses(on: "/photos")
            #expect(published.map { $0["responseId"] } == [.string(queued.responseId)])
            let name = try #require(published.first?["values"]?["photo"]?.stringValue)
            #expect(name.hasPrefix("rcs/image/") && name.hasSuffix(".jpg"))
            #expect(try await nextRun.document(name) == SampleDocuments.jpegData)    // the document the response names, as uploaded
            #expect(try backend.storedDocuments().count == 1)
            #expect(try await nextRun.outbox().isEmpty)
            #expect(try await nextRun.database.keptMedia().isEmpty)
            #expect(try await nextRun.flushOutbox().sent.isEmpty)
            #expect(try await backend.responses(on: "/photos").count == 1)
        }
    }

    @Test func aSubmitThatReachesTheServerUploadsAPhotoTakenOfflineFirst() async throws {
        let harness = try DeviceHarness()
        try await harness.run { backend in
            let (device, network, _, fetched) = try await backend.joesDeviceWithAMessage(payload: SamplePayloads.photo)
            var form = fetched
            network.mode = .down
            let retaken = try await device.attach(Data("a first try".utf8), to: "photo", in: &form)
            let reference = try await device.attach(SampleDocuments.jpegData, to: "photo", in: &form)
            #expect(form.value("photo") == .string(reference))
            #expect(form.check().issues == [])
            #expect(try await device.database.keptMedia().map(\.media.reference) == [retaken, reference])

            network.mode = .up
            guard case .published(let response) = try await device.submit(form) else {
                Issue.record("queued while the server was up")
                return
            }
            let name = try #require(response["values"]?["photo"]?.stringValue)
            #expect(name.hasPrefix("rcs/image/"))
            #expect(network.delivered.suffix(2) == ["POST device/documents", "POST device/responses"])
            #expect(try await device.document(name) == SampleDocuments.jpegData)
            #expect(try await device.outbox().isEmpty)
            #expect(Self.uploads(network) == 1)    // the photo the form holds, not the one it replaced
            #expect(try await device.database.keptMedia().isEmpty)    // answered: neither is kept any more
        }
    }

    @Test func aFlushCutAfterTheUploadDoesNotUploadAgain() async throws {
        let harness = try DeviceHarness()
        try await harness.run { backend in
            let (device, network, queued, _) = try await Self.queuedPhotoAnswer(backend)
            network.mode = .downFor("device/responses")
            let cut = try await device.flushOutbox()
            #expect(cut.unreachable && cut.sent.isEmpty && cut.remaining == 1)
            let uploaded = try #require(try await device.outbox().first?.pendingMedia.first?.documentName)
            #expect(uploaded.hasPrefix("rcs/image/"))

            network.mode = .up
            let report = try await device.flushOutbox()
            #expect(report.sent.map { $0["responseId"] } == [.string(queued.responseId)])
            #expect(Self.uploads(network) == 1)
            #expect(try backend.storedDocuments().count == 1)
            #expect(try await backend.responses(on: "/photos").map { $0["values"] } == [["photo": .string(uploaded)]])
        }
    }

    /// The answer to the upload lost: the device never learnt the name and uploads again (the
    /// first copy is cited by nothing). The answer to the post lost: the name was kept, the post is
    /// repeated with the same `responseId` and the server answers 200. Either way one response.
    @Test(arguments: [("device/documents", 2), ("device/responses", 1)])
    func anAnswerLostOnTheWayBackStillPublishesOneResponse(lostPath: String, uploads: Int) async throws {
        let harness = try DeviceHarness()
        try await harness.run { backend in
            let (device, network, queued, _) = try await Self.queuedPhotoAnswer(backend)
            network.mode = .losingAnswersTo(lostPath)
            let lost = try await device.flushOutbox()
            #expect(lost.unreachable && lost.remaining == 1)

            network.mode = .up
            let report = try await device.flushOutbox()
            #expect(report.sent.map { $0["responseId"] } == [.string(queued.responseId)])
            #expect(report.remaining == 0)
            let published = try await backend.responses(on: "/photos")
            #expect(published.map { $0["responseId"] } == [.string(queued.responseId)])
            let name = try #require(published.first?["values"]?["photo"]?.stringValue)
            #expect(try await device.document(name) == SampleDocuments.jpegData)
            #expect(Self.uploads(network) == uploads)
            #expect(try backend.storedDocuments().count == uploads)
        }
    }

    @Test func anUploadTheServerRefusesKeepsTheResponseWithTheErrorUntilDiscarded() async throws {
        let harness = try DeviceHarness()
        try await harness.run { backend in
            let (device, network, queued, reference) = try await Self.queuedPhotoAnswer(backend, photo: Data("not a photo".utf8))
            network.mode = .up
            let report = try await device.flushOutbox()
            #expect(report.sent.isEmpty && report.remaining == 1)
            #expect(report.refused.map(\.responseId) == [queued.responseId])
            let kept = try #require(try await device.outbox().first)
            #expect(kept.lastError?.status == 422)    // docs/notify-api.md#device-routes: the bytes are not of the declared kind
            #expect(kept.lastError?.issues.map(\.path.description).contains("$.values.photo") == true)
            #expect(kept.pendingMedia.map(\.reference) == [reference])
            #expect(kept.pendingMedia.first?.documentName == nil)
            #expect(!network.delivered.contains("POST device/responses"))
            #expect(try await backend.responses(on: "/photos").isEmpty)

            #expect(try await device.discard(queued.responseId))
            #expect(try await device.outbox().isEmpty)
            #expect(try await device.database.keptMedia().isEmpty)
            #expect(try await device.discard(queued.responseId) == false)
        }
    }

    @Test func aPhotoOverTheServersSizeLimitKeepsTheResponseWithThe413() async throws {
        let harness = try DeviceHarness(maximumDocumentSize: 1024)
        try await harness.run { backend in
            let large = SampleDocuments.jpegData + Data(repeating: 0x20, count: 2048)
            let (device, network, queued, reference) = try await Self.queuedPhotoAnswer(backend, photo: large)
            network.mode = .up
            let report = try await device.flushOutbox()
            #expect(report.sent.isEmpty && report.refused.map(\.responseId) == [queued.responseId])
            let kept = try #require(try await device.outbox().first)
            #expect(kept.lastError?.status == 413)    // docs/notify-api.md#device-routes: over the size limit
            #expect(kept.lastError?.issues.map(\.path.description).contains("$.values.photo") == true)
            #expect(kept.pendingMedia.map(\.reference) == [reference])
            #expect(kept.pendingMedia.first?.documentName == nil)
            #expect(!network.delivered.contains("POST device/responses"))
            #expect(try await backend.responses(on: "/photos").isEmpty)
        }
    }

    @Test func discardingAQueuedResponseErasesItsPhotoFromTheDeviceFiles() async throws {
        let harness = try DeviceHarness()
        try await harness.run { backend in
            let marker = Data((0..<64).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })
            let (device, _, queued, _) = try await Self.queuedPhotoAnswer(backend, photo: SampleDocuments.jpegData + marker)
            let directory = harness.folder.appendingPathComponent("phone")
            func onDisk() throws -> Data {
                try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
                    .reduce(into: Data()) { bytes, file in bytes += try Data(contentsOf: file) }
            }
            #expect(try onDisk().range(of: marker) != nil)    // kept on the device
            let database = directory.appendingPathComponent(DeviceDatabase.fileName).path
            #expect(try FileManager.default.attributesOfItem(atPath: database)[.posixPermissions] as? Int == 0o600)

            #expect(try await device.discard(queued.responseId))
            #expect(try onDisk().range(of: marker) == nil)    // neither in the database file nor in its log
        }
    }

    @Test func aLocalReferenceTheDeviceDoesNotKeepIsRefusedBeforeAnythingIsSent() async throws {
        let harness = try DeviceHarness()
        try await harness.run { backend in
            let (device, network, _, fetched) = try await backend.joesDeviceWithAMessage(payload: SamplePayloads.photo)
            var form = fetched
            try form.set("photo", .string("pending:image/0f1e"))
            #expect(form.check().issues == [])    // of the right form: only the device's database can tell
            let sentBefore = network.delivered.count
            let error = await #expect(throws: DeviceError.self) { try await device.submit(form) }
            #expect(error?.status == nil)
            #expect(error?.issues.map(\.path.description) == ["$.values.photo"])
            #expect(network.delivered.count == sentBefore)
            #expect(try await device.outbox().isEmpty)
        }
    }
}
