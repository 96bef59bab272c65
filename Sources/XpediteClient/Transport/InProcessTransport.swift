import Foundation

/// A transport that calls a closure instead of the network: wire it to an `XpediteEndpoint` of
/// the same process (tests, the browser simulator) or to a scripted fake.
///
/// ```swift
/// let endpoint = try app.makeEndpoint()
/// let transport = InProcessTransport { body in await endpoint.respond(to: body) }
/// ```
public struct InProcessTransport: Transport {
    private let respond: @Sendable (Data) async throws -> Data

    /// Creates a transport from the closure that answers a request body.
    public init(_ respond: @escaping @Sendable (Data) async throws -> Data) {
        self.respond = respond
    }

    public func send(_ body: Data) async throws -> Data {
        try await respond(body)
    }
}
