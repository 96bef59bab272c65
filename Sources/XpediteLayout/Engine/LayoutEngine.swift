import XpediteProtocol

/// The layout engine: places every component of a screen from its `size` dict and the bounds the
/// phone reported, exactly as docs/protocol/layout.md says, so every renderer shows the same
/// frames.
///
/// It is a pure function of its inputs: no UI framework, no fonts (text is measured through
/// ``LayoutConfiguration/textMeasurer``), no global state. It takes time linear in the number of
/// components.
///
/// ```swift
/// let packet = try PacketDecoder(mode: .strict).decodeResponse(data).packet
/// guard let bounds = Bounds(parsing: "(0.0, 0.0, 393.0, 852.0)") else { … }
/// let tree = LayoutEngine().layout(packet, bounds: bounds, imageSizes: ["logo": ImageSize(width: 400, height: 100)])
/// tree.components[0].frame   // (39.3, 0, 314.4, 44)
/// ```
public struct LayoutEngine: Sendable {
    /// The phone's chrome, the text measurer and the numeric guards.
    public var configuration: LayoutConfiguration

    /// Creates an engine.
    public init(configuration: LayoutConfiguration = LayoutConfiguration()) {
        self.configuration = configuration
    }

    /// Lays out a decoded (normalised) screen.
    ///
    /// - Parameters:
    ///   - screen: the response packet; its `title`, `components`, `images` and `setDefaults`
    ///     are used.
    ///   - bounds: the bounds the phone reports in `setConnection` (full screen, docs/protocol/packets.md#the-bounds-string).
    ///   - imageSizes: the sizes of the images known so far, by image id or URL; an image sized
    ///     by its aspect ratio whose size is unknown gets height 0 (docs/protocol/components/display.md#image).
    ///   - defaults: the `setDefaults` the phone holds from earlier screens; the screen's own
    ///     `setDefaults` is merged on top (docs/protocol/packets.md#setdefaults).
    /// - Returns: the frame tree: the screen container, a node per component, warnings.
    public func layout(_ screen: ResponsePacket, bounds: Bounds, imageSizes: [String: ImageSize] = [:],
                       defaults: Defaults = Defaults()) -> FrameTree {
        let limit = configuration.coordinateLimit
        func finite(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, -limit), limit) }
        let boundsRect = LayoutRect(x: finite(bounds.x), y: finite(bounds.y), width: max(0, finite(bounds.width)),
                                    height: max(0, finite(bounds.height)))
        let insets = configuration.safeAreaInsets
        func rounded(_ value: Double) -> Double { LayoutRun.rounded(value, to: configuration.roundingIncrement) }
        let safe = LayoutRect(
            x: rounded(boundsRect.x + finite(insets.left)), y: rounded(boundsRect.y + finite(insets.top)),
            width: rounded(max(0, boundsRect.width - finite(insets.left) - finite(insets.right))),
            height: rounded(max(0, boundsRect.height - finite(insets.top) - finite(insets.bottom))))
        var run = LayoutRun(configuration: configuration, imageSizes: imageSizes, images: screen.images,
                            defaults: screen.setDefaults.map(defaults.merging) ?? defaults, bounds: boundsRect,
                            safeArea: safe)

        // A navigation bar is shown when the screen has a title or a navigation component
        // (docs/protocol/components/navigation.md#navigation).
        let showsBar = Component.shows(screen.title) || screen.components.contains { $0.type == "navigation" }
        let barHeight = showsBar ? min(safe.height, run.rounded(max(0, finite(configuration.navigationBarHeight)))) : 0
        let navigationBar = showsBar ? LayoutRect(x: safe.x, y: safe.y, width: safe.width, height: barHeight) : nil
        let visible = LayoutRect(x: safe.x, y: run.rounded(safe.y + barHeight), width: safe.width,
                                 height: run.rounded(safe.height - barHeight))

        let result = ContainerLayout.layout(screen.components, under: [], width: visible.width,
                                            visibleHeight: visible.height, insideForm: false, depth: 0, run: &run)
        return FrameTree(bounds: boundsRect,
                         screen: ScreenLayout(frame: visible, contentHeight: result.contentHeight, navigationBar: navigationBar),
                         components: result.nodes, warnings: run.warnings)
    }
}
