extension Component {
    /// `form`: groups input fields with Save and Cancel
    /// (docs/protocol/components/containers.md#form). On save every field's value goes to the
    /// server under `formdata.{id}`.
    public struct Form: Sendable, Hashable {
        /// `inline` (in the page flow, the default) or `dialog` (modal, ✕ and ✓ in the header).
        public enum Style: String, Sendable, Hashable, CaseIterable {
            /// In the page: a title row, the fields, then Cancel and Save in a footer. The default.
            case inline
            /// A modal sheet over the screen, with ✕ (cancel) and ✓ (save) in its header.
            case dialog
        }

        /// The key of the form's values in `formdata`; required when the form saves.
        public var id: String?
        /// The `style`.
        public var style: Style?
        /// The `title`: the field's label.
        public var title: String?
        /// `save`: called by the Save button with `formdata.{id}`.
        public var save: MethodCall?
        /// The Save button's label ("Save" when absent).
        public var saveNavigation: String?
        /// `cancel`: called by the Cancel button.
        public var cancel: MethodCall?
        /// The Cancel button's label ("Cancel" when absent).
        public var cancelNavigation: String?
        /// The nested `components`.
        public var components: [Component]
        /// Old dialect: the `name` of the field that takes focus first.
        public var focus: String?
        /// The `size` dict: where the component sits and how big it is (docs/protocol/layout.md).
        public var size: SizeSpec?
        /// The `background` colour; transparent when absent.
        public var background: Colour?

        /// Creates a form.
        public init(id: String? = nil, style: Style? = nil, title: String? = nil, save: MethodCall? = nil,
                    saveNavigation: String? = nil, cancel: MethodCall? = nil, cancelNavigation: String? = nil,
                    components: [Component] = [], focus: String? = nil, size: SizeSpec? = nil,
                    background: Colour? = nil) {
            self.id = id
            self.style = style
            self.title = title
            self.save = save
            self.saveNavigation = saveNavigation
            self.cancel = cancel
            self.cancelNavigation = cancelNavigation
            self.components = components
            self.focus = focus
            self.size = size
            self.background = background
        }

        static let shape = ObjectShape.component("form", "Groups input fields with Save and Cancel.", [
            .init("id", .string, "Key of the form's values in formdata; required for save."),
            .init("style", .oneOf(Style.allCases.map(\.rawValue)), "inline (default) or dialog (modal)."),
            .init("title", .string, "Title bar (inline) or header title (dialog)."),
            .init("save", .object("method"), "Called by Save with formdata.{id}."),
            .init("saveNavigation", .string, "Label of the Save button (default \"Save\")."),
            .init("cancel", .object("method"), "Called by Cancel."),
            .init("cancelNavigation", .string, "Label of the Cancel button (default \"Cancel\")."),
            .init("components", .array(.component), required: true, "The form's fields and other components."),
            .init("focus", .string, "Old dialect: name of the field focused first."),
        ])

        init(reading reader: ObjectReader) {
            self.init(id: reader.string(.id), style: reader.enum(.style), title: reader.string(.title),
                      save: reader.method(.save), saveNavigation: reader.string(.saveNavigation),
                      cancel: reader.method(.cancel), cancelNavigation: reader.string(.cancelNavigation),
                      components: reader.components() ?? [], focus: reader.string(.focus), size: reader.size(),
                      background: reader.colour(.background))
        }

        /// The canonical JSON.
        public var json: JSONValue {
            var writer = ObjectWriter(type: "form")
            writer.set(.id, id)
            writer.set(.style, style)
            writer.set(.title, title)
            writer.set(.save, save)
            writer.set(.saveNavigation, saveNavigation)
            writer.set(.cancel, cancel)
            writer.set(.cancelNavigation, cancelNavigation)
            writer.set(.components, components)
            writer.set(.focus, focus)
            writer.set(.size, size)
            writer.set(.background, background)
            return writer.json
        }
    }
}
