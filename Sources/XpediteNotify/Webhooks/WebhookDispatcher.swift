import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import ServiceLifecycle

/// Delivers the webhook outbox (a ServiceLifecycle `Service`): every due row is POSTed to its
/// webhook with `X-Xpedite-Delivery` and `X-Xpedite-Signature`, and marked delivered on a 2xx;
/// otherwise it is retried with exponential backoff and jitter. The rows are in the database, so
/// deliveries survive a restart or a `kill -9`: delivery is at least once.
public struct WebhookDispatcher: Service {
    private let store: any ResponseStore
    private let client: HTTPClient
    private let policy: WebhookRetryPolicy
    private let logger: Logger
    private let now: @Sendable () -> Date
    let wakeup: Wakeup

    init(store: any ResponseStore, client: HTTPClient, policy: WebhookRetryPolicy, logger: Logger,
         now: @escaping @Sendable () -> Date, wakeup: Wakeup) {
        self.store = store
        self.client = client
        self.policy = policy
        self.logger = logger
        self.now = now
        self.wakeup = wakeup
    }

    /// Delivers due rows until a graceful shutdown.
    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                let due: [WebhookDelivery]
                do {
                    due = try await store.dueWebhookDeliveries(now: now(), limit: max(1, policy.concurrency))
                } catch is CancellationError {
                    return
                } catch {
                    if Task.isCancelled { return }
                    logger.error("webhook outbox unreadable", metadata: ["error": "\(error)"])
                    await wakeup.wait(upTo: policy.pollInterval)
                    continue
                }
                if due.isEmpty {
                    await wakeup.wait(upTo: policy.pollInterval)
                    continue
                }
                await withTaskGroup(of: Void.self) { group in
                    for delivery in due {
                        group.addTask { await attempt(delivery) }
                    }
                }
            }
        }
    }

    /// One attempt at one delivery, and its outcome recorded.
    func attempt(_ delivery: WebhookDelivery) async {
        let outcome: String?
        do {
            var request = HTTPClientRequest(url: delivery.url)
            request.method = .POST
            request.headers.add(name: "Content-Type", value: "application/json")
            request.headers.add(name: "X-Xpedite-Delivery", value: delivery.deliveryId)
            request.headers.add(name: "X-Xpedite-Signature", value: WebhookSignature.header(body: delivery.body, secret: delivery.secret))
            request.body = .bytes(ByteBuffer(bytes: delivery.body))
            let timeout = TimeAmount.milliseconds(policy.timeout.components.seconds * 1000
                                                  + policy.timeout.components.attoseconds / 1_000_000_000_000_000)
            let response = try await client.execute(request, timeout: timeout)
            _ = try await response.body.collect(upTo: 64 * 1024)
            outcome = (200..<300).contains(response.status.code) ? nil : "HTTP \(response.status.code)"
        } catch {
            outcome = "\(error)"
        }
        do {
            if let outcome {
                let delay = policy.delay(afterFailures: delivery.attempts + 1, random: Double.random(in: 0...1))
                let seconds = Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18
                try await store.scheduleWebhookRetry(key: delivery.key, at: now().addingTimeInterval(seconds), error: outcome)
                logger.notice("webhook delivery failed", metadata: [
                    "webhook": .string(delivery.webhook), "delivery": .string(delivery.deliveryId), "error": .string(outcome),
                    "retryIn": .stringConvertible(seconds),
                ])
            } else {
                try await store.markWebhookDelivered(key: delivery.key, at: now())
            }
        } catch {
            // The row stays due and is attempted again: at least once.
            logger.error("webhook outcome not recorded", metadata: ["delivery": .string(delivery.deliveryId), "error": "\(error)"])
        }
    }
}
