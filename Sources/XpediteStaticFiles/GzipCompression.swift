import CompressNIO
import NIOCore

/// gzip through CompressNIO (zlib), already in the dependency graph through Hummingbird's
/// WebSocket compression.
enum GzipCompression {
    /// `buffer` gzipped at the best compression (done once per file, at start).
    static func compress(_ buffer: ByteBuffer) throws -> ByteBuffer {
        var input = buffer
        return try input.compress(with: .gzip(configuration: .init(compressionLevel: .bestCompression)))
    }
}
