import Foundation
import XpediteProtocol

/// Media captured while the server could not be reached (``DeviceClient/attach(_:to:in:)``
/// offline): its bytes are kept in the device database until they are uploaded, and the form
/// names them by a local reference, `pending:image/<uuid>`, until the server's document name
/// replaces it.
///
/// A local reference never starts with `rcs/`, so it cannot be taken for a document name: the
/// server's check refuses it, and the device never sends one (it uploads the media first).
public struct PendingMedia: Sendable, Hashable {
    /// The local reference the form holds: `pending:<kind>/<uuid>`.
    public var reference: String
    /// What the bytes are: an image, an audio recording or a video.
    public var kind: MediaKind
    /// The size of the bytes kept.
    public var byteCount: Int
    /// The document name the server gave the bytes once uploaded (`rcs/image/<uuid>.jpg`); they
    /// are never uploaded again, and no longer kept. `nil` while still to upload.
    public var documentName: String?

    /// Creates the description of kept media.
    public init(reference: String, kind: MediaKind, byteCount: Int, documentName: String? = nil) {
        self.reference = reference
        self.kind = kind
        self.byteCount = byteCount
        self.documentName = documentName
    }

    /// The prefix of every local reference.
    static let scheme = "pending:"

    /// A new local reference for media of `kind`.
    static func makeReference(kind: MediaKind) -> String {
        scheme + kind.rawValue + "/" + UUID().uuidString.lowercased()
    }

    /// The kind a local reference stands for; `nil` when `value` is not a local reference.
    public static func kind(ofReference value: String) -> MediaKind? {
        guard value.hasPrefix(scheme) else { return nil }
        let rest = value.dropFirst(scheme.count)
        guard let slash = rest.firstIndex(of: "/"), rest.index(after: slash) < rest.endIndex else { return nil }
        return MediaKind(rawValue: String(rest[..<slash]))
    }

    /// `{"reference", "kind", "size", "document"?}`.
    public var json: JSONValue {
        var members: [String: JSONValue] = ["reference": .string(reference), "kind": .string(kind.rawValue),
                                            "size": .number(Double(byteCount))]
        if let documentName { members["document"] = .string(documentName) }
        return .object(JSONObject(members))
    }
}
