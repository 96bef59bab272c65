import XpediteProtocol

/// `scrollview`: a scrolling container (docs/protocol/components/display.md#scrollview). Without a
/// height it sizes itself to its content, so give it one to make it scroll.
///
/// ```swift
/// ScrollView {
///     for line in terms { Label(line) }
/// }
/// .size(width: .percent(100), height: .percent(50))
/// ```
public struct ScrollView: Placeable, BackgroundStylable, IDAssignable, Hashable {
    var wire: Component.ScrollView
    public var placement = Placement()

    /// A scroll view around `content`.
    public init(@ComponentBuilder content: () -> [Component]) {
        wire = Component.ScrollView(components: content())
    }

    /// The components inside the scroll view.
    public var content: [Component] { wire.components ?? [] }

    public var id: String? {
        get { wire.id }
        set { wire.id = newValue }
    }

    public var background: Colour? {
        get { wire.background }
        set { wire.background = newValue }
    }

    /// The protocol value.
    public var component: Component {
        var scrollView = wire
        scrollView.size = placement.sizeSpec
        return .scrollview(scrollView)
    }

    public func makeComponents() -> [Component] { [component] }
}
