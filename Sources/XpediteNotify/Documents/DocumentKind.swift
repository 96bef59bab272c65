/// The kinds of document a device uploads (docs/notify-api.md#device-routes), recognised by their
/// magic bytes. Recordings come in two containers: ISO base media (M4A, MP4: what phones record)
/// and WebM (what browsers record); the document name's extension says which.
public enum DocumentKind: String, Sendable, Hashable, CaseIterable {
    /// A JPEG photo (`FF D8 FF`).
    case image
    /// An audio recording: M4A (an ISO base media file, `ftyp` at offset 4) or WebM (EBML, `1A 45 DF A3`).
    case audio
    /// A video: MP4 (`ftyp` at offset 4) or WebM (EBML, `1A 45 DF A3`).
    case video

    /// The file extension of its documents in the phones' container (`jpg`, `m4a`, `mp4`).
    public var fileExtension: String {
        switch self {
        case .image: "jpg"
        case .audio: "m4a"
        case .video: "mp4"
        }
    }

    /// The `Content-Type` of its documents in the phones' container.
    public var contentType: String {
        switch self {
        case .image: "image/jpeg"
        case .audio: "audio/mp4"
        case .video: "video/mp4"
        }
    }

    /// Whether `bytes` start like a file of this kind.
    public func matches(_ bytes: some Collection<UInt8>) -> Bool {
        fileExtension(of: bytes) != nil
    }

    /// The extension of a document of this kind made of `bytes`, chosen by its magic bytes
    /// (`jpg`; `m4a` or `webm`; `mp4` or `webm`), or `nil` when the bytes are not of this kind.
    public func fileExtension(of bytes: some Collection<UInt8>) -> String? {
        let head = Array(bytes.prefix(12))
        switch self {
        case .image:
            return head.count >= 3 && head[0] == 0xFF && head[1] == 0xD8 && head[2] == 0xFF ? fileExtension : nil
        case .audio, .video:
            if head.count >= 8, Array(head[4..<8]) == Array("ftyp".utf8) { return fileExtension }
            if head.count >= 4, Array(head[0..<4]) == Self.ebmlMagic { return "webm" }
            return nil
        }
    }

    /// The `Content-Type` a document of this kind named `name` is served with: `audio/webm` or
    /// `video/webm` for a `.webm` name, ``contentType`` otherwise.
    public func contentType(ofDocumentNamed name: String) -> String {
        guard self != .image, name.hasSuffix(".webm") else { return contentType }
        return "\(rawValue)/webm"
    }

    /// The first bytes of an EBML file (WebM, Matroska).
    static let ebmlMagic: [UInt8] = [0x1A, 0x45, 0xDF, 0xA3]

    /// The kind a document name says (`rcs/<kind>/…`), or `nil`.
    public init?(documentName name: String) {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "rcs", let kind = DocumentKind(rawValue: String(parts[1])),
              !parts[2].isEmpty, !parts[2].hasPrefix(".") else { return nil }
        self = kind
    }
}
