extension Field {
    /// `markupImage` (docs/notify.md#field-types): the user draws over an image; the value is the
    /// uploaded document name of the result (`rcs/image/<uuid>.jpg`).
    public struct MarkupImage: Sendable, Hashable {
        /// `id`: the property name of the value in the response's `values`; required, unique within `fields`.
        public var id: String?
        /// `label`: the title shown above the widget.
        public var label: String?
        /// The label's `size`, `align`, `color` and `style`.
        public var labelStyle: LabelStyle
        /// `showIf`, `requiredIf`, `check` and `checkMessage` (docs/notify.md#rules).
        public var rules = Rules()
        /// `source`: `"camera"`, an http(s) URL, or a document name such as `rcs/image/<uuid>.jpg`
        /// (docs/notify.md); the camera when absent.
        public var source: String?
        /// `placeholder`: the prompt shown before the image is edited.
        public var placeholder: String?
        /// `optional`: the user may submit without marking up an image (`null`).
        public var optional: Bool?

        /// The default `source`, the camera.
        public static let defaultSource = "camera"

        /// Creates a `markupImage` field.
        public init(id: String? = nil, label: String? = nil, labelStyle: LabelStyle = LabelStyle(), source: String? = nil,
                    placeholder: String? = nil, optional: Bool? = nil) {
            self.id = id
            self.label = label
            self.labelStyle = labelStyle
            self.source = source
            self.placeholder = placeholder
            self.optional = optional
        }

        /// `source`, or the camera.
        public var resolvedSource: String { source ?? Self.defaultSource }

        /// `placeholder`, or its default: "Take a photo and mark it up" for the camera, "Mark up an image" otherwise.
        public var resolvedPlaceholder: String {
            placeholder ?? (resolvedSource == "camera" ? "Take a photo and mark it up" : "Mark up an image")
        }

        /// How the field must be answered (docs/notify.md#optional-and-default); it takes no
        /// `default`.
        public var requirement: Requirement { .of(default: nil, optional: optional) }

        /// Whether `text` is a source the field accepts: `camera`, an http(s) URL or a document name.
        static func isSource(_ text: String) -> Bool {
            text == "camera" || text.hasPrefix("http://") || text.hasPrefix("https://") || text.hasPrefix("rcs/")
        }

        static let shape = ObjectShape.field(
            "markupImage",
            "Draw over an image; the value is the uploaded document name (rcs/image/<uuid>.jpg).",
            id: .required, styled: true, [
            .init("source", .string, "\"camera\" (default), an http(s) URL, or a document name such as rcs/image/<uuid>.jpg."),
            .init("placeholder", .string, "The prompt shown before the image is edited."),
            .init("optional", .boolean, "The user may submit without marking up an image (null)."),
        ])

        init(reading members: JSONObject) {
            self.init(id: members.string("id"), label: members.string("label"), labelStyle: LabelStyle(reading: members),
                      source: members.string("source"), placeholder: members.string("placeholder"),
                      optional: members.bool("optional"))
            rules = Rules(reading: members)
        }

        /// The canonical JSON.
        public var json: JSONValue {
            var writer = ObjectWriter(type: "markupImage")
            writer.set(name: "id", id)
            writer.set(name: "label", label)
            labelStyle.write(into: &writer)
            writer.set(name: "source", source)
            writer.set(name: "placeholder", placeholder)
            writer.set(name: "optional", optional)
            rules.write(into: &writer)
            return writer.json
        }
    }
}
