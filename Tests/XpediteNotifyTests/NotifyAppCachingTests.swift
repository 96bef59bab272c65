import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import XpediteNotify
import XpediteNotifyWeb

/// The notification app's files as a browser caches them: validators (`ETag`, `Last-Modified`),
/// `Cache-Control` by name, `304 Not Modified` on a later start, gzip when the browser takes it.
@Suite struct NotifyAppCachingTests {
    /// Every path of the app a browser loads: the page, `config.json` and each file.
    static func paths() throws -> [String] {
        ["", "config.json"] + (try NotifyAppFiles.load().paths)
    }

    func get(_ client: some TestClientProtocol, _ path: String, _ headers: HTTPFields = [:]) async throws -> TestResponse {
        try await client.execute(uri: "/notify/app/\(path)", method: .get, headers: headers, body: nil) { $0 }
    }

    func getConsole(_ client: some TestClientProtocol, _ path: String, _ headers: HTTPFields = [:]) async throws -> TestResponse {
        try await client.execute(uri: "/notify/console/\(path)", method: .get, headers: headers, body: nil) { $0 }
    }

    /// A phone that downloaded the app (Leaflet too) asks again after the server restarted: every
    /// file, gzipped or not, is `304` without a body, with the same tag.
    @Test func aSecondStartAnswers304ForLeafletAndEveryFileOfTheApp() async throws {
        let paths = try Self.paths()
        #expect(paths.contains("vendor/leaflet-1.6.0/leaflet.js") && paths.contains("sw.js") && paths.contains("js/app.js"))
        let tags = try await NotifyHarness().application().test(.router) { client in
            var tags: [String: String] = [:]
            for path in paths {
                for encoding in ["", "gzip"] {
                    let answer = try await get(client, path, encoding.isEmpty ? [:] : [.acceptEncoding: encoding])
                    #expect(answer.status == .ok, "\(path)")
                    let tag: String = try #require(answer.headers[.eTag], "\(path)")
                    tags["\(encoding) \(path)"] = tag
                }
            }
            return tags
        }
        try await NotifyHarness().application().test(.router) { client in
            for path in paths {
                for encoding in ["", "gzip"] {
                    let tag = try #require(tags["\(encoding) \(path)"])
                    var headers: HTTPFields = [.ifNoneMatch: tag]
                    if !encoding.isEmpty { headers[.acceptEncoding] = encoding }
                    let answer = try await get(client, path, headers)
                    #expect(answer.status == .notModified, "\(encoding) \(path)")
                    #expect(answer.headers[.eTag] == tag, "\(encoding) \(path)")
                    #expect(answer.body.readableBytes == 0, "\(encoding) \(path)")
                    #expect(answer.headers[.contentSecurityPolicy] == NotifyAppFiles.contentSecurityPolicy)
                }
            }
            // A changed file (another tag) is sent whole; so is a file asked without a validator.
            #expect(try await get(client, "js/app.js", [.ifNoneMatch: "\"0123\""]).status == .ok)
            #expect(try await get(client, "js/app.js").status == .ok)
        }
    }

    /// The console's files (XpediteNotifyWeb's `ConsoleFiles`) are cached the same way: every one
    /// has a tag and the date it last changed, is revalidated on each use, and is `304` without a
    /// body after a restart; its page too, with the console's own policy.
    @Test func theConsolesFilesAnswer304OnASecondStart() async throws {
        let paths = [""] + (try ConsoleFiles.load().paths)
        #expect(paths.contains("index.html") && paths.contains("js/api.js") && paths.contains("console.css"))
        let validators = try await NotifyHarness().application().test(.router) { client in
            var validators: [String: (String, String)] = [:]
            for path in paths {
                let answer = try await getConsole(client, path)
                #expect(answer.status == .ok, "\(path)")
                #expect(answer.headers[.cacheControl] == "no-cache", "\(path)")
                validators[path] = (try #require(answer.headers[.eTag], "\(path)"), try #require(answer.headers[.lastModified], "\(path)"))
            }
            return validators
        }
        try await NotifyHarness().application().test(.router) { client in
            for path in paths {
                let (tag, lastModified) = try #require(validators[path])
                let answer = try await getConsole(client, path, [.ifNoneMatch: tag])
                #expect(answer.status == .notModified, "\(path)")
                #expect(answer.headers[.eTag] == tag, "\(path)")
                #expect(answer.body.readableBytes == 0, "\(path)")
                #expect(answer.headers[.contentSecurityPolicy]?.contains("frame-ancestors 'none'") == true, "\(path)")
                #expect(try await getConsole(client, path, [.ifModifiedSince: lastModified]).status == .notModified, "\(path)")
            }
            #expect(try await getConsole(client, "js/api.js", [.ifNoneMatch: "\"0123\""]).status == .ok)
        }
    }

    /// The versioned Leaflet is kept a year; the page, the service worker and the modules, whose
    /// names stay, are revalidated on every use; each answer names when the file last changed.
    @Test(arguments: [
        ("", "no-cache"), ("sw.js", "no-cache"), ("js/app.js", "no-cache"), ("config.json", "no-cache"),
        ("manifest.webmanifest", "no-cache"),
        ("vendor/leaflet-1.6.0/leaflet.js", "public, max-age=31536000, immutable"),
        ("vendor/leaflet-1.6.0/images/marker-icon.png", "public, max-age=31536000, immutable"),
    ])
    func cacheControlFollowsTheName(path: String, cacheControl: String) async throws {
        try await NotifyHarness().application().test(.router) { client in
            let answer = try await get(client, path)
            #expect(answer.headers[.cacheControl] == cacheControl)
            let lastModified = try #require(answer.headers[.lastModified])
            #expect(lastModified.hasSuffix(" GMT"))
            // Without If-None-Match, If-Modified-Since is what holds.
            #expect(try await get(client, path, [.ifModifiedSince: lastModified]).status == .notModified)
            #expect(try await get(client, path, [.ifModifiedSince: "Thu, 01 Jan 1970 00:00:00 GMT"]).status == .ok)
        }
    }

    /// A browser that takes gzip gets gzip (smaller, its own tag, `Vary: Accept-Encoding`); one that
    /// does not, or refuses it with `q=0`, gets the bytes as they are.
    @Test func gzipGoesOnlyToWhoTakesIt() async throws {
        try await NotifyHarness().application().test(.router) { client in
            let plain = try await get(client, "vendor/leaflet-1.6.0/leaflet.js")
            let gzipped = try await get(client, "vendor/leaflet-1.6.0/leaflet.js", [.acceptEncoding: "br, gzip;q=0.8"])
            #expect(plain.headers[.contentEncoding] == nil)
            #expect(gzipped.headers[.contentEncoding] == "gzip")
            #expect(plain.headers[.vary] == "Accept-Encoding" && gzipped.headers[.vary] == "Accept-Encoding")
            #expect(Array(gzipped.body.readableBytesView.prefix(2)) == [0x1F, 0x8B])
            #expect(gzipped.body.readableBytes * 2 < plain.body.readableBytes)
            #expect(gzipped.headers[.contentLength] == String(gzipped.body.readableBytes))
            #expect(gzipped.headers[.eTag] != plain.headers[.eTag])
            let refused = try await get(client, "vendor/leaflet-1.6.0/leaflet.js", [.acceptEncoding: "gzip;q=0"])
            #expect(refused.headers[.contentEncoding] == nil)
            #expect(refused.body == plain.body)
        }
    }
}
