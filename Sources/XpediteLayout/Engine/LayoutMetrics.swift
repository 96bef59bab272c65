/// The fixed heights the protocol gives components (docs/protocol/layout.md#default-sizes,
/// docs/protocol/components/inputs.md#radio, docs/protocol/components/containers.md). They are
/// protocol values, not settings: every renderer uses the same ones.
public enum LayoutMetrics: Sendable {
    /// A button, and a text box, password, date, select or checkbox row
    /// (docs/protocol/layout.md#default-sizes).
    public static let rowHeight = 44.0
    /// The title shown above a field inside a form, and above a radio group
    /// (docs/protocol/components/inputs.md#radio, docs/protocol/layout.md#default-sizes).
    public static let fieldTitleHeight = 22.0
    /// A radio option row (docs/protocol/components/inputs.md#radio).
    public static let optionHeight = 44.0
    /// A section header row, a `section` without `components`
    /// (docs/protocol/components/containers.md#section).
    public static let sectionHeaderHeight = 32.0
    /// The caption row of an old section box with a `title`
    /// (docs/protocol/components/containers.md#section): as high as a header row, so the caption
    /// sits above the boxed components instead of over them.
    public static let boxTitleHeight = 32.0
    /// How far an old section box's content sits inside its edges — left, right and bottom, and
    /// at the top when there is no caption row. It includes the box's border
    /// (``boxBorderWidth``), so the boxed components never reach the border.
    public static let boxInset = 8.0
    /// The width of the border an old section box is drawn with.
    public static let boxBorderWidth = 1.0
    /// The title row of an inline form (docs/protocol/layout.md#default-sizes).
    public static let formTitleRowHeight = 44.0
    /// The footer of an inline form with Cancel and Save (docs/protocol/layout.md#default-sizes).
    public static let formFooterHeight = 52.0
    /// A text view without `initialHeight` (docs/protocol/components/inputs.md#textview).
    public static let textViewHeight = 100.0
    /// The least height of a web view or table that fills to the bottom
    /// (docs/protocol/components/display.md#web, docs/protocol/components/table.md).
    public static let minimumFillHeight = 100.0
    /// A slide-in navigation panel's width as a fraction of the screen width
    /// (docs/protocol/components/navigation.md#navigation)…
    public static let panelWidthFraction = 0.8
    /// …and at most this many points.
    public static let maximumPanelWidth = 320.0
    /// A navigation-bar button's width and height.
    public static let barButtonSize = 44.0
}
