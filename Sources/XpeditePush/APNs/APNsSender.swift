import NIOCore

/// How an ``APNsProvider`` puts one request on the wire (docs/push.md#the-apns-sender): the
/// provider keeps every rule (provider token, 413 resend, what an answer means), a sender only
/// carries the request and brings back the answer. Two exist: ``APNsHTTP2Sender``, written on
/// swift-nio-http2 for throughput (the default), and ``APNsHTTPClientSender`` through
/// AsyncHTTPClient.
protocol APNsSender: Sendable {
    /// How many HTTP/2 connections it spreads requests over (at most).
    var connections: Int { get }

    /// Sends `request` and reads the answer whole, within the sender's timeout.
    ///
    /// - Throws: a transport error (no connection, connection lost mid-request, timeout): the
    ///   provider makes it a `retry`.
    func send(_ request: APNsRequest) async throws -> PushHTTP.Answer

    /// Closes the sender's connections (requests still in flight fail as transport errors).
    func shutdown() async
}

/// What differs from one APNs push to the next; everything else (method, path prefix, topic,
/// content type) each sender prepares once.
struct APNsRequest: Sendable {
    /// The device token, as a path segment (percent-encoded when it needs to be).
    var devicePathSegment: String
    /// `bearer <provider token>`: one shared value until the token is renewed.
    var authorization: String
    /// `apns-expiration`: seconds since 1970.
    var expiration: String
    /// `apns-id`: the delivery's id.
    var apnsId: String
    /// `apns-collapse-id`: the message's id, the same for its push and its withdrawal.
    var collapseId: String
    /// Whether it is a withdrawal: `apns-push-type: background` and `apns-priority: 5` instead of
    /// `alert` and `10`.
    var background: Bool = false
    /// The JSON body (shared between the pushes of one message).
    var body: ByteBuffer
}
