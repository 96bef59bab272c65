// The wire model is part of the SDK's API: handlers build `ResponsePacket`s, read `JSONValue`s
// and register `Component.Navigation`s, so `import XpediteServer` brings XpediteProtocol along.
@_exported import XpediteProtocol

// The NIO type of `XpediteCall.remoteAddress` and `XpediteRequestContext`.
@_exported import enum NIOCore.SocketAddress
