import Foundation
import XpediteClient

/// The simulated phone's image loader: the real one, cut off by the same offline switch as its
/// transport, so an offline phone shows only the images in its cache.
struct SwitchableImageLoader: ImageLoader {
    let base: any ImageLoader
    let transport: SwitchableTransport

    func load(_ url: URL) async throws -> Data {
        if transport.isOffline { throw TransportError.connectionFailed("offline (the simulator's switch)") }
        return try await base.load(url)
    }
}
