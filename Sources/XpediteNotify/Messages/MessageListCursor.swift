import Foundation

/// Where a page of `GET /messages` ends (docs/notify-api.md#get-messages): the last message's
/// `sentAt` and its store sequence number, the keyset the list is ordered by (newest first). A
/// client sees it only as opaque text (``text``), base64url of `v1:<sentAt>:<seq>`.
public struct MessageListCursor: Sendable, Hashable {
    /// The last listed message's send time, seconds since 1970 (as stored).
    public var sentAt: Double
    /// The last listed message's sequence number in its store (ties of `sentAt` are ordered by it).
    public var sequence: Int64

    /// Creates a cursor.
    public init(sentAt: Double, sequence: Int64) {
        self.sentAt = sentAt
        self.sequence = sequence
    }

    /// The opaque text a client passes back as `after`.
    public var text: String {
        Base64URL.encode(Data("v1:\(sentAt):\(sequence)".utf8))
    }

    /// Reads the text ``text`` made; `nil` for anything else.
    public init?(text: String) {
        guard text.count <= 200, let data = Base64URL.decode(text), let plain = String(data: data, encoding: .utf8) else { return nil }
        let parts = plain.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "v1", let sentAt = Double(parts[1]), sentAt.isFinite,
              let sequence = Int64(parts[2]) else { return nil }
        self.init(sentAt: sentAt, sequence: sequence)
    }
}
