import Foundation

/// A page from the page cache (docs/protocol/caching.md#the-page-cache): the canonical JSON of the
/// packet as read, and when.
struct CachedPage: Sendable {
    /// The packet's canonical JSON (new dialect, checked when it arrived).
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
