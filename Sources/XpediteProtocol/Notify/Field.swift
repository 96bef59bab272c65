/// One entry of a payload's `fields` array (docs/notify.md#field-types): one widget of the form.
///
/// Each case carries the wire type of its family, nested under `Field` (`Field.Camera`,
/// `Field.Choice`, …). Types with the same structure share one: `droplist` and `radioButtons` share
/// ``Choice``, `inputInteger` and `inputReal` ``NumberInput``, `audio` and `video` ``Recording``,
/// and `inputString`, `barcode`, `date` and `datetime` ``TextInput``. A type the model does not
/// know is kept as ``unknown(type:members:)``: the app ignores it (docs/notify.md#field-types) and
/// the validator reports it as a warning.
public enum Field: Sendable, Hashable {
    /// `audio`: records a sound clip.
    case audio(Recording)
    /// `barcode`: scans a barcode into text.
    case barcode(TextInput)
    /// `buttonCluster`: a row of buttons, each submitting a value.
    case buttonCluster(ButtonCluster)
    /// `camera`: takes a photo.
    case camera(Camera)
    /// `checkbox`: a boolean.
    case checkbox(Checkbox)
    /// `computed`: a read-only value computed from the other fields by an expression.
    case computed(Computed)
    /// `currentDateTime`: the moment of the answer, filled in by the app.
    case currentDateTime(CurrentDateTime)
    /// `currentLocation`: the phone's location, filled in by the app.
    case currentLocation(CurrentLocation)
    /// `date`: a calendar date.
    case date(TextInput)
    /// `datetime`: a date and a time.
    case datetime(TextInput)
    /// `dashboard`: a button that opens a dashboard; no input.
    case dashboard(Dashboard)
    /// `document`: opens a document; no input.
    case document(Document)
    /// `droplist`: one choice from a drop-down list.
    case droplist(Choice)
    /// `footerButton`: a button in the form's footer that submits it.
    case footerButton(FooterButton)
    /// `image`: a small picture the user can zoom; no input.
    case image(Image)
    /// `inlineButton`: a button among the fields that submits the form.
    case inlineButton(InlineButton)
    /// `inputInteger`: a whole number.
    case inputInteger(NumberInput)
    /// `inputReal`: a number with a fraction.
    case inputReal(NumberInput)
    /// `inputString`: a line of text.
    case inputString(TextInput)
    /// `map`: a map with markers; with an `id`, the location tapped is the value.
    case map(Map)
    /// `markupImage`: a picture the user draws on.
    case markupImage(MarkupImage)
    /// `radioButtons`: one choice from radio buttons.
    case radioButtons(Choice)
    /// `sectionLabel`: a heading between fields; no input.
    case sectionLabel(SectionLabel)
    /// `text`: a styled label; no input.
    case text(Text)
    /// `video`: records a video clip.
    case video(Recording)
    /// A `type` the model does not define, kept as sent.
    case unknown(type: String, members: JSONObject)

    /// The 25 field types, in the order of docs/notify.md#field-types.
    public static let types: [String] = [
        "audio", "barcode", "buttonCluster", "camera", "checkbox", "computed", "currentDateTime", "currentLocation", "date",
        "datetime", "dashboard", "document", "droplist", "footerButton", "image", "inlineButton", "inputInteger",
        "inputReal", "inputString", "map", "markupImage", "radioButtons", "sectionLabel", "text", "video",
    ]

    /// The definition of every field type, keyed by `type`.
    static let shapes: [String: ObjectShape] = {
        let all = [
            Recording.shape(.audio), TextInput.shape(.barcode), ButtonCluster.shape, Camera.shape, Checkbox.shape, Computed.shape,
            CurrentDateTime.shape,
            CurrentLocation.shape, TextInput.shape(.date), TextInput.shape(.datetime), Dashboard.shape, Document.shape,
            Choice.shape("droplist"), FooterButton.shape, Image.shape, InlineButton.shape, NumberInput.shape("inputInteger"),
            NumberInput.shape("inputReal"), TextInput.shape(.inputString), Map.shape, MarkupImage.shape, Choice.shape("radioButtons"),
            SectionLabel.shape, Text.shape, Recording.shape(.video),
        ]
        // Every input field takes the rules (docs/notify.md#rules); `computed` lists its own.
        let withRules = all.map { shape in
            inputTypes.contains(shape.displayName) && shape.displayName != "computed" ? shape.adding(Rules.properties) : shape
        }
        return Dictionary(uniqueKeysWithValues: withRules.map { ($0.displayName, $0) })
    }()

    /// The types whose fields produce a value and so require an `id` (`map` only with an `id`).
    public static let inputTypes: Set<String> = [
        "audio", "barcode", "camera", "checkbox", "computed", "currentDateTime", "currentLocation", "date", "datetime", "droplist",
        "inputInteger", "inputReal", "inputString", "markupImage", "radioButtons", "video",
    ]

    /// The types that submit the form; their `value`s become the response's `submitValue`.
    public static let submitTypes: Set<String> = ["buttonCluster", "footerButton", "inlineButton"]

    /// Builds a field from an object; `nil` when `type` is missing or not a string.
    init?(reading members: JSONObject) {
        guard let type = members.string("type") else { return nil }
        switch type {
        case "audio": self = .audio(Recording(.audio, reading: members))
        case "barcode": self = .barcode(TextInput(.barcode, reading: members))
        case "buttonCluster": self = .buttonCluster(ButtonCluster(reading: members))
        case "camera": self = .camera(Camera(reading: members))
        case "checkbox": self = .checkbox(Checkbox(reading: members))
        case "computed": self = .computed(Computed(reading: members))
        case "currentDateTime": self = .currentDateTime(CurrentDateTime(reading: members))
        case "currentLocation": self = .currentLocation(CurrentLocation(reading: members))
        case "date": self = .date(TextInput(.date, reading: members))
        case "datetime": self = .datetime(TextInput(.datetime, reading: members))
        case "dashboard": self = .dashboard(Dashboard(reading: members))
        case "document": self = .document(Document(reading: members))
        case "droplist": self = .droplist(Choice(reading: members))
        case "footerButton": self = .footerButton(FooterButton(reading: members))
        case "image": self = .image(Image(reading: members))
        case "inlineButton": self = .inlineButton(InlineButton(reading: members))
        case "inputInteger": self = .inputInteger(NumberInput(reading: members))
        case "inputReal": self = .inputReal(NumberInput(reading: members))
        case "inputString": self = .inputString(TextInput(.inputString, reading: members))
        case "map": self = .map(Map(reading: members))
        case "markupImage": self = .markupImage(MarkupImage(reading: members))
        case "radioButtons": self = .radioButtons(Choice(reading: members))
        case "sectionLabel": self = .sectionLabel(SectionLabel(reading: members))
        case "text": self = .text(Text(reading: members))
        case "video": self = .video(Recording(.video, reading: members))
        default: self = .unknown(type: type, members: members)
        }
    }

    /// The wire `type`.
    public var type: String {
        switch self {
        case .audio: "audio"
        case .barcode: "barcode"
        case .buttonCluster: "buttonCluster"
        case .camera: "camera"
        case .checkbox: "checkbox"
        case .computed: "computed"
        case .currentDateTime: "currentDateTime"
        case .currentLocation: "currentLocation"
        case .date: "date"
        case .datetime: "datetime"
        case .dashboard: "dashboard"
        case .document: "document"
        case .droplist: "droplist"
        case .footerButton: "footerButton"
        case .image: "image"
        case .inlineButton: "inlineButton"
        case .inputInteger: "inputInteger"
        case .inputReal: "inputReal"
        case .inputString: "inputString"
        case .map: "map"
        case .markupImage: "markupImage"
        case .radioButtons: "radioButtons"
        case .sectionLabel: "sectionLabel"
        case .text: "text"
        case .video: "video"
        case .unknown(let type, _): type
        }
    }

    /// The field's `id`, if it has one.
    public var id: String? {
        switch self {
        case .audio(let f): f.id
        case .barcode(let f): f.id
        case .buttonCluster(let f): f.id
        case .camera(let f): f.id
        case .checkbox(let f): f.id
        case .computed(let f): f.id
        case .currentDateTime(let f): f.id
        case .currentLocation(let f): f.id
        case .date(let f): f.id
        case .datetime(let f): f.id
        case .dashboard(let f): f.id
        case .document(let f): f.id
        case .droplist(let f), .radioButtons(let f): f.id
        case .footerButton(let f): f.id
        case .image(let f): f.id
        case .inlineButton(let f): f.id
        case .inputInteger(let f), .inputReal(let f): f.id
        case .inputString(let f): f.id
        case .map(let f): f.id
        case .markupImage(let f): f.id
        case .sectionLabel(let f): f.id
        case .text(let f): f.id
        case .video(let f): f.id
        case .unknown(_, let members): members.string("id")
        }
    }

    /// How an input field must be answered (docs/notify.md#optional-and-default); `nil` for fields
    /// that produce no value (display fields, buttons, a map without `id`, unknown types).
    public var requirement: Requirement? {
        switch self {
        case .audio(let f): f.requirement
        case .barcode(let f): f.requirement
        case .camera(let f): f.requirement
        case .checkbox(let f): f.requirement
        case .computed: .optional
        case .currentDateTime(let f): f.requirement
        case .currentLocation(let f): f.requirement
        case .date(let f): f.requirement
        case .datetime(let f): f.requirement
        case .droplist(let f), .radioButtons(let f): f.requirement
        case .inputInteger(let f), .inputReal(let f): f.requirement
        case .inputString(let f): f.requirement
        case .map(let f): f.isInput ? f.requirement : nil
        case .markupImage(let f): f.requirement
        case .video(let f): f.requirement
        case .buttonCluster, .dashboard, .document, .footerButton, .image, .inlineButton, .sectionLabel, .text, .unknown:
            nil
        }
    }

    /// Whether the field produces a value in the response's `values` (under its `id`).
    public var isInput: Bool { requirement != nil }

    /// The field's `showIf`, `requiredIf`, `check` and `checkMessage` (docs/notify.md#rules);
    /// `nil` for a field that produces no value.
    public var rules: Rules? {
        switch self {
        case .audio(let f), .video(let f): f.rules
        case .barcode(let f), .date(let f), .datetime(let f), .inputString(let f): f.rules
        case .camera(let f): f.rules
        case .checkbox(let f): f.rules
        case .computed(let f): f.rules
        case .currentDateTime(let f): f.rules
        case .currentLocation(let f): f.rules
        case .droplist(let f), .radioButtons(let f): f.rules
        case .inputInteger(let f), .inputReal(let f): f.rules
        case .map(let f): f.isInput ? f.rules : nil
        case .markupImage(let f): f.rules
        case .buttonCluster, .dashboard, .document, .footerButton, .image, .inlineButton, .sectionLabel, .text, .unknown:
            nil
        }
    }

    /// The `submitValue`s of a button field: its `value`, or each of a cluster's values.
    public var submitValues: [Int] {
        switch self {
        case .footerButton(let f): [f.value]
        case .inlineButton(let f): [f.value]
        case .buttonCluster(let f): f.values.map(\.value)
        default: []
        }
    }

    /// The canonical JSON.
    public var json: JSONValue {
        switch self {
        case .audio(let f): f.json
        case .barcode(let f): f.json
        case .buttonCluster(let f): f.json
        case .camera(let f): f.json
        case .checkbox(let f): f.json
        case .computed(let f): f.json
        case .currentDateTime(let f): f.json
        case .currentLocation(let f): f.json
        case .date(let f): f.json
        case .datetime(let f): f.json
        case .dashboard(let f): f.json
        case .document(let f): f.json
        case .droplist(let f): f.json(type: "droplist")
        case .footerButton(let f): f.json
        case .image(let f): f.json
        case .inlineButton(let f): f.json
        case .inputInteger(let f): f.json(type: "inputInteger")
        case .inputReal(let f): f.json(type: "inputReal")
        case .inputString(let f): f.json
        case .map(let f): f.json
        case .markupImage(let f): f.json
        case .radioButtons(let f): f.json(type: "radioButtons")
        case .sectionLabel(let f): f.json
        case .text(let f): f.json
        case .video(let f): f.json
        case .unknown(_, let members): .object(members)
        }
    }
}

extension ObjectShape {
    /// Whether a field type requires an `id`.
    enum FieldID {
        case required
        case optional
    }

    /// A field definition (docs/notify.md#field-types): `type`, `id`, `label` with its four styling
    /// properties (only `label` when `styled` is false), then the type's own keys.
    static func field(_ type: String, _ summary: String, id: FieldID, styled: Bool, _ properties: [Property]) -> ObjectShape {
        var all: [Property] = [.init("type", .oneOf([type]), required: true, "The field type.")]
        switch id {
        case .required:
            all.append(.init("id", .string, required: true,
                             "The property name of the value in the response's values; unique within fields."))
        case .optional:
            all.append(.init("id", .string, "Optional identifier; unique within fields."))
        }
        all += styled ? Field.LabelStyle.properties : [.init("label", .string, "The text shown.")]
        all += properties
        return ObjectShape(name: "notify.field." + type, displayName: type, summary: summary, properties: all)
    }
}
