/// A value a server handler can answer with, like Hummingbird's `ResponseGenerator`: a screen
/// or a page of table rows.
///
/// XpediteProtocol conforms ``ResponsePacket`` and ``DataResponse``; the server SDK conforms its
/// `TablePage` and the DSL its `Screen`, so a handler returns whichever it built:
///
/// ```swift
/// app.on("hello") { _ in Screen(title: "Hello") { Label("Hi") } }          // XpediteBuilder
/// app.on("listCustomers") { call in TablePage(slicing: rows, page: call.page) }
/// ```
///
/// The protocol lives here, in the module every other one sees, because the server SDK does not
/// import the DSL (docs/decisions/0003-xpediteserver-does-not-import-xpeditebuilder.md) and the DSL must not import the server.
public protocol XpediteResponseGenerator: Sendable {
    /// What requests handled by values of this type expect: `.response` (a screen) or `.data`
    /// (rows). When a handler throws, the SDK answers in this kind, since there is no value to ask.
    static var packetKind: PacketKind { get }

    /// The response to send; the SDK adds the session's entries (`token`, `version`, …).
    ///
    /// - Throws: when the value cannot be turned into a packet (rows that do not encode); the
    ///   SDK treats it like a handler failure.
    func xpediteResponse() throws -> XpediteResponse
}

extension ResponsePacket: XpediteResponseGenerator {
    /// A screen.
    public static var packetKind: PacketKind { .response }

    /// The packet itself, as a screen.
    public func xpediteResponse() -> XpediteResponse { .screen(self) }
}

extension DataResponse: XpediteResponseGenerator {
    /// A data response.
    public static var packetKind: PacketKind { .data }

    /// The packet itself, as a data response.
    public func xpediteResponse() -> XpediteResponse { .data(self) }
}
