import Foundation
import Hummingbird
import NIOCore
import Synchronization

/// A loopback HTTP server that records the webhook POSTs it receives. It answers 500 to the first
/// `failures` requests, then 200.
final class WebhookReceiver: Sendable {
    struct Delivery: Sendable {
        var deliveryId: String
        var signature: String
        var body: Data
    }

    private let state: Mutex<(deliveries: [Delivery], failuresLeft: Int)>

    init(failures: Int = 0) {
        state = Mutex(([], failures))
    }

    var deliveries: [Delivery] { state.withLock { $0.deliveries } }

    /// Runs the receiver while `body` runs, passing it the receiver's URL.
    func serve<T: Sendable>(_ body: @Sendable (String) async throws -> T) async throws -> T {
        let router = Router()
        router.post("hook") { request, _ -> Response in
            let bytes = try await request.body.collect(upTo: 1 << 20)
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
            let result = try await body("http://127.0.0.1:\(port)/hook")
            group.cancelAll()
            return result
        }
    }

    /// Waits (polling every 20 ms, at most `seconds`) until `condition` holds.
    func wait(seconds: Double = 10, until condition: ([Delivery]) -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int64(seconds * 1000)))
        while ContinuousClock.now < deadline {
            if condition(deliveries) { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return condition(deliveries)
    }
}
