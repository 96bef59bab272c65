// The field types of a payload (docs/notify.md#field-types) and each one's attributes: the one
// table the designer draws its property forms from. Tests/Web/console/field-types.test.mjs checks
// it against the JSON Schema the server validates with (`xpedite notify schema`, served in
// openapi.json), so that a type or an attribute cannot be added to one and not the other.
// No DOM here, so that Node can test it.

/**
 * How an attribute is edited and written in JSON.
 * - `text`, `expression`: a string; `date`, `datetime`: an ISO date or date-time string;
 * - `integer`, `number`, `boolean`: that JSON type; `choiceValue`: a string or a number;
 * - `enum`: one of `options`; `color`: `#RRGGBB`; `fontSize`: a number or a numeric string;
 * - `choices`: `[string | {label, value}]`; `buttons`: `[{label, value: integer}]`;
 * - `location`: `{longitude, latitude}` or a GeoJSON Point; `markers`: `[{label, longitude, latitude, color}]`.
 * @typedef {"text" | "expression" | "date" | "datetime" | "integer" | "number" | "boolean" | "choiceValue" | "enum" | "color" | "fontSize" | "choices" | "buttons" | "location" | "markers"} AttributeKind
 */

/**
 * One attribute of a field type.
 * @typedef {object} Attribute
 * @property {string} name its JSON key
 * @property {AttributeKind} kind how it is edited
 * @property {string | number | boolean} [default] the value the app uses when it is not given
 * @property {string} [defaultText] the default said in words, when it depends on something else
 * @property {boolean} [required] the payload is refused without it
 * @property {readonly string[]} [options] the allowed values of an `enum`, or the known ones of a `text`
 * @property {string} help a short description, shown beside it
 */

/**
 * A field type.
 * @typedef {object} FieldType
 * @property {string} type its name
 * @property {"input" | "submit" | "display"} role whether it gives a value, submits, or only shows
 * @property {string} summary what it is, in a few words
 * @property {Attribute[]} attributes in the order the form shows them (`type` is not one)
 */

/**
 * @param {Partial<Attribute> & {name: string, kind: AttributeKind}} attribute
 * @returns {Attribute}
 */
const attr = (attribute) => ({ help: "", ...attribute });

const styles = /** @type {const} */ (["plain", "bold", "italic", "bold-italic"]);

/** The label and its four styling attributes. */
const label = [
  attr({ name: "label", kind: "text", help: "Title shown above the widget." }),
  attr({ name: "size", kind: "fontSize", default: "18", help: "Font size of the label." }),
  attr({ name: "align", kind: "enum", options: ["left", "right", "center"], default: "center", help: "Alignment of the label." }),
  attr({ name: "color", kind: "color", default: "#000000", help: "Colour of the label." }),
  attr({ name: "style", kind: "enum", options: styles, default: "plain", help: "Style of the label." }),
];

/** An input field's id. */
const inputId = attr({ name: "id", kind: "text", required: true, help: "The name of the value in the answer; unique." });
/** The id of a field that gives no value. */
const otherId = attr({ name: "id", kind: "text", help: "Optional identifier; unique." });
const optional = attr({ name: "optional", kind: "boolean", default: false, help: "The user may skip it (null)." });

/**
 * The rules of an input field (docs/notify.md#rules).
 * @param {boolean} requiredIf whether it takes `requiredIf` (not `computed`)
 * @returns {Attribute[]}
 */
const rules = (requiredIf = true) => [
  attr({ name: "showIf", kind: "expression", help: "Shown and sent only when this is true." }),
  ...(requiredIf ? [attr({ name: "requiredIf", kind: "expression", help: "A value is required when this is true." })] : []),
  attr({ name: "check", kind: "expression", help: "The answer is refused when this is false." }),
  attr({ name: "checkMessage", kind: "text", help: "The message of a failed check." }),
];

/**
 * @param {string} placeholder its default
 * @returns {Attribute}
 */
const placeholder = (placeholder) => attr({ name: "placeholder", kind: "text", default: placeholder, help: "The prompt shown before it is used." });

/**
 * A recording's attributes.
 * @param {number} maxSizeK
 * @returns {Attribute[]}
 */
const recording = (maxSizeK) => [
  inputId,
  ...label,
  attr({ name: "maxDurationSeconds", kind: "integer", default: 10, help: "The longest clip, in seconds." }),
  attr({ name: "maxSizeK", kind: "integer", default: maxSizeK, help: "The largest file, in KB." }),
  placeholder("Start Recording"),
  optional,
  ...rules(),
];

/**
 * A number input's attributes.
 * @param {"integer" | "number"} kind
 * @returns {Attribute[]}
 */
const numberInput = (kind) => [
  inputId,
  ...label,
  attr({ name: "flavor", kind: "enum", options: ["text", "slider"], default: "text", help: "A text field or a slider." }),
  attr({ name: "minValue", kind, default: 0, help: "The smallest allowed value." }),
  attr({ name: "maxValue", kind, default: 100, help: "The largest allowed value." }),
  attr({ name: "units", kind: "text", default: "", help: "Text right of a text field." }),
  placeholder(""),
  attr({ name: "default", kind, defaultText: "none (a slider starts at minValue)", help: "The initial value, within range." }),
  attr({ name: "optional", kind: "boolean", default: false, help: "A text field may be left empty; ignored for a slider." }),
  ...rules(),
];

/** @type {Attribute[]} */
const choice = [
  inputId,
  ...label,
  attr({ name: "values", kind: "choices", required: true, help: "The choices: texts, or label and value pairs." }),
  attr({ name: "default", kind: "choiceValue", help: "The value chosen at first; one of the values." }),
  optional,
  attr({ name: "placeholder", kind: "text", help: "The prompt shown before a choice is made." }),
  ...rules(),
];

/**
 * @param {string} type
 * @param {FieldType["role"]} role
 * @param {string} summary
 * @param {Attribute[]} attributes
 * @returns {FieldType}
 */
const fieldType = (type, role, summary, attributes) => ({ type, role, summary, attributes });

/** Every field type, by name (alphabetical, as docs/notify.md lists them). */
export const fieldTypes = [
  fieldType("audio", "input", "Records a sound clip", recording(100)),
  fieldType("barcode", "input", "Scans a barcode or QR code", [inputId, ...label, placeholder("Scan Barcode"),
    attr({ name: "default", kind: "text", help: "Used as if it had been scanned." }), optional, ...rules()]),
  fieldType("buttonCluster", "submit", "Buttons in the form that submit", [otherId, ...label,
    attr({ name: "values", kind: "buttons", required: true, help: "The buttons: label and submit value." })]),
  fieldType("camera", "input", "Takes a photo", [inputId, ...label, placeholder("Take Photo"), optional, ...rules()]),
  fieldType("checkbox", "input", "A box to tick", [inputId, ...label,
    attr({ name: "default", kind: "boolean", default: false, help: "The initial state." }),
    attr({ name: "checkboxLabel", kind: "text", default: "", help: "The text beside the box." }),
    attr({ name: "optional", kind: "boolean", defaultText: "always optional", help: "A checkbox is always optional." }), ...rules()]),
  fieldType("computed", "input", "A value worked out from others", [inputId, ...label,
    attr({ name: "expression", kind: "expression", required: true, help: "The expression that gives the value." }), ...rules(false)]),
  fieldType("currentDateTime", "input", "The date and time of the answer (no UI)", [inputId, ...label, ...rules()]),
  fieldType("currentLocation", "input", "The location of the answer (no UI)", [inputId, ...label, ...rules()]),
  fieldType("dashboard", "display", "Opens a dashboard", [otherId, ...label,
    attr({ name: "startTab", kind: "text", help: "The label of the tab to open." }), placeholder("View the Dashboard")]),
  fieldType("date", "input", "A date", [inputId, ...label, placeholder(""),
    attr({ name: "default", kind: "date", help: "An ISO date, e.g. 1991-04-20." }), optional, ...rules()]),
  fieldType("datetime", "input", "A date and time", [inputId, ...label, placeholder(""),
    attr({ name: "default", kind: "datetime", help: "An ISO date-time, e.g. 1991-04-20T09:30-07:00." }), optional, ...rules()]),
  fieldType("document", "display", "A link to a document or a captured medium", [otherId, ...label,
    attr({ name: "url", kind: "text", required: true, help: "The URL, or a document name for the v… flavors." }),
    attr({ name: "flavor", kind: "text", options: ["pdf", "html", "vaudio", "vimage", "vvideo"], help: "pdf, html, vaudio, vimage or vvideo." }),
    attr({ name: "placeholder", kind: "text", defaultText: "View the PDF document / View the Web document", help: "The prompt shown before it is opened." })]),
  fieldType("droplist", "input", "A list to choose from", choice),
  fieldType("footerButton", "submit", "A button in the footer that submits", [otherId, ...label,
    attr({ name: "buttonLabel", kind: "text", required: true, help: "The button's text." }),
    attr({ name: "value", kind: "integer", required: true, help: "The submitValue; unique among the buttons." })]),
  fieldType("image", "display", "Shows an image", [otherId, ...label,
    attr({ name: "url", kind: "text", required: true, help: "The image to show." })]),
  fieldType("inlineButton", "submit", "A button in the form that submits", [otherId, ...label,
    attr({ name: "buttonLabel", kind: "text", required: true, help: "The button's text." }),
    attr({ name: "value", kind: "integer", required: true, help: "The submitValue; unique among the buttons." }),
    attr({ name: "buttonLabelSize", kind: "fontSize", default: "18", help: "Font size of the button text." }),
    attr({ name: "buttonLabelStyle", kind: "enum", options: styles, default: "plain", help: "Style of the button text." }),
    attr({ name: "buttonLabelColor", kind: "color", default: "#D0D0D0", help: "Colour of the button text." }),
    attr({ name: "buttonBackgroundColor", kind: "color", default: "#000000", help: "The button's background colour." })]),
  fieldType("inputInteger", "input", "A whole number", numberInput("integer")),
  fieldType("inputReal", "input", "A number", numberInput("number")),
  fieldType("inputString", "input", "A text", [inputId, ...label, placeholder(""),
    attr({ name: "default", kind: "text", help: "The initial text." }), optional, ...rules()]),
  fieldType("map", "input", "A map; with an id, the clicked location", [otherId, ...label,
    attr({ name: "location", kind: "location", defaultText: "the current location", help: "The initial centre." }),
    attr({ name: "markers", kind: "markers", help: "Markers: label, longitude, latitude, colour (a hue or a name)." }),
    attr({ name: "maptype", kind: "enum", options: ["standard", "satellite", "hybrid"], default: "standard", help: "The kind of map." }),
    attr({ name: "minMapWidth", kind: "number", help: "The smallest width of the view, in metres." }),
    attr({ name: "placeholder", kind: "text", defaultText: "View the map and select a location / View the map", help: "The prompt shown before the map is opened." }),
    attr({ name: "default", kind: "location", help: "The location clicked at first." }), optional]),
  fieldType("markupImage", "input", "A photo or image to draw on", [inputId, ...label,
    attr({ name: "source", kind: "text", default: "camera", help: "camera, an http(s) URL, or a document name." }),
    attr({ name: "placeholder", kind: "text", defaultText: "Take a photo and mark it up / Mark up an image", help: "The prompt shown before it is edited." }),
    attr({ name: "optional", kind: "boolean", default: false, help: "The user may skip it (null)." }), ...rules()]),
  fieldType("radioButtons", "input", "Choices as radio buttons", choice),
  fieldType("sectionLabel", "display", "A section heading", [otherId, attr({ name: "label", kind: "text", help: "The heading." })]),
  fieldType("text", "display", "A text to read", [otherId, ...label]),
  fieldType("video", "input", "Records a video clip", recording(1000)),
];

/** The names of the field types. */
export const fieldTypeNames = fieldTypes.map((entry) => entry.type);

/**
 * The field type of that name, or undefined for one the console does not know.
 * @param {unknown} type
 * @returns {FieldType | undefined}
 */
export function fieldTypeNamed(type) {
  return fieldTypes.find((entry) => entry.type === type);
}

/**
 * The default of an attribute in words, as the form shows it ("" when it has none).
 * @param {Attribute} attribute
 * @returns {string}
 */
export function defaultText(attribute) {
  if (attribute.defaultText !== undefined) return attribute.defaultText;
  if (attribute.default === undefined) return "";
  if (attribute.default === "") return '"" (empty)';
  return String(attribute.default);
}
