import Foundation
import Hummingbird
import HummingbirdTesting
import OpenAPIRuntime
import Testing
import XpediteNotify
import XpediteNotifyClient
import XpediteNotifyTestSupport
import XpediteProtocol
import XpediteTestFixtures

/// The client generated from the contract (XpediteNotifyClient) against a real server: answers
/// decode as the contract says, refusals as the error object, each credential where it belongs.
@Suite struct NotifyGeneratedClientTests {
    @Test func theGeneratedClientSendsReadsAndDecodesTheErrorObject() async throws {
        let harness = try NotifyHarness()
        try await harness.application().test(.live) { client in
            let port = try #require(client.port)
            let server = try #require(URL(string: "http://127.0.0.1:\(port)"))
            let backend = XpediteNotifyClient.Client(notifyServer: server, credential: NotifyHarness.apiKey)
            let user = try await backend.putUser(path: .init(username: "joe"), body: .json(.init(password: "secret")))
            #expect(try user.ok.body.json.username == "joe")

            let sent = try await backend.send(body: .json(.init(title: "Colour", body: "Pick one", payload: SamplePayloads.colour,
                                                                to: .case1(.init(users: ["joe"])))))
            let messageId = try sent.created.body.json.messageId
            let message = try await backend.getMessage(path: .init(messageId: messageId))
            #expect(try message.ok.body.json.recipients.map(\.username) == ["joe"])
            #expect(try message.ok.body.json.payload == SamplePayloads.colour)
            // The list of messages, filtered, with its counts; `next` is null on the last page.
            let list = try await backend.listMessages(query: .init(q: "COLOUR", state: .active, limit: 10))
            let page = try list.ok.body.json
            #expect(page.messages.map(\.messageId) == [messageId])
            #expect(page.messages.first?.recipients.total == 1 && page.messages.first?.recipients.pending == 1)
            #expect(page.next == nil)
            #expect(try await backend.listMessages(query: .init(state: .withdrawn)).ok.body.json.messages.isEmpty)

            let refused = try await backend.send(body: .json(.init(title: "t", body: "b", payload: SamplePayloads.colour,
                                                                   to: .case1(.init(users: ["nobody"])))))
            let error = try refused.unprocessableContent.body.json.error
            #expect(error.code == "invalid")
            #expect(error.issues?.map(\.path) == ["$.to.users[0]"])

            let anonymous = XpediteNotifyClient.Client(notifyServer: server, credential: nil)
            #expect(try await anonymous.listUsers().unauthorized.body.json.error.code == "unauthorized")
            let login = try await anonymous.deviceLogin(body: .json(.init(username: "joe", password: "secret", deviceId: "phone-1",
                                                                          deviceName: "Joe's phone", platform: .android)))
            let device = XpediteNotifyClient.Client(notifyServer: server, credential: try login.ok.body.json.deviceToken)
            #expect(try await device.getInbox().ok.body.json.messages.map(\.messageId) == [messageId])
            // A device token is not an API key.
            #expect(try await device.listUsers().unauthorized.body.json.error.code == "unauthorized")
        }
    }

    /// `scanBarcode`: the picture's bytes as the body in each of the contract's content types, the
    /// codes decoded as `BarcodeList`, a refusal as the error object.
    @Test func theGeneratedClientScansABarcode() async throws {
        let harness = try NotifyHarness()
        try #require(harness.notifier.documents.barcodeReader.isAvailable, "ZBar, TurboJPEG or libpng missing: run scripts/install-test-tools")
        try await harness.application().test(.live) { client in
            let port = try #require(client.port)
            let server = try #require(URL(string: "http://127.0.0.1:\(port)"))
            let backend = XpediteNotifyClient.Client(notifyServer: server, credential: NotifyHarness.apiKey)
            _ = try await backend.putUser(path: .init(username: "joe"), body: .json(.init(password: "secret"))).ok
            let anonymous = XpediteNotifyClient.Client(notifyServer: server, credential: nil)
            let login = try await anonymous.deviceLogin(body: .json(.init(username: "joe", password: "secret", deviceId: "phone-1",
                                                                          deviceName: "Joe's phone", platform: .android)))
            let device = XpediteNotifyClient.Client(notifyServer: server, credential: try login.ok.body.json.deviceToken)
            let png = try Fixtures.data("barcodes", "qr.png")
            let jpeg = try Fixtures.data("barcodes", "ean13.jpg")
            let cases: [(XpediteNotifyClient.Operations.ScanBarcode.Input.Body, String, String)] = [
                (.png(HTTPBody(png)), "QR-Code", "https://xpedite.example/customers/C-1042?approve=credit-limit"),
                (.jpeg(HTTPBody(jpeg)), "EAN-13", "4006381333931"),
                (.binary(HTTPBody(png)), "QR-Code", "https://xpedite.example/customers/C-1042?approve=credit-limit"),
            ]
            for (body, format, text) in cases {
                let codes = try await device.scanBarcode(body: body).ok.body.json.codes
                #expect(codes.map(\.format) == [format])
                #expect(codes.map(\.text) == [text])
            }
            let garbage = try await device.scanBarcode(body: .binary(HTTPBody("not a picture"))).unprocessableContent
            #expect(try garbage.body.json.error.code == "invalid")
            #expect(try await backend.scanBarcode(body: .png(HTTPBody(png))).unauthorized.body.json.error.code == "unauthorized")
        }
    }
}
