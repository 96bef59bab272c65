/// The stable code of a ``ValidationIssue``. Tools match on the code, people read the message.
///
/// A struct of static members rather than an enum, like Hummingbird's `HTTPResponse.Status`, so
/// that new codes are not a source break for code that switches over them (compare with `==`,
/// or switch with a `default`). It encodes as its string, e.g. `"type-mismatch"`.
public struct IssueCode: RawRepresentable, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// The code as tools see it, e.g. `"type-mismatch"`.
    public let rawValue: String

    /// A code from its text; codes this version does not define are kept as they are.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    private init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    // Structure (the shape check)
    /// A value has the wrong JSON type.
    public static let typeMismatch = IssueCode("type-mismatch")
    /// A required key is missing.
    public static let missingKey = IssueCode("missing-key")
    /// A key the protocol does not define (ignored, reported as a warning).
    public static let unknownKey = IssueCode("unknown-key")
    /// A component `type` the protocol does not define.
    public static let unknownComponent = IssueCode("unknown-component")
    /// A string outside the values the key allows.
    public static let invalidValue = IssueCode("invalid-value")
    /// A number outside the range the key allows.
    public static let outOfRange = IssueCode("out-of-range")
    /// A colour that is not `#RRGGBB` (or the accepted `#RGB`, `#RRGGBBAA`).
    public static let invalidColour = IssueCode("invalid-colour")
    /// A colour in an accepted form other than `#RRGGBB`.
    public static let colourForm = IssueCode("colour-form")
    /// A date that is not `yyyy-MM-dd`.
    public static let invalidDate = IssueCode("invalid-date")
    /// A `bounds` string that is not `(x, y, width, height)`.
    public static let invalidBounds = IssueCode("invalid-bounds")

    // Dialects
    /// An old-dialect form, rewritten into the new dialect.
    public static let oldDialect = IssueCode("old-dialect")
    /// `options` sent as an array (PHP list): keys become "0", "1", …
    public static let optionsNotObject = IssueCode("options-not-object")
    /// Two keys that say the same thing; one of them is ignored.
    public static let supersededKey = IssueCode("superseded-key")

    // Lint rules (docs/protocol/validation.md)
    /// A setConnection reply without `version` or `token`.
    public static let missingConnectionEntry = IssueCode("missing-connection-entry")
    /// A request after setConnection without `token`.
    public static let missingToken = IssueCode("missing-token")
    /// `disposition` without a page `id`.
    public static let dispositionWithoutID = IssueCode("disposition-without-id")
    /// A form with `save` but no `id`.
    public static let formSaveWithoutID = IssueCode("form-save-without-id")
    /// An image with none of `id`, `url`, `name`.
    public static let imageWithoutSource = IssueCode("image-without-source")
    /// A navigation with neither `implementation` nor the shape of a cache stub.
    public static let navigationWithoutImplementation = IssueCode("navigation-without-implementation")
    /// A `menuEntry` outside a navigation's `components`.
    public static let menuEntryOutsideNavigation = IssueCode("menu-entry-outside-navigation")
    /// A component type that does not belong where it is (a navigation inside a form).
    public static let misplacedComponent = IssueCode("misplaced-component")
    /// Two components on one page with the same `id`.
    public static let duplicateID = IssueCode("duplicate-id")
    /// Two fields of one form with the same `name`.
    public static let duplicateName = IssueCode("duplicate-name")
    /// A standalone field whose `name` equals a form `id`.
    public static let nameCollidesWithFormID = IssueCode("name-collides-with-form-id")
    /// Two size keys for one quantity (`x` and `x%`).
    public static let conflictingSizeKeys = IssueCode("conflicting-size-keys")
    /// `width%` values in one row adding up to more than 100.
    public static let rowOverflow = IssueCode("row-overflow")
    /// Table header entries whose `scroll` values disagree.
    public static let headerScrollDisagrees = IssueCode("header-scroll-disagrees")
    /// Option keys that are numbers of different lengths ("2" sorts after "10").
    public static let numericOptionKeys = IssueCode("numeric-option-keys")
    /// An image sized by width only and loaded in the background: the screen will jump.
    public static let layoutJump = IssueCode("layout-jump")
    /// A screen's own text colour that does not reach 4.5:1 on the background the screen gives it
    /// (docs/accessibility.md#colours).
    public static let lowContrast = IssueCode("low-contrast")
    /// A method `navigation` hint other than "root".
    public static let unknownNavigationHint = IssueCode("unknown-navigation-hint")
    /// An option key (a select/radio `value`) that is not among the `options`.
    public static let unknownOption = IssueCode("unknown-option")
    /// A field `onEnter` or form `focus` that names nothing on the screen.
    public static let danglingReference = IssueCode("dangling-reference")

    // Notification payloads and response objects (docs/notify.md)
    /// A field `type` the payload model does not define (ignored, reported as a warning).
    public static let unknownFieldType = IssueCode("unknown-field-type")
    /// A `responseTopic` that is not of the form `/a/b/c`.
    public static let invalidTopic = IssueCode("invalid-topic")
    /// A value that must be unique (a choice, a button value) used twice.
    public static let duplicateValue = IssueCode("duplicate-value")
    /// A range whose `minValue` is not below its `maxValue`.
    public static let invalidRange = IssueCode("invalid-range")
    /// A date-time that is not ISO 8601 with an offset (`1991-04-20T09:30-07:00`).
    public static let invalidDateTime = IssueCode("invalid-date-time")
    /// A location that is neither a GeoJSON Point nor `{longitude, latitude}`.
    public static let invalidLocation = IssueCode("invalid-location")
    /// A required input value missing from a response's `values`.
    public static let missingValue = IssueCode("missing-value")

    // Rules of payload fields (docs/notify.md#rules)
    /// An expression that does not parse, names an unknown field or function, or cannot be typed;
    /// the issue's ``ValidationIssue/column`` is where.
    public static let invalidExpression = IssueCode("invalid-expression")
    /// Fields whose `showIf` or computed `expression` depend on each other in a circle.
    public static let expressionCycle = IssueCode("expression-cycle")
    /// A response value for a field that is hidden (its `showIf` is not true).
    public static let hiddenValue = IssueCode("hidden-value")
    /// A response value whose field's `check` is false; the message is the `checkMessage`.
    public static let checkFailed = IssueCode("check-failed")
    /// A response value for a `computed` field other than the computed one.
    public static let computedMismatch = IssueCode("computed-mismatch")

    /// Every code this version defines, in the order above.
    public static let allCases: [IssueCode] = [
        .typeMismatch,
        .missingKey,
        .unknownKey,
        .unknownComponent,
        .invalidValue,
        .outOfRange,
        .invalidColour,
        .colourForm,
        .invalidDate,
        .invalidBounds,
        .oldDialect,
        .optionsNotObject,
        .supersededKey,
        .missingConnectionEntry,
        .missingToken,
        .dispositionWithoutID,
        .formSaveWithoutID,
        .imageWithoutSource,
        .navigationWithoutImplementation,
        .menuEntryOutsideNavigation,
        .misplacedComponent,
        .duplicateID,
        .duplicateName,
        .nameCollidesWithFormID,
        .conflictingSizeKeys,
        .rowOverflow,
        .headerScrollDisagrees,
        .numericOptionKeys,
        .layoutJump,
        .lowContrast,
        .unknownNavigationHint,
        .unknownOption,
        .danglingReference,
        .unknownFieldType,
        .invalidTopic,
        .duplicateValue,
        .invalidRange,
        .invalidDateTime,
        .invalidLocation,
        .missingValue,
        .invalidExpression,
        .expressionCycle,
        .hiddenValue,
        .checkFailed,
        .computedMismatch,
    ]
}
