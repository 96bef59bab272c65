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
    }
}
