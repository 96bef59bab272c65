extension Component {
    /// `navigation`: a slide-in panel or a bar-button menu of ``MenuEntry`` items
    /// (docs/protocol/components/navigation.md#navigation). It never takes part in vertical
    /// stacking.
    ///
    /// A navigation with only `type` and `id` is a cache stub: the client reuses the definition it
    /// stored under that id (docs/protocol/menus.md#a-menu-cached-by-id).
    public struct Navigation: Sendable, Hashable {
        /// `implementation`: how the menu is presented.
        public struct Implementation: Sendable, Hashable {
            /// `slidefrom` (edge-swipe panel) or `button` (bar button, drop-down for several entries).
            public enum Style: String, Sendable, Hashable, CaseIterable {
                /// A panel that slides in from the screen's edge (a swipe, or its bar button).
                case slidefrom
                /// A bar button: one entry is called at once, several open a drop-down menu.
                case button
            }

            /// The screen edge or bar side.
            public enum Position: String, Sendable, Hashable, CaseIterable {
                /// The left edge, or the left of the navigation bar.
                case left
                /// The right edge, or the right of the navigation bar.
                case right
            }

            /// The `style`.
            public var style: Style
            /// The `position`.
            public var position: Position
            /// An SF Symbol for the bar button.
            public var icon: String?
            /// A preloaded image id for the bar button; wins over `icon`.
            public var image: String?

            /// Creates an implementation dict.
            public init(style: Style, position: Position, icon: String? = nil, image: String? = nil) {
                self.style = style
                self.position = position
                self.icon = icon
                self.image = image
            }

            static let shape = ObjectShape(name: "implementation", expectation: "an implementation {\"style\", \"position\"}", summary: "How a navigation menu is presented.",
                                           properties: [
                .init("style", .oneOf(Style.allCases.map(\.rawValue)), required: true, "slidefrom or button."),
                .init("position", .oneOf(Position.allCases.map(\.rawValue)), required: true, "left or right."),
                .init("icon", .string, "SF Symbol name for the bar button."),
                .init("image", .string, "Preloaded image id for the bar button; wins over icon."),
            ])

            init?(reading reader: ObjectReader) {
                guard let style: Style = reader.enum(.style), let position: Position = reader.enum(.position)
                else { return nil }
                self.init(style: style, position: position, icon: reader.string(.icon), image: reader.string(.image))
            }

            var json: JSONValue {
                var writer = ObjectWriter()
                writer.set(.style, style)
                writer.set(.position, position)
                writer.set(.icon, icon)
                writer.set(.image, image)
                return writer.json
            }
        }

        /// `effects`: what happens to the screen while a panel is out.
        public struct Effects: Sendable, Hashable {
            /// Opacity (0–100) of the overlay behind an open panel.
            public var shadePercent: Double?
            /// Old dialect: how much (0–100) the screen shrinks while the menu is out.
            public var shrinkPercent: Double?

            /// Creates effects.
            public init(shadePercent: Double? = nil, shrinkPercent: Double? = nil) {
                self.shadePercent = shadePercent
                self.shrinkPercent = shrinkPercent
            }

            static let shape = ObjectShape(name: "effects", summary: "Panel effects.", properties: [
                .init("shade%", .boundedNumber(minimum: 0, maximum: 100, exclusiveMinimum: false),
                      "Opacity of the overlay behind the open panel."),
                .init("shrink%", .boundedNumber(minimum: 0, maximum: 100, exclusiveMinimum: false),
                      "Old dialect: how much the screen shrinks while the menu is out."),
            ])

            init(reading reader: ObjectReader) {
                self.init(shadePercent: reader.number(.shadePercent), shrinkPercent: reader.number(.shrinkPercent))
            }

            var json: JSONValue {
                var writer = ObjectWriter()
                writer.set(.shadePercent, shadePercent)
                writer.set(.shrinkPercent, shrinkPercent)
                return writer.json
            }
        }

        /// Old dialect: how the fields of dynamically fetched records map onto menu entries.
        public struct CellMapping: Sendable, Hashable {
            /// The `icon`.
            public var icon: String?
            /// The `text`.
            public var text: String?
            /// The `method` called.
            public var method: String?

            /// Creates a mapping.
            public init(icon: String? = nil, text: String? = nil, method: String? = nil) {
                self.icon = icon
                self.text = text
                self.method = method
            }

            static let shape = ObjectShape(name: "cellMapping", displayName: "navigation cell", summary: "Record fields of a dynamic menu.",
                                           properties: [
                .init("icon", .string, "Record field holding the entry's image name."),
                .init("text", .string, "Record field holding the entry's text."),
                .init("method", .string, "Record field holding the entry's method name."),
            ])

            init(reading reader: ObjectReader) {
                self.init(icon: reader.string(.icon), text: reader.string(.text), method: reader.string(.method))
            }

            var json: JSONValue {
                var writer = ObjectWriter()
                writer.set(.icon, icon)
                writer.set(.text, text)
                writer.set(.method, method)
                return writer.json
            }
        }

        /// The cache key of the definition.
        public var id: String?
        /// `nil` only for a cache stub or an old dynamic menu.
        public var implementation: Implementation?
        /// The menu entries.
        public var components: [Component]?
        /// The panel `effects`.
        public var effects: Effects?
        /// Old dialect: entries fetched from a server function…
        public var data: DynamicSource?
        /// …and mapped with this.
        public var cell: CellMapping?
        /// Old dialect panel styling.
        public var color: Colour?
        /// The `font`: a font name or family (docs/protocol/values.md#fonts); `setDefaults` when
        /// absent.
        public var font: String?
        /// The `fontsize` in points; `setDefaults` when absent.
        public var fontsize: Double?
        /// The `size` dict: where the component sits and how big it is (docs/protocol/layout.md).
        public var size: SizeSpec?
        /// The `background` colour; transparent when absent.
        public var background: Colour?

        /// Creates a navigation menu.
        public init(id: String? = nil, implementation: Implementation? = nil, components: [Component]? = nil,
                    effects: Effects? = nil, data: DynamicSource? = nil, cell: CellMapping? = nil,
                    color: Colour? = nil, font: String? = nil, fontsize: Double? = nil, size: SizeSpec? = nil,
                    background: Colour? = nil) {
            self.id = id
            self.implementation = implementation
            self.components = components
            self.effects = effects
            self.data = data
            self.cell = cell
            self.color = color
            self.font = font
            self.fontsize = fontsize
            self.size = size
            self.background = background
        }

        /// Whether this is a cache stub: only `type` and `id`.
        public var isStub: Bool {
            id != nil && implementation == nil && components == nil && effects == nil && data == nil && cell == nil
                && color == nil && font == nil && fontsize == nil && size == nil && background == nil
        }

        static let shape = ObjectShape.component("navigation", "A slide-in panel or bar-button menu.", [
            .init("id", .string, "Cache key: later pages may send only {type, id}."),
            .init("implementation", .object("implementation"), "How the menu is presented; required unless a stub."),
            .init("components", .array(.component), "menuEntry items."),
            .init("effects", .object("effects"), "Panel effects."),
            .init("data", .object("dynamic"), "Old dialect: entries fetched from a server function."),
            .init("cell", .object("cellMapping"), "Old dialect: record fields of the fetched entries."),
            .init("color", .colour, "Old dialect: panel text colour."),
            .init("font", .string, "Old dialect: panel font."),
            .init("fontsize", .boundedNumber(minimum: 0, maximum: nil, exclusiveMinimum: true), "Old dialect: panel font size."),
        ])

        init(reading reader: ObjectReader) {
            self.init(id: reader.string(.id),
                      implementation: reader.object(.implementation).flatMap(Implementation.init(reading:)),
                      components: reader.components(), effects: reader.object(.effects).map(Effects.init(reading:)),
                      data: reader.object(.data).flatMap(DynamicSource.init(reading:)),
                      cell: reader.object(.cell).map(CellMapping.init(reading:)), color: reader.colour(.color),
                      font: reader.string(.font), fontsize: reader.number(.fontsize), size: reader.size(),
                      background: reader.colour(.background))
        }

        /// The canonical JSON.
        public var json: JSONValue {
            var writer = ObjectWriter(type: "navigation")
            writer.set(.id, id)
            writer.set(.implementation, implementation?.json)
            writer.set(.components, components)
            writer.set(.effects, effects?.json)
            writer.set(.data, data?.json)
            writer.set(.cell, cell?.json)
            writer.set(.color, color)
            writer.set(.font, font)
            writer.set(.fontsize, fontsize)
            writer.set(.size, size)
            writer.set(.background, background)
            return writer.json
        }
    }
}
