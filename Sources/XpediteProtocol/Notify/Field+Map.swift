extension Field {
    /// `map` (docs/notify.md#field-types): a map with optional markers. With an `id` the user may
    /// click a location, which becomes the value; without one the map is read-only.
    public struct Map: Sendable, Hashable {
        /// `maptype`.
        public enum MapType: String, Sendable, Hashable, Codable, CaseIterable {
            /// A street map.
            case standard
            /// Satellite pictures.
            case satellite
            /// Satellite pictures with streets and names.
            case hybrid
        }

        /// One marker (pin).
        public struct Marker: Sendable, Hashable {
            /// A marker colour: an HSV hue from 0 to 359, or one of ten names (docs/notify.md).
            public enum Color: Sendable, Hashable {
                /// An HSV hue, 0 to 359.
                case hue(Double)
                /// One of the ten names, such as `"azure"`.
                case named(String)

                /// The colour names and their hues.
                public static let names: [(name: String, hue: Double)] = [
                    ("red", 0), ("orange", 30), ("yellow", 60), ("green", 120), ("cyan", 180), ("azure", 210),
                    ("blue", 240), ("violet", 270), ("magenta", 300), ("rose", 330),
                ]

                /// The hue, 0–359.
                public var hue: Double {
                    switch self {
                    case .hue(let hue): hue
                    case .named(let name): Self.names.first { $0.name == name }?.hue ?? 0
                    }
                }

                var json: JSONValue {
                    switch self {
                    case .hue(let hue): .number(hue)
                    case .named(let name): .string(name)
                    }
                }
            }

            /// The marker's label.
            public var label: String?
            /// Degrees east.
            public var longitude: Double
            /// Degrees north.
            public var latitude: Double
            /// The colour; red when absent.
            public var color: Color?

            /// Creates a marker.
            public init(label: String? = nil, longitude: Double, latitude: Double, color: Color? = nil) {
                self.label = label
                self.longitude = longitude
                self.latitude = latitude
                self.color = color
            }

            /// The colour, red by default.
            public var resolvedColor: Color { color ?? .named("red") }

            static let shape = ObjectShape(
                name: "notify.marker", displayName: "marker", expectation: "a marker {label, longitude, latitude, color}",
                summary: "A map marker.",
                properties: [
                    .init("label", .string, "The marker's label."),
                    .init("longitude", .boundedNumber(minimum: -180, maximum: 180, exclusiveMinimum: false), required: true, "Degrees east."),
                    .init("latitude", .boundedNumber(minimum: -90, maximum: 90, exclusiveMinimum: false), required: true, "Degrees north."),
                    .init("color", .anyOf([.boundedNumber(minimum: 0, maximum: 359, exclusiveMinimum: false),
                                           .oneOf(Color.names.map(\.name))]),
                          "An HSV hue 0–359 or a colour name; red by default."),
                ])

            init?(reading members: JSONObject) {
                guard let longitude = members.number("longitude"), let latitude = members.number("latitude") else { return nil }
                let color: Color? = switch members["color"] {
                case .number(let hue)?: .hue(hue)
                case .string(let name)?: .named(name)
                default: nil
                }
                self.init(label: members.string("label"), longitude: longitude, latitude: latitude, color: color)
            }

            var json: JSONValue {
                var writer = ObjectWriter()
                writer.set(name: "label", label)
                writer.set(name: "longitude", longitude)
                writer.set(name: "latitude", latitude)
                writer.set(name: "color", color?.json)
                return writer.json
            }
        }

        /// `id`: with one, the clicked location is the field's value; without one the map is read-only.
        public var id: String?
        /// `label`: the title shown above the widget.
        public var label: String?
        /// The label's `size`, `align`, `color` and `style`.
        public var labelStyle: LabelStyle
        /// `showIf`, `requiredIf`, `check` and `checkMessage` (docs/notify.md#rules).
        public var rules = Rules()
        /// `location`: the initial centre (a hidden marker when there are markers); the current
        /// location when absent and there are no markers.
        public var location: Location?
        /// `markers`.
        public var markers: [Marker]?
        /// `maptype`.
        public var maptype: MapType?
        /// `minMapWidth`: the smallest width of the view, in metres.
        public var minMapWidth: Double?
        /// `placeholder`: the prompt shown before the map is opened.
        public var placeholder: String?
        /// `default`: the initially clicked location.
        public var defaultValue: Location?
        /// `optional`: the user may submit without clicking a location (`null`).
        public var optional: Bool?

        /// Creates a `map` field.
        public init(id: String? = nil, label: String? = nil, labelStyle: LabelStyle = LabelStyle(), location: Location? = nil,
                    markers: [Marker]? = nil, maptype: MapType? = nil, minMapWidth: Double? = nil,
                    placeholder: String? = nil, defaultValue: Location? = nil, optional: Bool? = nil) {
            self.id = id
            self.label = label
            self.labelStyle = labelStyle
            self.location = location
            self.markers = markers
            self.maptype = maptype
            self.minMapWidth = minMapWidth
            self.placeholder = placeholder
            self.defaultValue = defaultValue
            self.optional = optional
        }

        /// Whether the map collects a location: it has an `id`.
        public var isInput: Bool { id != nil }

        /// `placeholder`, or its default: "View the map and select a location" with an `id`,
        /// "View the map" without.
        public var resolvedPlaceholder: String {
            placeholder ?? (isInput ? "View the map and select a location" : "View the map")
        }

        /// How the field must be answered (docs/notify.md#optional-and-default).
        public var requirement: Requirement { .of(default: defaultValue?.json, optional: optional) }

        static let shape = ObjectShape.field(
            "map",
            "A map with markers; with an id the clicked location is the value.",
            id: .optional, styled: true, [
            .init("location", .object("notify.location"), "The initial centre: a GeoJSON Point or {longitude, latitude}."),
            .init("markers", .array(.object("notify.marker")), "Markers: [{label, longitude, latitude, color}]."),
            .init("maptype", .oneOf(MapType.allCases.map(\.rawValue)), "standard, satellite or hybrid."),
            .init("minMapWidth", .boundedNumber(minimum: 0, maximum: nil, exclusiveMinimum: true), "The smallest width of the view, in metres."),
            .init("placeholder", .string, "The prompt shown before the map is opened."),
            .init("default", .object("notify.location"), "The initially clicked location."),
            .init("optional", .boolean, "The user may submit without clicking a location (null)."),
        ])

        init(reading members: JSONObject) {
            let markers = members["markers"]?.arrayValue.map { elements in
                elements.compactMap { $0.objectValue.flatMap(Marker.init(reading:)) }
            }
            self.init(id: members.string("id"), label: members.string("label"), labelStyle: LabelStyle(reading: members),
                      location: members["location"].flatMap(Location.init(json:)), markers: markers,
                      maptype: members.enum("maptype"), minMapWidth: members.number("minMapWidth"),
                      placeholder: members.string("placeholder"),
                      defaultValue: members["default"].flatMap(Location.init(json:)), optional: members.bool("optional"))
            rules = Rules(reading: members)
        }

        /// The canonical JSON; locations in the simple form.
        public var json: JSONValue {
            var writer = ObjectWriter(type: "map")
            writer.set(name: "id", id)
            writer.set(name: "label", label)
            labelStyle.write(into: &writer)
            writer.set(name: "location", location?.json)
            writer.set(name: "markers", markers.map { JSONValue.array($0.map(\.json)) })
            writer.set(name: "maptype", maptype)
            writer.set(name: "minMapWidth", minMapWidth)
            writer.set(name: "placeholder", placeholder)
            writer.set(name: "default", defaultValue?.json)
            writer.set(name: "optional", optional)
            rules.write(into: &writer)
            return writer.json
        }
    }
}
