import Foundation

/// The picture formats `POST /device/barcode` reads, recognised by their magic bytes.
public enum BarcodeImageType: String, Sendable, Hashable, CaseIterable {
    /// JPEG (`FF D8 FF`), decoded with TurboJPEG.
    case jpeg = "image/jpeg"
    /// PNG (`89 50 4E 47 0D 0A 1A 0A`), decoded with libpng.
    case png = "image/png"

    /// The type `bytes` start like, or `nil`.
    public init?(sniffing bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(8))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if head == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] {
            self = .png
        } else {
            return nil
        }
    }

    /// The type a `Content-Type` header names (its parameters ignored), or `nil`.
    public init?(contentType: String) {
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? contentType
        self.init(rawValue: mediaType.trimmingCharacters(in: .whitespaces).lowercased())
    }
}
