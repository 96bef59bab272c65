import XpediteProtocol

/// The kinds of document a device uploads (`POST /device/documents?kind=…`,
/// docs/notify-api.md#device-routes).
public enum MediaKind: String, Sendable, Hashable, CaseIterable {
    /// A JPEG photo, for `camera` and `markupImage` fields.
    case image
    /// An M4A recording, for `audio` fields.
    case audio
    /// An MP4 video, for `video` fields.
    case video

    /// The kind a media field captures; `nil` for a field that takes no document.
    public init?(field: Field) {
        switch field {
        case .camera, .markupImage: self = .image
        case .audio: self = .audio
        case .video: self = .video
        default: return nil
        }
    }

    /// The `Content-Type` of the upload.
    public var contentType: String {
        switch self {
        case .image: "image/jpeg"
        case .audio: "audio/mp4"
        case .video: "video/mp4"
        }
    }
}
