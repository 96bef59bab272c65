extension Field {
    /// `audio` and `video` (docs/notify.md#field-types), which have the same structure: the user
    /// records a short clip, uploaded as a document whose name is the value
    /// (`rcs/audio/<uuid>.m4a`, `rcs/video/<uuid>.mp4`). They differ only in their type and the
    /// default `maxSizeK`.
    public struct Recording: Sendable, Hashable {
        /// Which recording field this is.
        public enum Kind: String, Sendable, Hashable, CaseIterable {
            /// `audio`: an audio clip.
            case audio
            /// `video`: a video clip.
            case video

            /// The default `maxSizeK`: 100 KB of audio, 1000 KB of video.
            public var defaultMaxSizeK: Int { self == .audio ? 100 : 1000 }

            var summary: String {
                switch self {
                case .audio: "Records a short audio clip; the value is the uploaded document name (rcs/audio/<uuid>.m4a)."
                case .video: "Records a short video clip; the value is the uploaded document name (rcs/video/<uuid>.mp4)."
                }
            }
        }

        /// `audio` or `video`.
        public var kind: Kind
        /// `id`: the property name of the value in the response's `values`; required, unique within `fields`.
        public var id: String?
        /// `label`: the title shown above the widget.
        public var label: String?
        /// The label's `size`, `align`, `color` and `style`.
        public var labelStyle: LabelStyle
        /// `showIf`, `requiredIf`, `check` and `checkMessage` (docs/notify.md#rules).
        public var rules = Rules()
        /// `maxDurationSeconds`: the longest clip, in seconds.
        public var maxDurationSeconds: Int?
        /// `maxSizeK`: the largest file, in KB (not supported on iOS).
        public var maxSizeK: Int?
        /// `placeholder`: the prompt shown in the field's body before it is used.
        public var placeholder: String?
        /// `optional`: the user may skip the field; a skipped field is returned as `null`
        /// (docs/notify.md#optional-and-default).
        public var optional: Bool?

        /// The default `maxDurationSeconds`.
        public static let defaultMaxDurationSeconds: Int = 10
        /// The default `placeholder`.
        public static let defaultPlaceholder: String = "Start Recording"

        /// Creates an `audio` or `video` field.
        public init(_ kind: Kind, id: String? = nil, label: String? = nil, labelStyle: LabelStyle = LabelStyle(),
                    maxDurationSeconds: Int? = nil, maxSizeK: Int? = nil, placeholder: String? = nil,
                    optional: Bool? = nil) {
            self.kind = kind
            self.id = id
            self.label = label
            self.labelStyle = labelStyle
            self.maxDurationSeconds = maxDurationSeconds
            self.maxSizeK = maxSizeK
            self.placeholder = placeholder
            self.optional = optional
        }

        /// `maxDurationSeconds`, or its default.
        public var resolvedMaxDurationSeconds: Int { maxDurationSeconds ?? Self.defaultMaxDurationSeconds }

        /// `maxSizeK`, or the default of the kind.
        public var resolvedMaxSizeK: Int { maxSizeK ?? kind.defaultMaxSizeK }

        /// `placeholder`, or its default.
        public var resolvedPlaceholder: String { placeholder ?? Self.defaultPlaceholder }

        /// How the field must be answered (docs/notify.md#optional-and-default): no `default`
        /// exists for recordings.
        public var requirement: Requirement { .of(default: nil, optional: optional) }

        static func shape(_ kind: Kind) -> ObjectShape {
            ObjectShape.field(kind.rawValue, kind.summary, id: .required, styled: true, [
                .init("maxDurationSeconds", .boundedInteger(minimum: 1), "The longest clip, in seconds."),
                .init("maxSizeK", .boundedInteger(minimum: 1), "The largest file, in KB (not supported on iOS)."),
                .init("placeholder", .string, "The prompt shown in the field's body before it is used."),
                .init("optional", .boolean, "The user may skip the field; a skipped field is returned as `null` (docs/notify.md#optional-and-default)."),
            ])
        }

        init(_ kind: Kind, reading members: JSONObject) {
            self.init(kind,
                      id: members.string("id"),
                      label: members.string("label"),
                      labelStyle: LabelStyle(reading: members),
                      maxDurationSeconds: members.int("maxDurationSeconds"),
                      maxSizeK: members.int("maxSizeK"),
                      placeholder: members.string("placeholder"),
                      optional: members.bool("optional"))
            rules = Rules(reading: members)
        }

        /// The canonical JSON.
        public var json: JSONValue {
            var writer = ObjectWriter(type: kind.rawValue)
            writer.set(name: "id", id)
            writer.set(name: "label", label)
            labelStyle.write(into: &writer)
            writer.set(name: "maxDurationSeconds", maxDurationSeconds)
            writer.set(name: "maxSizeK", maxSizeK)
            writer.set(name: "placeholder", placeholder)
            writer.set(name: "optional", optional)
            rules.write(into: &writer)
            return writer.json
        }
    }
}
