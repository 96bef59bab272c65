// The wire model is part of the SDK's API: handlers build `ResponsePacket`s, read `JSONValue`s
// and register `Component.Navigation`s, so `import XpediteServer` brings XpediteProtocol along.
@_exported import XpediteProtocol

// The GRDB types in the SDK's own signatures (`KeysetPaging`), re-exported one by one: exporting
// all of GRDB would make its `Table` and `Column` clash with the DSL's in every file that imports
// XpediteServer and XpediteBuilder. Build requests with `import GRDB`.
@_exported import struct GRDB.QueryInterfaceRequest
@_exported import protocol GRDB.DatabaseReader

// The NIO type of `XpediteCall.remoteAddress` and `XpediteRequestContext`.
@_exported import enum NIOCore.SocketAddress
