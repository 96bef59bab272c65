/// `images`: where the screen's images come from (docs/protocol/packets.md#images).
public enum Images: Sendable, Hashable {
    /// New dialect: a manifest of images by id.
    case manifest([ImageEntry])
    /// Old dialect: `{"url": base folder, "type": "image"}`; components name files in the folder.
    /// It has no new-dialect equivalent, so it stays in this form.
    case folder(url: String)

    static let folderShape = ObjectShape(name: "imageFolder", displayName: "images folder", expectation: "an images folder {\"url\", \"type\": \"image\"}", summary: "Old dialect: the folder that holds the images.",
                                         properties: [
        .init("url", .string, required: true, "Base URL of the images folder."),
        .init("type", .oneOf(["image"]), required: true, "Always \"image\"."),
    ])

    static let shape = Shape.anyOf([.array(.object("image")), .object("imageFolder")])

    init?(reading value: JSONValue?, at path: JSONPath, context: BuildContext) {
        switch value {
        case .array(let elements)?:
            self = .manifest(elements.enumerated().compactMap { index, element in
                element.objectValue.flatMap {
                    ImageEntry(reading: ObjectReader($0, at: path.appending(index), context: context))
                }
            })
        case .object(let members)?:
            guard let url = members[.url]?.stringValue else { return nil }
            self = .folder(url: url)
        default:
            return nil
        }
    }

    var json: JSONValue {
        switch self {
        case .manifest(let entries): .array(entries.map(\.json))
        case .folder(let url): .object(["url": .string(url), "type": "image"])
        }
    }

    /// Resolves an old-dialect file name against the folder URL: a `/` is added to the base when
    /// missing, and a name that is already an absolute URL is kept
    /// (docs/protocol/packets.md#images).
    public static func resolve(name: String, inFolder base: String) -> String {
        if name.contains("://") { return name }
        let folder = base.hasSuffix("/") ? base : base + "/"
        let relative = name.hasPrefix("/") ? String(name.dropFirst()) : name
        return folder + relative
    }
}
