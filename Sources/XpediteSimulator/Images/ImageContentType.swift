import Foundation

/// The `Content-Type` of an image, read from its first bytes (the server's own type is not
/// kept in the engine's cache): PNG, JPEG, GIF, WebP, AVIF, BMP, ICO and SVG; anything else is
/// `application/octet-stream`, which the browser (told `nosniff`) does not show.
enum ImageContentType {
    static func of(_ data: Data) -> String {
        let bytes = [UInt8](data.prefix(1024))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if starts([0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return "image/gif" }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return "image/webp" }
        if starts(Array("ftypavif".utf8), at: 4) { return "image/avif" }
        if starts(Array("BM".utf8)) { return "image/bmp" }
        if starts([0x00, 0x00, 0x01, 0x00]) { return "image/x-icon" }
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if text.hasPrefix("<svg") || (text.hasPrefix("<?xml") && text.contains("<svg")) { return "image/svg+xml" }
        return "application/octet-stream"
    }
}
