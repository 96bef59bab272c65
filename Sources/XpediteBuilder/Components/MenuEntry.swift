import XpediteProtocol

/// An interactive entry of a ``Navigation`` menu: `menuEntry` with a method
/// (docs/protocol/components/navigation.md#menuentry). Headers are ``MenuHeader`` and separators
/// ``MenuSeparator``.
///
/// ```swift
/// MenuEntry("Customers", .call("listCustomers"), icon: "logo")
/// MenuEntry(.call("addCustomer"))   // the single entry of a bar button: its icon is the button's
/// ```
public struct MenuEntry: MenuContent, Hashable {
    var wire: Component.MenuEntry

    /// An entry showing `text` that calls `method`.
    ///
    /// - Parameters:
    ///   - text: the entry's label.
    ///   - method: what a tap calls.
    ///   - icon: a preloaded image id shown left of the text (slide-in panel only).
    ///   - symbol: an SF Symbol shown beside the text (bar-button drop-down only).
    public init(_ text: String, _ method: MethodCall, icon: String? = nil, symbol: String? = nil) {
        wire = Component.MenuEntry(text: text, method: method, icon: icon, symbol: symbol)
    }

    /// An entry without text: the single entry of a bar-button menu, which the button calls
    /// directly. Anywhere else it shows only its `symbol` or `icon`.
    public init(_ method: MethodCall, icon: String? = nil, symbol: String? = nil) {
        wire = Component.MenuEntry(method: method, icon: icon, symbol: symbol)
    }

    /// The protocol value.
    public var entry: Component.MenuEntry { wire }

    public func makeEntries() -> [Component.MenuEntry] { [wire] }
}

/// A bold section header in a ``Navigation`` menu: a `menuEntry` with text and no method.
public struct MenuHeader: MenuContent, Hashable {
    /// The header text.
    public var text: String

    /// A header showing `text`.
    public init(_ text: String) {
        self.text = text
    }

    public func makeEntries() -> [Component.MenuEntry] { [Component.MenuEntry(text: text)] }
}

/// A separator in a ``Navigation`` menu: a `menuEntry` with neither text nor method.
public struct MenuSeparator: MenuContent, Hashable {
    /// A separator.
    public init() {}

    public func makeEntries() -> [Component.MenuEntry] { [Component.MenuEntry()] }
}
