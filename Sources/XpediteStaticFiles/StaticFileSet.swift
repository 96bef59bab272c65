import Foundation
import Hummingbird

/// A folder of files served from memory (the notification app, the simulator's scripts): read and
/// gzipped once at start, answered with `ETag`, `Last-Modified` and `Cache-Control`, `304 Not
/// Modified` to a request whose `If-None-Match` (or, without it, `If-Modified-Since`) still holds,
/// and the gzipped bytes to a client that accepts them (`Vary: Accept-Encoding`).
///
/// ```swift
/// let files = try StaticFileSet.load(from: folder, types: ["js": "text/javascript; charset=utf-8"]) { path in
///     path.hasPrefix("vendor/") ? StaticFileSet.immutable : StaticFileSet.revalidate
/// }
/// router.get("static/**") { request, context in
///     files.response(to: request, path: context.parameters.getCatchAll().joined(separator: "/"))
///         ?? Response(status: .notFound)
/// }
/// ```
public struct StaticFileSet: Sendable {
    /// `Cache-Control` of a file whose name changes with its content (a version or a hash in the
    /// path): kept a year, never revalidated.
    public static let immutable = "public, max-age=31536000, immutable"
    /// `Cache-Control` of a file whose name stays (a page, a service worker): revalidated on every
    /// use, which costs a `304` when it has not changed.
    public static let revalidate = "no-cache"

    /// The `Content-Type` of each extension the project's web apps serve (the notification app,
    /// the console, the Xpedite web app): one table, so a file type is added once for all of them.
    public static let contentTypes = [
        "html": "text/html; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "svg": "image/svg+xml",
        "png": "image/png",
        "json": "application/json",
        "webmanifest": "application/manifest+json",
    ]

    /// The files by path relative to the folder (`js/app.js`).
    public let files: [String: StaticFile]

    /// A set of the given files.
    public init(files: [String: StaticFile]) {
        self.files = files
    }

    /// The file at `path`, if it is served.
    public func file(at path: String) -> StaticFile? {
        files[path]
    }

    /// The paths of every served file.
    public var paths: [String] { files.keys.sorted() }

    /// Reads every regular file under `root` whose extension `types` names (its `Content-Type`),
    /// with the `Cache-Control` that `cacheControl` gives its path.
    ///
    /// - Throws: when the folder cannot be listed or a file cannot be read.
    public static func load(from root: URL, types: [String: String],
                            cacheControl: (_ path: String) -> String) throws -> StaticFileSet {
        var files: [String: StaticFile] = [:]
        let rootPath = root.standardizedFileURL.path
        let keys: [URLResourceKey] = [.isRegularFileKey, .contentModificationDateKey]
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: keys) else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: rootPath])
        }
        for case let url as URL in enumerator {
            let values = try url.resourceValues(forKeys: Set(keys))
            guard values.isRegularFile == true, let type = types[url.pathExtension] else { continue }
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(rootPath + "/") else { continue }
            let relative = String(path.dropFirst(rootPath.count + 1))
            files[relative] = try StaticFile(contents: try Data(contentsOf: url), type: type,
                                             lastModified: values.contentModificationDate ?? Date(),
                                             cacheControl: cacheControl(relative))
        }
        return StaticFileSet(files: files)
    }

    /// The answer to a GET or HEAD of the file at `path` (`nil` when there is none), with
    /// `headers` added (a Content-Security-Policy, say).
    public func response(to request: Request, path: String, headers: HTTPFields = [:]) -> Response? {
        guard let file = files[path] else { return nil }
        return Self.response(to: request, file: file, headers: headers)
    }

    /// The same files, every answer carrying `headers` too (``StaticFile/adding(headers:)``): for
    /// headers that are the same on every answer, made once instead of per answer.
    public func adding(headers: HTTPFields) -> StaticFileSet {
        StaticFileSet(files: files.mapValues { $0.adding(headers: headers) })
    }

    /// The answer to a GET or HEAD of `file`: 304 when the client's copy is current, else the
    /// bytes (gzipped if the client takes gzip and that is smaller); HEAD without the body. The
    /// headers are the file's, made when it was read, and `extra` after them.
    public static func response(to request: Request, file: StaticFile, headers extra: HTTPFields = [:]) -> Response {
        let gzip = file.gzipAnswers != nil && acceptsGzip(request.headers[values: .acceptEncoding])
        let answers = (gzip ? file.gzipAnswers : nil) ?? file.answers
        if notModified(request, file: file) {
            return Response(status: .notModified, headers: extra.isEmpty ? answers.notModified : answers.notModified + extra)
        }
        let body = (gzip ? file.gzipped : nil) ?? file.contents
        return Response(status: .ok, headers: extra.isEmpty ? answers.ok : answers.ok + extra,
                        body: request.method == .head ? ResponseBody() : ResponseBody(byteBuffer: body))
    }

    /// Whether the client's copy is current: one of its `If-None-Match` tags is either
    /// representation's (weak comparison, RFC 9110 §13.1.2), or, without `If-None-Match`, the
    /// file has not changed since `If-Modified-Since`.
    static func notModified(_ request: Request, file: StaticFile) -> Bool {
        let ifNoneMatch = request.headers[values: .ifNoneMatch]
        if !ifNoneMatch.isEmpty {
            let tags = ifNoneMatch.flatMap { $0.split(separator: ",") }.map { tag in
                let trimmed = tag.trimmingCharacters(in: .whitespaces)
                return trimmed.hasPrefix("W/") ? String(trimmed.dropFirst(2)) : trimmed
            }
            return tags.contains { $0 == "*" || $0 == file.eTag || $0 == file.gzipETag }
        }
        guard let text = request.headers[.ifModifiedSince] else { return false }
        if text == file.lastModifiedText { return true }   // the date this file sent: no parse
        guard let since = HTTPDate.date(text) else { return false }
        return file.lastModified <= since
    }

    /// Whether `Accept-Encoding` takes gzip (`gzip` or `*` without `q=0`).
    static func acceptsGzip(_ values: [String]) -> Bool {
        for coding in values.flatMap({ $0.split(separator: ",") }) {
            // The common case, an ASCII coding without parameters (`gzip`, ` deflate`), is read
            // without Foundation: it cost 4.5 % of a static file's answer (decision 0608).
            if let name = plainName(coding) {
                if name == "gzip" || name == "x-gzip" || name == "*" { return true }
                continue
            }
            let parts = coding.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let name = parts.first, name == "gzip" || name == "x-gzip" || name == "*" else { continue }
            let refused = parts.dropFirst().contains { $0.replacingOccurrences(of: " ", with: "").range(of: #"^q=0(\.0{0,3})?$"#, options: .regularExpression) != nil }
            if !refused { return true }
        }
        return false
    }

    /// The coding's name lowercased, spaces and tabs around it trimmed (what `.whitespaces` trims
    /// in ASCII), when it is ASCII without a `;`; `nil` otherwise (read the general way).
    static func plainName(_ coding: Substring) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(coding.utf8.count)
        for byte in coding.utf8 {
            guard byte < 0x80, byte != UInt8(ascii: ";") else { return nil }
            bytes.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte)
        }
        let blank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        let start = bytes.firstIndex { !blank($0) } ?? bytes.endIndex
        let end = bytes.lastIndex { !blank($0) }.map { $0 + 1 } ?? start
        return String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
    }
}
