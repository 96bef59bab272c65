/// Everything the layout engine needs to know beyond the screen and the bounds: the phone's
/// chrome, the text measurer and the numeric guards. Passed to ``LayoutEngine/init(configuration:)``;
/// the defaults describe an iPhone 16 in portrait (docs/layout.md, "Decisions").
public struct LayoutConfiguration: Sendable {
    /// Insets of the safe area from the edges of the bounds, in points.
    public struct Insets: Sendable, Hashable {
        /// The inset from the top edge (status bar, camera housing).
        public var top: Double
        /// The inset from the left edge (landscape camera housing).
        public var left: Double
        /// The inset from the bottom edge (home indicator).
        public var bottom: Double
        /// The inset from the right edge.
        public var right: Double

        /// Creates insets.
        public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
            self.top = top
            self.left = left
            self.bottom = bottom
            self.right = right
        }

        /// No insets: the whole bounds are usable.
        public static let zero = Insets()

        /// An iPhone with a Dynamic Island in portrait: 59 pt status-bar area at the top, 34 pt
        /// home-indicator area at the bottom. With 852 pt bounds this leaves the 759 pt visible
        /// height of docs/protocol/layout.md#worked-figures.
        public static let portraitPhone = Insets(top: 59, left: 0, bottom: 34, right: 0)
    }

    /// The safe-area insets; the bounds minus these is the screen before the navigation bar.
    public var safeAreaInsets: Insets
    /// The height of the navigation bar shown when a screen has a `title` or a navigation component
    /// (docs/protocol/components/navigation.md#navigation), and of a dialog form's header bar.
    public var navigationBarHeight: Double
    /// The font size when neither the component nor `setDefaults` sets one (the iOS body size).
    public var defaultFontSize: Double
    /// Measures label text; the default needs no fonts and is deterministic.
    public var textMeasurer: any TextMeasurer
    /// Every coordinate and size of a frame is rounded to a multiple of this (0.01 pt by
    /// default); 0 keeps full precision.
    public var roundingIncrement: Double
    /// Coordinates and sizes are clamped to ±this many points (with a warning), so huge inputs
    /// never produce infinities.
    public var coordinateLimit: Double
    /// Containers nested deeper than this are not laid out (with a warning), so a hostile
    /// packet cannot exhaust the stack.
    public var maximumDepth: Int

    /// Creates a configuration.
    public init(safeAreaInsets: Insets = .portraitPhone, navigationBarHeight: Double = 44, defaultFontSize: Double = 17,
                textMeasurer: any TextMeasurer = EstimatedTextMeasurer(), roundingIncrement: Double = 0.01,
                coordinateLimit: Double = 1_000_000_000, maximumDepth: Int = 64) {
        self.safeAreaInsets = safeAreaInsets
        self.navigationBarHeight = navigationBarHeight
        self.defaultFontSize = defaultFontSize
        self.textMeasurer = textMeasurer
        self.roundingIncrement = roundingIncrement
        self.coordinateLimit = coordinateLimit
        self.maximumDepth = maximumDepth
    }
}
