import Foundation

/// Downloads image files (docs/protocol/packets.md#images, docs/protocol/caching.md#images). The
/// client caches what it returns on disk by URL, so a loader is asked for each URL at most once per
/// app version.
///
/// A loader must honour task cancellation: the critical-image wait cancels what is still
/// loading when its time bound runs out.
public protocol ImageLoader: Sendable {
    /// The bytes of the image at `url`.
    func load(_ url: URL) async throws -> Data
}
