import Crypto
import Foundation
import Hummingbird
import NIOCore

/// One file served from memory: its bytes, gzipped when that is smaller, and the validators a
/// browser revalidates it with (``eTag`` from its content, ``lastModified``).
public struct StaticFile: Sendable {
    /// The bytes.
    public let contents: ByteBuffer
    /// The bytes gzipped, when that saves something; `nil` otherwise.
    public let gzipped: ByteBuffer?
    /// The `Content-Type` it is served with.
    public let type: String
    /// The strong entity tag of the bytes (the first 128 bits of their SHA-256); the gzipped
    /// answer has its own (``gzipETag``), as RFC 9110 §8.8.3 asks of another representation.
    public let eTag: String
    /// When the file last changed, to the second.
    public let lastModified: Date
    /// ``lastModified`` as the `Last-Modified` header writes it (an IMF-fixdate), made once: a
    /// `DateFormatter` per answer cost more than the rest of a static answer.
    public let lastModifiedText: String
    /// The `Cache-Control` of every answer for this file.
    public let cacheControl: String

    /// The entity tag of the gzipped bytes, made once.
    public let gzipETag: String
    /// The headers every answer for this file carries after its validators (a
    /// Content-Security-Policy, say): none unless given by ``adding(headers:)``.
    public private(set) var headers: HTTPFields = [:]
    /// The headers of each answer, made once (``StaticFileSet/response(to:file:headers:)``).
    private(set) var answers = Answers()
    /// The same for the gzipped bytes; `nil` when they are not kept.
    private(set) var gzipAnswers: Answers?

    /// The headers of a `200` and of a `304` of one representation (the bytes or the gzipped bytes).
    struct Answers: Sendable {
        /// The validators, `Cache-Control`, `Vary` and the file's ``StaticFile/headers``: a `304`'s.
        var notModified: HTTPFields = [:]
        /// The same with `Content-Type`, `Content-Encoding` when gzipped, and `Content-Length`: a `200`'s.
        var ok: HTTPFields = [:]
    }

    /// A file of `contents`; it is compressed here, once.
    ///
    /// - Throws: `CompressNIOError` when zlib fails.
    public init(contents: Data, type: String, lastModified: Date, cacheControl: String) throws {
        self.contents = ByteBuffer(bytes: contents)
        self.type = type
        self.lastModified = Date(timeIntervalSince1970: lastModified.timeIntervalSince1970.rounded(.down))
        self.cacheControl = cacheControl
        let digest = SHA256.hash(data: contents).prefix(16).map { String(format: "%02x", $0) }.joined()
        eTag = "\"\(digest)\""
        gzipETag = "\"\(digest)-gzip\""
        lastModifiedText = HTTPDate.string(self.lastModified)
        let compressed = try GzipCompression.compress(self.contents)
        gzipped = compressed.readableBytes < self.contents.readableBytes ? compressed : nil
        makeAnswers()
    }

    /// The same file, its answers carrying `headers` too (after its own, before the content's);
    /// made once, where ``StaticFileSet/response(to:file:headers:)`` would add them per answer.
    public func adding(headers: HTTPFields) -> StaticFile {
        var file = self
        file.headers.append(contentsOf: headers)
        file.makeAnswers()
        return file
    }

    /// Makes ``answers`` and ``gzipAnswers`` (a `DateFormatter`, a `String` per length and the
    /// policy's validation per answer cost more than the rest of a small file's answer).
    private mutating func makeAnswers() {
        answers = answers(eTag: eTag, body: contents, encoding: nil)
        gzipAnswers = gzipped.map { answers(eTag: gzipETag, body: $0, encoding: "gzip") }
    }

    private func answers(eTag: String, body: ByteBuffer, encoding: String?) -> Answers {
        var notModified: HTTPFields = [
            .eTag: eTag, .lastModified: lastModifiedText, .cacheControl: cacheControl, .vary: "Accept-Encoding",
        ]
        notModified.append(contentsOf: headers)
        var ok = notModified
        ok[.contentType] = type
        if let encoding { ok[.contentEncoding] = encoding }
        ok[.contentLength] = String(body.readableBytes)
        return Answers(notModified: notModified, ok: ok)
    }
}
