import XpediteProtocol

/// `web`: a web view showing a URL or an HTML string (docs/protocol/components/display.md#web).
/// Exactly one source is given, by the initializer.
///
/// ```swift
/// Web(url: "https://example.com").size(width: .percent(100), height: .percent(80))
/// Web(html: "<h1>Hello</h1>").size(width: .percent(100), height: 400)
/// ```
public struct Web: Placeable, BackgroundStylable, IDAssignable, Hashable {
    var wire: Component.Web
    public var placement = Placement()

    /// A web view loading `url` (`web`).
    public init(url: String) {
        wire = Component.Web(web: url)
    }

    /// A web view showing the HTML string `html` (`content`).
    public init(html: String) {
        wire = Component.Web(content: html)
    }

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
        var web = wire
        web.size = placement.sizeSpec
        return .web(web)
    }

    public func makeComponents() -> [Component] { [component] }
}
