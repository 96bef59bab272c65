import XpediteProtocol

/// What one layout run shares across all its containers: the configuration, the image sizes,
/// the default font and the window geometry; and the warnings it collects on the way.
struct LayoutRun {
    let configuration: LayoutConfiguration
    /// Known image sizes by image id or URL.
    let imageSizes: [String: ImageSize]
    /// The packet's image manifest: id → url.
    let imageURLs: [String: String]
    /// The old-dialect images folder, when the packet has one.
    let imageFolder: String?
    /// `setDefaults` font and size, else the configuration's size.
    let defaultFont: TextFont
    /// The bounds the phone reported.
    let bounds: LayoutRect
    /// The safe area, in bounds coordinates.
    let safeArea: LayoutRect
    /// Warnings in document order.
    private(set) var warnings: [LayoutWarning] = []
    /// How many navigation bar buttons are placed on each side so far.
    var barButtons: (left: Int, right: Int) = (0, 0)

    init(configuration: LayoutConfiguration, imageSizes: [String: ImageSize], images: Images?, defaults: Defaults,
         bounds: LayoutRect, safeArea: LayoutRect) {
        self.configuration = configuration
        self.imageSizes = imageSizes
        switch images {
        case .manifest(let entries)?:
            imageURLs = Dictionary(entries.map { ($0.id, $0.url) }, uniquingKeysWith: { first, _ in first })
            imageFolder = nil
        case .folder(let url)?:
            imageURLs = [:]
            imageFolder = url
        case nil:
            imageURLs = [:]
            imageFolder = nil
        }
        var size = configuration.defaultFontSize
        if case .set(let defaultSize)? = defaults.fontsize, defaultSize > 0, defaultSize.isFinite { size = defaultSize }
        var name: String?
        if case .set(let defaultName)? = defaults.font { name = defaultName }
        defaultFont = TextFont(name: name, size: size > 0 && size.isFinite ? size : 17)
        self.bounds = bounds
        self.safeArea = safeArea
    }

    /// Records a warning about the component at `indexPath`.
    mutating func warn(_ code: LayoutWarning.Code, at indexPath: [Int], _ message: String) {
        warnings.append(LayoutWarning(path: JSONPath(indexPath: indexPath), code: code, message: message))
    }

    /// Rounds to ``LayoutConfiguration/roundingIncrement`` (and turns -0 into 0).
    func rounded(_ value: Double) -> Double {
        LayoutRun.rounded(value, to: configuration.roundingIncrement)
    }

    /// Rounds to a multiple of `increment` (none when it is not positive), turning -0 into 0.
    static func rounded(_ value: Double, to increment: Double) -> Double {
        guard increment > 0, increment.isFinite else { return value + 0 }
        let scale = 1 / increment
        return (value * scale).rounded(.toNearestOrAwayFromZero) / scale + 0
    }

    /// `value` within ±``LayoutConfiguration/coordinateLimit``; a value beyond it, or not a
    /// number, is clamped with a warning naming `quantity`.
    mutating func limited(_ value: Double, _ quantity: String, at indexPath: [Int]) -> Double {
        let limit = configuration.coordinateLimit
        if value.isNaN {
            warn(.outOfRange, at: indexPath, "\(quantity) is not a number; using 0")
            return 0
        }
        if abs(value) > limit {
            let clamped = value < 0 ? -limit : limit
            warn(.outOfRange, at: indexPath,
                 "\(quantity) \(LayoutRun.format(value)) is beyond ±\(LayoutRun.format(limit)) points; clamped to \(LayoutRun.format(clamped))")
            return clamped
        }
        return value
    }

    /// The font of a text component: its own keys, then the defaults.
    func font(name: String?, size: Double?) -> TextFont {
        let ownSize = size.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        let fontName = name ?? defaultFont.name
        // A text-style name brings its own size (docs/protocol/values.md#fonts); `fontsize` still
        // overrides it.
        let styleSize = fontName.flatMap(TextStyle.init(name:))?.size
        return TextFont(name: fontName, size: ownSize ?? styleSize ?? defaultFont.size)
    }

    /// The height of `text` wrapped to `width` (never negative or infinite).
    func measure(_ text: String, font: TextFont, width: Double) -> Double {
        let height = configuration.textMeasurer.height(of: text, font: font, width: max(0, width))
        return height.isFinite ? max(0, height) : 0
    }

    /// The known size of an image: looked up by its `id`, the manifest URL of that id, its `url`,
    /// its old `name`, and the name resolved against the old images folder, in that order
    /// (docs/protocol/components/display.md#image).
    func imageSize(of image: Component.Image) -> ImageSize? {
        var keys: [String] = []
        if let id = image.id {
            keys.append(id)
            if let url = imageURLs[id] { keys.append(url) }
        }
        if let url = image.url { keys.append(url) }
        if let name = image.name {
            keys.append(name)
            if let folder = imageFolder { keys.append(Images.resolve(name: name, inFolder: folder)) }
        }
        for key in keys {
            if let size = imageSizes[key] { return size }
        }
        return nil
    }

    /// A number as canonical JSON prints it, for messages.
    static func format(_ value: Double) -> String {
        value.isFinite ? JSONValue.format(number: value) : String(value)
    }
}
