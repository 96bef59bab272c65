/// The kinds of document a device uploads (NOTIFY-API.md §3), recognised by their magic bytes.
public enum DocumentKind: String, Sendable, Hashable, CaseIterable {
    /// A JPEG photo (`FF D8 FF`).
    case image
    /// An M4A recording (an ISO base media file: `ftyp` at offset 4).
    case audio
    /// An MP4 video (`ftyp` at offset 4).
    case video

    /// The file extension of its documents.
    public var fileExtension: String {
        switch self {
        case .image: "jpg"
        case .audio: "m4a"
        case .video: "mp4"
        }
    }

    /// The `Content-Type` it is served with.
    public var contentType: String {
        switch self {
        case .image: "image/jpeg"
        case .audio: "audio/mp4"
        case .video: "video/mp4"
        }
    }

    /// Whether `bytes` start like a file of this kind.
    public func matches(_ bytes: some Collection<UInt8>) -> Bool {
        let head = Array(bytes.prefix(12))
        switch self {
        case .image:
            return head.count >= 3 && head[0] == 0xFF && head[1] == 0xD8 && head[2] == 0xFF
        case .audio, .video:
            return head.count >= 8 && Array(head[4..<8]) == Array("ftyp".utf8)
        }
    }

    /// The kind a document name says (`rcs/<kind>/…`), or `nil`.
    public init?(documentName name: String) {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "rcs", let kind = DocumentKind(rawValue: String(parts[1])),
              !parts[2].isEmpty, !parts[2].hasPrefix(".") else { return nil }
        self = kind
    }
}
