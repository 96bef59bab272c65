import Foundation

/// A page from the page cache (PROTOCOL.md §7.1): the answer's bytes as received, and when.
struct CachedPage: Sendable {
    /// The full response JSON, as the server sent it.
    var body: Data
    /// When the phone received it.
    var receivedAt: Date
    /// When it stops being served; `nil` for `permanent`.
    var expiresAt: Date?
}

/// A cached image: its bytes and, when the header told, its size.
struct CachedImage: Sendable {
    var body: Data
    var width: Double?
    var height: Double?
}
