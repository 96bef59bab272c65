import AsyncHTTPClient
import Foundation
import NIOCore

/// POSTs a response object to a webhook (docs/notify-api.md) with `X-Xpedite-Delivery` and
/// `X-Xpedite-Signature`: a 2xx delivers it; anything else, or no answer, is tried again later
/// (at least once: a webhook row is never given up).
struct WebhookSender: OutboxSender {
    let client: HTTPClient
    /// How long one POST may take.
    let timeout: Duration
    /// Webhooks are POSTed 16 at a time unless the policy says otherwise.
    var concurrency: Int { 16 }

    func send(_ delivery: WebhookDelivery) async -> DeliveryOutcome {
        do {
            var request = HTTPClientRequest(url: delivery.url)
            request.method = .POST
            request.headers.add(name: "Content-Type", value: "application/json")
            request.headers.add(name: "X-Xpedite-Delivery", value: delivery.deliveryId)
            request.headers.add(name: "X-Xpedite-Signature", value: WebhookSignature.header(body: delivery.body, secret: delivery.secret))
            request.body = .bytes(ByteBuffer(bytes: delivery.body))
            let response = try await client.execute(request, timeout: .nanoseconds(timeout.nanoseconds))
            _ = try await response.body.collect(upTo: 64 * 1024)
            if (200..<300).contains(response.status.code) { return .delivered }
            return .retry(reason: "HTTP \(response.status.code)", after: response.headers.first(name: "Retry-After").flatMap { RetryAfter.duration($0, now: Date()) })
        } catch {
            return .retry(reason: "\(error)")
        }
    }
}

extension Duration {
    /// The whole duration in nanoseconds (saturating).
    var nanoseconds: Int64 {
        let (seconds, overflow) = components.seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? .max : seconds &+ components.attoseconds / 1_000_000_000
    }
}
