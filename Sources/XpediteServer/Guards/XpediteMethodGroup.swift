/// Methods registered behind the same guards: what ``XpediteApp/group(requiring:register:)`` hands its
/// closure. Groups nest; an inner group's guards run after the outer ones.
///
/// ```swift
/// app.group(requiring: .signedIn) { group in
///     group.on("orders") { call in … }
///     group.group(requiring: .administrator) { admin in
///         admin.on("refund") { call in … }
///     }
/// }
/// ```
public struct XpediteMethodGroup: Sendable {
    /// The guards of this group, outer groups' first.
    let guards: [XpediteGuard]
    /// What was registered, in order.
    private(set) var registrations: [(method: String, handler: Handler)] = []

    init(guards: [XpediteGuard]) {
        self.guards = guards
    }

    /// Registers the handler of `method` behind the group's guards; it answers with a screen or
    /// table rows, whatever its `XpediteResponseGenerator` return type makes.
    ///
    /// - Parameters:
    ///   - method: the function name buttons, rows, menus and forms send.
    ///   - screen: entries (`title`, `background`, page `id`, `disposition`) for screens that leave them out.
    ///   - handler: draws the answer, or throws (``XpediteError`` and ``FormError`` become `rc` messages).
    public mutating func on<Answer: XpediteResponseGenerator>(
        _ method: String, screen: ScreenEntries? = nil,
        _ handler: @escaping @Sendable (XpediteCall) async throws -> Answer
    ) {
        registrations.append((method, Handler(entries: screen, guards: guards, handler)))
    }

    /// A nested group: its methods run behind this group's guards, then `guards`.
    public mutating func group(requiring guards: XpediteGuard...,
                               register: (inout XpediteMethodGroup) throws -> Void) rethrows {
        var inner = XpediteMethodGroup(guards: self.guards + guards)
        try register(&inner)
        registrations += inner.registrations
    }
}
