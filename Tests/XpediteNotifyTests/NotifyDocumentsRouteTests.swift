import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import XpediteNotify
import XpediteNotifyTestSupport
import XpediteProtocol
import XpediteTestFixtures

/// `GET /notify/v1/documents/{name}` (docs/notify-api.md#documents-for-a-backend): any uploaded document to a
/// backend, with `ETag`, `If-None-Match`, ranges, and names that never leave the document store.
@Suite struct NotifyDocumentsRouteTests {
    /// Uploads the sample JPEG as joe; returns its name.
    static func upload(_ api: APIClient) async throws -> String {
        try await api.user("joe")
        let token = try await api.login("joe")
        let upload = try await api.call(.post, "/device/documents?kind=image", token: token, raw: ByteBuffer(bytes: SampleDocuments.jpeg))
        guard upload.status == .created, let name = upload.json["name"]?.stringValue else {
            throw TestFailure("upload: \(upload.status) \(upload.json)")
        }
        return name
    }

    /// One raw request: status, headers and body bytes.
    static func get(_ client: some TestClientProtocol, _ path: String, method: HTTPRequest.Method = .get,
                    token: String? = NotifyHarness.apiKey, headers: HTTPFields = [:]) async throws
        -> (status: HTTPResponse.Status, headers: HTTPFields, body: [UInt8]) {
        var fields = headers
        if let token { fields[.authorization] = "Bearer \(token)" }
        return try await client.execute(uri: "/notify/v1/documents/" + path, method: method, headers: fields, body: nil) { response in
            (response.status, response.headers, Array(response.body.readableBytesView))
        }
    }

    @Test(arguments: StoreKind.tested)
    func aBackendReadsAnyDocumentWithItsHeaders(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            try await harness.application().test(.router) { client in
                let name = try await Self.upload(APIClient(client: client))
                let answer = try await Self.get(client, name)
                #expect(answer.status == .ok)
                #expect(answer.body == SampleDocuments.jpeg)
                #expect(answer.headers[.contentType] == "image/jpeg")
                #expect(answer.headers[.contentLength] == String(SampleDocuments.jpeg.count))
                #expect(answer.headers[.eTag]?.hasPrefix("\"") == true)
                let head = try await Self.get(client, name, method: .head)
                #expect(head.status == .ok)
                #expect(head.body.isEmpty)
                #expect(head.headers[.eTag] == answer.headers[.eTag])
                #expect(head.headers[.contentLength] == String(SampleDocuments.jpeg.count))
            }
        }
    }

    @Test func withoutTheAPIKeyADocumentIsRefused() async throws {
        let harness = try NotifyHarness()
        try await harness.application().test(.router) { client in
            let api = APIClient(client: client)
            let name = try await Self.upload(api)
            #expect(try await Self.get(client, name, token: nil).status == .unauthorized)
            #expect(try await Self.get(client, name, token: "not-the-key").status == .unauthorized)
            // The uploader's own device token is for the device routes, not this one.
            let deviceToken = try await api.login("joe", deviceId: "second")
            #expect(try await Self.get(client, name, token: deviceToken).status == .unauthorized)
        }
    }

    @Test func anETagThatMatchesIs304() async throws {
        let harness = try NotifyHarness()
        try await harness.application().test(.router) { client in
            let name = try await Self.upload(APIClient(client: client))
            let eTag = try #require(try await Self.get(client, name).headers[.eTag])
            let cached = try await Self.get(client, name, headers: [.ifNoneMatch: eTag])
            #expect(cached.status == .notModified)
            #expect(cached.body.isEmpty)
            #expect(try await Self.get(client, name, headers: [.ifNoneMatch: "\"other\", \(eTag)"]).status == .notModified)
            #expect(try await Self.get(client, name, headers: [.ifNoneMatch: "\"other\""]).status == .ok)
        }
    }

    @Test(arguments: [
        ("bytes=0-3", 0..<4),      // the first bytes
        ("bytes=-5", 37..<42),     // a suffix: the last five
        ("bytes=40-", 40..<42),    // open-ended
        ("bytes=38-1000", 38..<42), // past the end: up to the end
        ("bytes=-1000", 0..<42),   // a suffix longer than the document: all of it
    ])
    func aRangeIs206WithItsBytes(header: String, bytes: Range<Int>) async throws {
        let harness = try NotifyHarness()
        try await harness.application().test(.router) { client in
            let name = try await Self.upload(APIClient(client: client))
            #expect(SampleDocuments.jpeg.count == 42)
            let answer = try await Self.get(client, name, headers: [.range: header])
            #expect(answer.status == .partialContent)
            #expect(answer.body == Array(SampleDocuments.jpeg[bytes]))
            #expect(answer.headers[.contentRange] == "bytes \(bytes.lowerBound)-\(bytes.upperBound - 1)/42")
            #expect(answer.headers[.contentLength] == String(bytes.count))
        }
    }

    @Test(arguments: ["bytes=42-", "bytes=100-200", "bytes=-0"])
    func anUnsatisfiableRangeIs416(header: String) async throws {
        let harness = try NotifyHarness()
        try await harness.application().test(.router) { client in
            let name = try await Self.upload(APIClient(client: client))
            let answer = try await Self.get(client, name, headers: [.range: header])
            #expect(answer.status == .rangeNotSatisfiable)
            #expect(answer.headers[.contentRange] == "bytes */42")
        }
    }

    @Test func aRangeThatIsNotOneByteRangeGetsTheWholeDocument() async throws {
        let harness = try NotifyHarness()
        try await harness.application().test(.router) { client in
            let name = try await Self.upload(APIClient(client: client))
            for header in ["bytes=0-1,4-5", "items=0-3", "bytes=5-2"] {
                let answer = try await Self.get(client, name, headers: [.range: header])
                #expect(answer.status == .ok, "\(header)")
                #expect(answer.body == SampleDocuments.jpeg)
            }
        }
    }

    @Test(arguments: [
        "rcs/image/../../notify.sqlite",          // dot segments
        "rcs/image/%2e%2e/%2e%2e/notify.sqlite",  // encoded dots
        "%2e%2e/%2e%2e/etc/passwd",
        "rcs%2fimage%2f..%2f..%2fnotify.sqlite",  // encoded slashes
        "/etc/passwd",                            // an absolute path
        "%2fetc%2fpasswd",
        "rcs/image/notify.sqlite",                // a file that is no document
        "rcs/image/00000000-0000-0000-0000-000000000000.jpg", // the right form, not stored
        "notify.sqlite",
    ])
    func aNameThatIsNoStoredDocumentIs404(path: String) async throws {
        let harness = try NotifyHarness()
        try await harness.application().test(.router) { client in
            _ = try await Self.upload(APIClient(client: client))
            let answer = try await Self.get(client, path)
            #expect(answer.status == .notFound)
            #expect(!answer.body.starts(with: Array("SQLite".utf8)))
            #expect(!answer.body.starts(with: SampleDocuments.jpeg.prefix(4)))
        }
    }

    @Test func aStoredNameWithEncodedSlashesIs404() async throws {
        let harness = try NotifyHarness()
        try await harness.application().test(.router) { client in
            let name = try await Self.upload(APIClient(client: client))
            let encoded = name.replacingOccurrences(of: "/", with: "%2F")
            #expect(try await Self.get(client, encoded).status == .notFound)
            let dotted = name.replacingOccurrences(of: "rcs/image/", with: "rcs/image/%2E/")
            #expect(try await Self.get(client, dotted).status == .notFound)
            #expect(try await Self.get(client, name).status == .ok)
        }
    }
}
