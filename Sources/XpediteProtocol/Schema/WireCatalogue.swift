/// Every object definition of the new dialect by name: the single description of the wire
/// format that the checker and the JSON Schema are both made from.
public enum WireCatalogue {
    /// The named object definitions (not components).
    public static let objects: [String: ObjectShape] = {
        let all = [
            ResponsePacket.shape, RequestPacket.shape, DataResponse.shape, MethodCall.shape, SizeSpec.shape,
            Defaults.shape, ImageEntry.shape, Images.folderShape, Disposition.expiryShape, DynamicSource.shape,
            Component.Table.Column.shape, Component.Navigation.Implementation.shape, Component.Navigation.Effects.shape,
            Component.Navigation.CellMapping.shape,
        ]
        return Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
    }()

    /// The component definitions by `type`.
    public static var components: [String: ObjectShape] { Component.shapes }

    /// The definition named `name`, object or component, or a notification definition
    /// (``NotifyCatalogue``, names starting with `notify.`).
    public static func shape(named name: String) -> ObjectShape? {
        objects[name] ?? Component.shapes[name] ?? NotifyCatalogue.shape(named: name)
    }
}
