import XpediteProtocol

/// `image`: a picture, either preloaded through the screen's image manifest or downloaded at render
/// time (docs/protocol/components/display.md#image). Exactly one source is given, by the
/// initializer.
///
/// Give a height, or load the image `critical`, so the screen does not jump when it arrives.
///
/// ```swift
/// Image(id: "logo").size(width: .percent(40), centreX: 0)
/// Image(url: "https://my.app/banner.png").size(width: .percent(100), height: 120)
/// ```
public struct Image: Placeable, BackgroundStylable, Hashable {
    var wire: Component.Image
    public var placement = Placement()

    /// The image preloaded under `id` by the screen's `images` manifest
    /// (docs/protocol/packets.md#images), which a ``Screen`` declares with
    /// `.images(ImageEntry(id:url:load:))`.
    public init(id: String) {
        wire = Component.Image(id: id)
    }

    /// An image downloaded from `url` when the screen is drawn.
    public init(url: String) {
        wire = Component.Image(url: url)
    }

    public var background: Colour? {
        get { wire.background }
        set { wire.background = newValue }
    }

    /// The protocol value.
    public var component: Component {
        var image = wire
        image.size = placement.sizeSpec
        return .image(image)
    }

    public func makeComponents() -> [Component] { [component] }
}
