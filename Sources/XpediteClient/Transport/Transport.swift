import Foundation

/// Carries one request packet to the server and brings back the answer's bytes
/// (docs/protocol/packets.md#transport). ``HTTPTransport`` posts to a URL; ``InProcessTransport``
/// calls a closure (an `XpediteEndpoint` in the same process, a scripted test double).
///
/// A transport throws ``TransportError`` when the server cannot be reached; the client then
/// falls back to its page cache (docs/protocol/caching.md#offline-fallback).
public protocol Transport: Sendable {
    /// Sends a request body (canonical JSON) and returns the response body.
    func send(_ body: Data) async throws -> Data
}

/// Why a request got no protocol answer. Every case counts as "server unreachable"
/// (docs/protocol/packets.md#transport, docs/protocol/caching.md#offline-fallback): the client
/// serves a cached page when it has one, or shows a connection alert.
public enum TransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No connection: refused, no route, DNS or TLS failure.
    case connectionFailed(String)
    /// No answer within the timeout.
    case timedOut
    /// An HTTP status other than 200 (the protocol answers every outcome with 200).
    case httpStatus(Int)

    public var description: String {
        switch self {
        case .connectionFailed(let reason): "cannot connect to the server: \(reason)"
        case .timedOut: "the server did not answer in time"
        case .httpStatus(let status): "the server answered HTTP \(status)"
        }
    }
}
