import AsyncHTTPClient
import NIOCore
import NIOHTTP1

/// The APNs sender through AsyncHTTPClient (``APNsSenderKind/asyncHTTPClient``): each push is one
/// `POST {base}/3/device/<token>` through the given client, spread in turn over one HTTP/2
/// connection per event loop of the client's group (at most ``connections``).
struct APNsHTTPClientSender: APNsSender {
    private let httpClient: HTTPClient
    /// The event loops the pushes are sent on, in turn: one connection each.
    private let loops: EventLoopRotation
    /// `{base}/3/device/`: what each push's URL starts with.
    private let devicePath: String
    /// The headers every push carries alike: topic and content type.
    private let commonHeaders: HTTPHeaders
    private let timeout: Duration

    /// A sender to `baseURL` through `httpClient` (its owner shuts it down), over at most
    /// `connections` connections, `timeout` for each request, answer included.
    init(baseURL: String, topic: String, httpClient: HTTPClient, connections: Int, timeout: Duration) {
        self.httpClient = httpClient
        loops = EventLoopRotation(httpClient.eventLoopGroup, atMost: connections)
        devicePath = "\(baseURL)/3/device/"
        commonHeaders = ["apns-topic": topic, "content-type": "application/json"]
        self.timeout = timeout
    }

    var connections: Int { loops.count }

    func send(_ request: APNsRequest) async throws -> PushHTTP.Answer {
        var headers = commonHeaders
        headers.reserveCapacity(commonHeaders.count + 6)
        headers.add(name: "apns-push-type", value: request.background ? "background" : "alert")
        headers.add(name: "apns-priority", value: request.background ? "5" : "10")
        headers.add(name: "apns-collapse-id", value: request.collapseId)
        headers.add(name: "authorization", value: request.authorization)
        headers.add(name: "apns-expiration", value: request.expiration)
        headers.add(name: "apns-id", value: request.apnsId)
        return try await PushHTTP.post(devicePath + request.devicePathSegment, headers: headers, body: request.body,
                                       through: httpClient, on: loops.next(), timeout: timeout)
    }

    /// Nothing: the client belongs to whoever made it.
    func shutdown() async {}
}
