/// The stable code of a ``ValidationIssue``. Tools match on the code, people read the message.
public enum IssueCode: String, Sendable, Hashable, Codable, CaseIterable {
    // Structure (the shape check)
    /// A value has the wrong JSON type.
    case typeMismatch = "type-mismatch"
    /// A required key is missing.
    case missingKey = "missing-key"
    /// A key the protocol does not define (ignored, reported as a warning).
    case unknownKey = "unknown-key"
    /// A component `type` the protocol does not define.
    case unknownComponent = "unknown-component"
    /// A string outside the values the key allows.
    case invalidValue = "invalid-value"
    /// A number outside the range the key allows.
    case outOfRange = "out-of-range"
    /// A colour that is not `#RRGGBB` (or the accepted `#RGB`, `#RRGGBBAA`).
    case invalidColour = "invalid-colour"
    /// A colour in an accepted form other than `#RRGGBB`.
    case colourForm = "colour-form"
    /// A date that is not `yyyy-MM-dd`.
    case invalidDate = "invalid-date"
    /// A `bounds` string that is not `(x, y, width, height)`.
    case invalidBounds = "invalid-bounds"

    // Dialects
    /// An old-dialect form, rewritten into the new dialect.
    case oldDialect = "old-dialect"
    /// `options` sent as an array (PHP list): keys become "0", "1", …
    case optionsNotObject = "options-not-object"
    /// Two keys that say the same thing; one of them is ignored.
    case supersededKey = "superseded-key"

    // Lint rules (PROTOCOL.md Appendix C)
    /// A setConnection reply without `version` or `token`.
    case missingConnectionEntry = "missing-connection-entry"
    /// A request after setConnection without `token`.
    case missingToken = "missing-token"
    /// `disposition` without a page `id`.
    case dispositionWithoutID = "disposition-without-id"
    /// A form with `save` but no `id`.
    case formSaveWithoutID = "form-save-without-id"
    /// An image with none of `id`, `url`, `name`.
    case imageWithoutSource = "image-without-source"
    /// A navigation with neither `implementation` nor the shape of a cache stub.
    case navigationWithoutImplementation = "navigation-without-implementation"
    /// A `menuEntry` outside a navigation's `components`.
    case menuEntryOutsideNavigation = "menu-entry-outside-navigation"
    /// A component type that does not belong where it is (a navigation inside a form).
    case misplacedComponent = "misplaced-component"
    /// Two components on one page with the same `id`.
    case duplicateID = "duplicate-id"
    /// Two fields of one form with the same `name`.
    case duplicateName = "duplicate-name"
    /// A standalone field whose `name` equals a form `id`.
    case nameCollidesWithFormID = "name-collides-with-form-id"
    /// Two size keys for one quantity (`x` and `x%`).
    case conflictingSizeKeys = "conflicting-size-keys"
    /// `width%` values in one row adding up to more than 100.
    case rowOverflow = "row-overflow"
    /// Table header entries whose `scroll` values disagree.
    case headerScrollDisagrees = "header-scroll-disagrees"
    /// Option keys that are numbers of different lengths ("2" sorts after "10").
    case numericOptionKeys = "numeric-option-keys"
    /// An image sized by width only and loaded in the background: the screen will jump.
    case layoutJump = "layout-jump"
    /// A method `navigation` hint other than "root".
    case unknownNavigationHint = "unknown-navigation-hint"
    /// An option key (a select/radio `value`) that is not among the `options`.
    case unknownOption = "unknown-option"
    /// A field `onEnter` or form `focus` that names nothing on the screen.
    case danglingReference = "dangling-reference"

    // Notification payloads and response objects (PROTOCOL.md §9)
    /// A field `type` the payload model does not define (ignored, reported as a warning).
    case unknownFieldType = "unknown-field-type"
    /// A `responseTopic` that is not of the form `/a/b/c`.
    case invalidTopic = "invalid-topic"
    /// A value that must be unique (a choice, a button value) used twice.
    case duplicateValue = "duplicate-value"
    /// A range whose `minValue` is not below its `maxValue`.
    case invalidRange = "invalid-range"
    /// A date-time that is not ISO 8601 with an offset (`1991-04-20T09:30-07:00`).
    case invalidDateTime = "invalid-date-time"
    /// A location that is neither a GeoJSON Point nor `{longitude, latitude}`.
    case invalidLocation = "invalid-location"
    /// A required input value missing from a response's `values`.
    case missingValue = "missing-value"
}
