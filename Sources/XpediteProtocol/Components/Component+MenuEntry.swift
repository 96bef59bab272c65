extension Component {
    /// `menuEntry`: an entry of a navigation (docs/protocol/components/navigation.md#menuentry).
    /// With `method` it is tappable; with only `text` a bold header; with neither a separator.
    public struct MenuEntry: Sendable, Hashable {
        /// The `text`.
        public var text: String?
        /// The `method` called.
        public var method: MethodCall?
        /// A preloaded image id shown left of the text (slidefrom panel only).
        public var icon: String?
        /// An SF Symbol shown beside the item (button drop-down only).
        public var symbol: String?

        /// Creates a menu entry.
        public init(text: String? = nil, method: MethodCall? = nil, icon: String? = nil, symbol: String? = nil) {
            self.text = text
            self.method = method
            self.icon = icon
            self.symbol = symbol
        }

        /// Whether the entry is a separator.
        public var isSeparator: Bool { text == nil && method == nil }

        static let shape = ObjectShape.component("menuEntry", "An entry of a navigation menu.", [
            .init("text", .string, "Label; without method a bold header."),
            .init("method", .object("method"), "Makes the entry tappable."),
            .init("icon", .string, "Preloaded image id (slidefrom panel only)."),
            .init("symbol", .string, "SF Symbol (button drop-down only)."),
        ])

        init(reading reader: ObjectReader) {
            self.init(text: reader.string(.text), method: reader.method(.method), icon: reader.string(.icon),
                      symbol: reader.string(.symbol))
        }

        /// The canonical JSON.
        public var json: JSONValue {
            var writer = ObjectWriter(type: "menuEntry")
            writer.set(.text, text)
            writer.set(.method, method)
            writer.set(.icon, icon)
            writer.set(.symbol, symbol)
            return writer.json
        }
    }
}
