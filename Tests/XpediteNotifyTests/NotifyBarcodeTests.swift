import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import XpediteBarcode
import XpediteNotify
import XpediteProtocol
import XpediteTestFixtures

/// `POST /device/barcode` (docs/notify-api.md#device-routes) with the system's ZBar, TurboJPEG and
/// libpng (decision 180), on the pictures of Tests/Fixtures/barcodes (drawn by its
/// make-fixtures.py).
@Suite struct NotifyBarcodeTests {
    static let qrText = "https://xpedite.example/customers/C-1042?approve=credit-limit"

    /// The picture's bytes.
    static func picture(_ name: String) throws -> ByteBuffer {
        ByteBuffer(bytes: try Fixtures.data("barcodes", name))
    }

    /// Posts `bytes` as `contentType` with `token`.
    static func scan(_ api: APIClient, _ bytes: ByteBuffer, contentType: String?, token: String?) async throws
        -> (status: HTTPResponse.Status, json: JSONValue) {
        var headers: HTTPFields = [:]
        if let contentType { headers[.contentType] = contentType }
        return try await api.call(.post, "/device/barcode", token: token, raw: bytes, headers: headers)
    }

    @Test(arguments: [
        ("qr.png", "image/png", "QR-Code", qrText),
        ("qr.jpg", "image/jpeg", "QR-Code", qrText),
        ("ean13.png", "image/png", "EAN-13", "4006381333931"),
        ("ean13.jpg", "image/jpeg", "EAN-13", "4006381333931"),
    ])
    func aCodeInAPictureIsFound(file: String, contentType: String, format: String, text: String) async throws {
        let harness = try NotifyHarness()
        try #require(harness.notifier.documents.barcodeReader.isAvailable, "ZBar, TurboJPEG or libpng missing: run scripts/install-test-tools")
        try await harness.application().test(.router) { client in
            let api = APIClient(client: client)
            try await api.user("joe")
            let joe = try await api.login("joe")
            let answer = try await Self.scan(api, try Self.picture(file), contentType: contentType, token: joe)
            #expect(answer.status == .ok)
            #expect(answer.json == ["codes": [["format": .string(format), "text": .string(text)]]])
        }
    }

    @Test(arguments: ["no-code.png", "no-code.jpg"])
    func aPictureWithoutACodeGivesAnEmptyList(file: String) async throws {
        let harness = try NotifyHarness()
        try #require(harness.notifier.documents.barcodeReader.isAvailable, "ZBar, TurboJPEG or libpng missing: run scripts/install-test-tools")
        try await harness.application().test(.router) { client in
            let api = APIClient(client: client)
            try await api.user("joe")
            let joe = try await api.login("joe")
            // Without a Content-Type the magic bytes say what it is.
            let answer = try await Self.scan(api, try Self.picture(file), contentType: nil, token: joe)
            #expect(answer.status == .ok)
            #expect(answer.json == ["codes": []])
        }
    }

    @Test(arguments: StoreKind.tested)
    func badPicturesAre422AndTooLargeOnesAre413(_ store: StoreKind) async throws {
        try await store.withHarness(configure: { $0.maximumDocumentSize = 4096 }) { harness in
            try #require(harness.notifier.documents.barcodeReader.isAvailable, "ZBar, TurboJPEG or libpng missing: run scripts/install-test-tools")
            try await harness.application().test(.router) { client in
                let api = APIClient(client: client)
                try await api.user("joe")
                let joe = try await api.login("joe")
                let png = try Fixtures.data("barcodes", "qr.png")
                let garbage = ByteBuffer(string: "this is not a picture at all")
                let cases: [(ByteBuffer, String?, String)] = [
                    (garbage, "image/jpeg", "the bytes are not a JPEG image (magic bytes)"),
                    (garbage, nil, "the bytes are not a JPEG or PNG image (magic bytes)"),
                    (ByteBuffer(bytes: png), "image/jpeg", "the bytes are not a JPEG image (magic bytes)"),
                    (ByteBuffer(bytes: png), "image/gif", "Content-Type must be image/jpeg or image/png, not image/gif"),
                ]
                for (bytes, contentType, message) in cases {
                    let answer = try await Self.scan(api, bytes, contentType: contentType, token: joe)
                    #expect(answer.status == .unprocessableContent)
                    #expect(answer.json["error"]?["code"] == "invalid")
                    #expect(answer.json["error"]?["message"] == .string(message))
                    #expect(answer.json["error"]?["issues"]?.arrayValue?.first?["path"] == "$")
                }
                // Right magic bytes, broken picture: the decoder's reason.
                let truncated = ByteBuffer(bytes: png.prefix(100))
                let broken = try await Self.scan(api, truncated, contentType: "image/png", token: joe)
                #expect(broken.status == .unprocessableContent)
                #expect(broken.json["error"]?["message"]?.stringValue?.hasPrefix("not a readable PNG") == true)
                let jpegHead = ByteBuffer(bytes: [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0, count: 20))
                let brokenJPEG = try await Self.scan(api, jpegHead, contentType: "image/jpeg", token: joe)
                #expect(brokenJPEG.status == .unprocessableContent)
                #expect(brokenJPEG.json["error"]?["message"]?.stringValue?.hasPrefix("not a readable JPEG") == true)
                // Over the document limit, as for documents.
                let large = try await Self.scan(api, try Self.picture("qr.jpg"), contentType: "image/jpeg", token: joe)
                #expect(large.status == .contentTooLarge)
                #expect(large.json["error"]?["code"] == "too_large")
            }
        }
    }

    @Test(arguments: StoreKind.tested)
    func aPictureOverThePixelLimitIsNotDecoded(_ store: StoreKind) async throws {
        try await store.withHarness(configure: { $0.maximumBarcodePixels = 100 * 100 }) { harness in
            try #require(harness.notifier.documents.barcodeReader.isAvailable, "ZBar, TurboJPEG or libpng missing: run scripts/install-test-tools")
            try await harness.application().test(.router) { client in
                let api = APIClient(client: client)
                try await api.user("joe")
                let joe = try await api.login("joe")
                for file in ["qr.png", "qr.jpg"] {
                    let answer = try await Self.scan(api, try Self.picture(file), contentType: nil, token: joe)
                    #expect(answer.status == .unprocessableContent)
                    #expect(answer.json["error"]?["message"] == "the image is 246x246 pixels, more than the server decodes")
                }
            }
        }
    }

    @Test(arguments: StoreKind.tested)
    func onlyADeviceTokenMayScan(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            try await harness.application().test(.router) { client in
                let api = APIClient(client: client)
                try await api.user("joe")
                let missing = try await Self.scan(api, try Self.picture("qr.png"), contentType: "image/png", token: nil)
                #expect(missing.status == .unauthorized)
                #expect(missing.json["error"]?["code"] == "unauthorized")
                // The backend's API key is not a device token.
                let apiKey = try await Self.scan(api, try Self.picture("qr.png"), contentType: "image/png", token: NotifyHarness.apiKey)
                #expect(apiKey.status == .unauthorized)
                let loggedOut = try await api.login("joe")
                try await api.call(.post, "/device/logout", token: loggedOut)
                let stale = try await Self.scan(api, try Self.picture("qr.png"), contentType: "image/png", token: loggedOut)
                #expect(stale.status == .unauthorized)
            }
        }
    }

    @Test func withoutTheLibrariesTheRouteSaysWhatToInstall() async throws {
        let harness = try NotifyHarness {
            $0.barcodeLibraries = BarcodeLibraries(zbar: "libxpedite-no-such-zbar.so.0", turboJPEG: "libturbojpeg.so.0",
                                                   png: "libpng16.so.16")
        }
        #expect(!harness.notifier.documents.barcodeReader.isAvailable)
        try await harness.application().test(.router) { client in
            let api = APIClient(client: client)
            try await api.user("joe")
            let joe = try await api.login("joe")
            let answer = try await Self.scan(api, try Self.picture("qr.png"), contentType: "image/png", token: joe)
            #expect(answer.status == .serviceUnavailable)
            #expect(answer.json["error"]?["code"] == "unavailable")
            let message = try #require(answer.json["error"]?["message"]?.stringValue)
            #expect(message.hasPrefix("barcode decoding is not available on this server: install libzbar0"))
            #expect(message.contains("libxpedite-no-such-zbar.so.0"))
            // Everything else still works.
            #expect(try await api.call(.get, "/device/inbox", token: joe).status == .ok)
        }
    }
}
