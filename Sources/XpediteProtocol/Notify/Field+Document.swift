extension Field {
    /// `document` (docs/notify.md#field-types): opens a document (a PDF, a web page, or media
    /// captured earlier by an audio, camera or video field); no value.
    public struct Document: Sendable, Hashable {
        /// How a document is shown. Unknown flavors are kept and shown as a web link
        /// (docs/notify.md).
        public enum Flavor: String, Sendable, Hashable, Codable, CaseIterable {
            /// A PDF document.
            case pdf
            /// A web page.
            case html
            /// A sound clip stored by an `audio` field.
            case vaudio
            /// A picture stored by a `camera` or `markupImage` field.
            case vimage
            /// A video clip stored by a `video` field.
            case vvideo
        }

        /// `id`: optional; unique within `fields` when given.
        public var id: String?
        /// `label`: the title shown above the widget.
        public var label: String?
        /// The label's `size`, `align`, `color` and `style`.
        public var labelStyle: LabelStyle
        /// `url`: the document (an http(s) URL, or a document name for the `v…` flavors).
        public var url: String
        /// `flavor` as sent; see ``resolvedFlavor``.
        public var flavor: String?
        /// `placeholder`: the prompt shown before the document is opened.
        public var placeholder: String?

        /// Creates a `document` field.
        public init(id: String? = nil, label: String? = nil, labelStyle: LabelStyle = LabelStyle(), url: String,
                    flavor: String? = nil, placeholder: String? = nil) {
            self.id = id
            self.label = label
            self.labelStyle = labelStyle
            self.url = url
            self.flavor = flavor
            self.placeholder = placeholder
        }

        /// The flavor: as sent when known; when absent, `pdf` for a URL ending in `.pdf`, the
        /// matching `v…` flavor for a document name `rcs/audio|image|video/…`, `html` otherwise.
        /// `nil` for an unknown flavor (shown as a web link).
        public var resolvedFlavor: Flavor? {
            if let flavor { return Flavor(rawValue: flavor) }
            if url.hasPrefix("rcs/audio/") { return .vaudio }
            if url.hasPrefix("rcs/image/") { return .vimage }
            if url.hasPrefix("rcs/video/") { return .vvideo }
            return url.lowercased().hasSuffix(".pdf") ? .pdf : .html
        }

        /// `placeholder`, or its default: "View the PDF document" for a PDF, "View the Web document" otherwise.
        public var resolvedPlaceholder: String {
            placeholder ?? (resolvedFlavor == .pdf ? "View the PDF document" : "View the Web document")
        }

        static let shape = ObjectShape.field(
            "document",
            "Opens a document (pdf, html, or captured media by its document name); no value.",
            id: .optional, styled: true, [
            .init("url", .string, required: true, "The document's URL, or a document name for the v… flavors."),
            .init("flavor", .string, "pdf, html, vaudio, vimage or vvideo; unknown flavors are shown as a web link."),
            .init("placeholder", .string, "The prompt shown before the document is opened."),
        ])

        init(reading members: JSONObject) {
            self.init(id: members.string("id"), label: members.string("label"), labelStyle: LabelStyle(reading: members),
                      url: members.string("url") ?? "", flavor: members.string("flavor"),
                      placeholder: members.string("placeholder"))
        }

        /// The canonical JSON.
        public var json: JSONValue {
            var writer = ObjectWriter(type: "document")
            writer.set(name: "id", id)
            writer.set(name: "label", label)
            labelStyle.write(into: &writer)
            writer.set(name: "url", url)
            writer.set(name: "flavor", flavor)
            writer.set(name: "placeholder", placeholder)
            return writer.json
        }
    }
}
