import XpediteProtocol

extension MethodCall {
    /// The screen-stack hint of a method dict (docs/protocol/packets.md#method-dicts). `root` is
    /// the only value the SDK may send; leave the hint out for the default (the new screen replaces
    /// the current one).
    public enum NavigationHint: String, Sendable, Hashable, CaseIterable {
        /// The new screen becomes the root: any back stack is cleared.
        case root
    }

    /// A call to the server function `function`: what a button, a menu entry, a form's save or
    /// cancel runs (docs/protocol/packets.md#method-dicts).
    ///
    /// ```swift
    /// Button("Save", .call("saveCustomer", parameters: ["id": "123"], formdata: true, navigation: .root))
    /// ```
    ///
    /// - Parameters:
    ///   - function: the server function; sent as the request's `method`.
    ///   - parameters: static arguments, echoed back verbatim under `parameters`.
    ///   - formdata: whether the screen's captured input goes with the call.
    ///   - navigation: the screen-stack hint; only ``NavigationHint/root`` exists.
    public static func call(_ function: String, parameters: [String: JSONValue]? = nil, formdata: Bool = false,
                            navigation: NavigationHint? = nil) -> MethodCall {
        MethodCall(function: function, parameters: parameters, formdata: formdata, navigation: navigation?.rawValue)
    }
}
