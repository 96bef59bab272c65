import Foundation
import XpediteLayout

/// Reads an image's pixel size from its header (PNG, GIF, JPEG), which is all the layout needs to
/// derive a height from the aspect ratio (docs/protocol/components/display.md#image). Other formats
/// give `nil`: the image is still cached and shown, and is laid out like one that has not arrived.
enum ImageDimensions {
    static func size(of data: Data) -> ImageSize? {
        let bytes = [UInt8](data.prefix(64 * 1024))
        if bytes.count >= 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            return ImageSize(width: Double(bigEndian32(bytes, 16)), height: Double(bigEndian32(bytes, 20)))
        }
        if bytes.count >= 10, bytes.starts(with: Array("GIF".utf8)) {
            let width = Int(bytes[6]) | Int(bytes[7]) << 8
            let height = Int(bytes[8]) | Int(bytes[9]) << 8
            return ImageSize(width: Double(width), height: Double(height))
        }
        if bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 { return jpegSize(bytes) }
        return nil
    }

    private static func bigEndian32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        bytes[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// Walks the JPEG segments to the first start-of-frame marker.
    private static func jpegSize(_ bytes: [UInt8]) -> ImageSize? {
        var index = 2
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            let isFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            if isFrame {
                let height = Int(bytes[index + 5]) << 8 | Int(bytes[index + 6])
                let width = Int(bytes[index + 7]) << 8 | Int(bytes[index + 8])
                return ImageSize(width: Double(width), height: Double(height))
            }
            index += 2 + length
        }
        return nil
    }
}
