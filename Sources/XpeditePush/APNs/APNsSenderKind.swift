/// Which sender carries APNs pushes (`XPEDITE_APNS_SENDER`, docs/push.md#the-apns-sender).
public enum APNsSenderKind: String, Sendable, Hashable, CaseIterable {
    /// `http2`: the sender written on swift-nio-http2 (`APNsHTTP2Sender`), the default: a few
    /// long-lived connections, many streams each, headers prepared once, writes flushed per batch.
    case http2
    /// `async-http-client`: AsyncHTTPClient's HTTP/2 pool (`APNsHTTPClientSender`), the earlier sender.
    case asyncHTTPClient = "async-http-client"
}
