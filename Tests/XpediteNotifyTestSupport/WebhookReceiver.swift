import Foundation
import Hummingbird
import NIOCore
import Synchronization
import XpediteProtocol

/// A loopback HTTP server that records the webhook POSTs it receives (`POST /hook`), shared by
/// the in-process notification tests and the tests of `xpedite notify serve` as a child process.
///
/// It answers 500 to the first `failures` requests it records, then 200. A receiver made `closed`
/// holds every request unanswered (so the sender keeps its rows claimed) until ``open()``, and
/// then answers the held ones 503 without recording them: what a server killed with rows in
/// flight leaves to the server that takes over.
public final class WebhookReceiver: Sendable {
    /// One POST recorded.
    public struct Delivery: Sendable {
        /// `X-Xpedite-Delivery`.
        public var deliveryId: String
        /// `X-Xpedite-Signature`.
        public var signature: String
        /// The body as received.
        public var body: Data

        /// The `responseId` of the body, when it is a response object.
        public var responseId: String? {
            do {
                return try JSONValue(parsing: body)["responseId"]?.stringValue
            } catch {
                return nil   // not JSON: no response object, so nothing to count it by
            }
        }
    }

    private struct State {
        var deliveries: [Delivery] = []
        var failuresLeft: Int
    }

    private let state: Mutex<State>
    private let isOpen: Atomic<Bool>
    private let heldCount = Atomic(0)

    /// A receiver that fails the first `failures` requests; `closed` holds requests until ``open()``.
    public init(failures: Int = 0, closed: Bool = false) {
        state = Mutex(State(failuresLeft: failures))
        isOpen = Atomic(!closed)
    }

    /// Every POST recorded, in order of arrival.
    public var deliveries: [Delivery] { state.withLock { $0.deliveries } }

    /// How many recorded POSTs carried each `responseId`.
    public var countsByResponseId: [String: Int] {
        deliveries.reduce(into: [:]) { counts, delivery in
            if let id = delivery.responseId { counts[id, default: 0] += 1 }
        }
    }

    /// How many requests were held while the receiver was closed.
    public var held: Int { heldCount.load(ordering: .relaxed) }

    /// Opens a closed receiver: held requests are answered 503, later ones recorded.
    public func open() { isOpen.store(true, ordering: .releasing) }

    /// Runs the receiver while `body` runs, passing it the receiver's URL; opens it at the end so
    /// that no handler stays held.
    public func serve<T: Sendable>(_ body: @Sendable (String) async throws -> T) async throws -> T {
        let router = Router()
        router.post("hook") { request, _ -> Response in
            let bytes = try await request.body.collect(upTo: 1 << 20)
            if !self.isOpen.load(ordering: .acquiring) {
                self.heldCount.add(1, ordering: .relaxed)
                while !self.isOpen.load(ordering: .acquiring) { try await Task.sleep(for: .milliseconds(10)) }
                return Response(status: .serviceUnavailable)
            }
            func header(_ name: String) -> String {
                request.headers.first { $0.name.canonicalName == name }?.value ?? ""
            }
            let delivery = Delivery(deliveryId: header("x-xpedite-delivery"), signature: header("x-xpedite-signature"),
                                    body: Data(bytes.readableBytesView))
            let fail = self.state.withLock { state in
                state.deliveries.append(delivery)
                if state.failuresLeft > 0 { state.failuresLeft -= 1; return true }
                return false
            }
            return Response(status: fail ? .internalServerError : .ok)
        }
        let (ports, portContinuation) = AsyncStream<Int>.makeStream()
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                              onServerRunning: { channel in portContinuation.yield(channel.localAddress?.port ?? 0) })
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask {
                try await app.runService(gracefulShutdownSignals: [])
                return nil
            }
            var iterator = ports.makeAsyncIterator()
            let port = await iterator.next() ?? 0
            defer {
                open()                 // held handlers end
                group.cancelAll()
            }
            return try await body("http://127.0.0.1:\(port)/hook")
        }
    }

    /// Waits (polling every 20 ms, at most `seconds`) until `condition` holds.
    public func wait(seconds: Double = 10, until condition: ([Delivery]) -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int64(seconds * 1000)))
        while ContinuousClock.now < deadline {
            if condition(deliveries) { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return condition(deliveries)
    }
}
