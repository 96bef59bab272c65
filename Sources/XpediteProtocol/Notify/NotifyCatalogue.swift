/// Every object definition of the notification payloads and response objects (docs/notify.md),
/// by name (all start with `notify.`): the one description the shape check and
/// ``NotifySchemaGenerator`` are both made from.
public enum NotifyCatalogue {
    /// The named definitions: payload, response object, location, marker, choice, button, and
    /// each field type as `notify.field.<type>`.
    public static let objects: [String: ObjectShape] = {
        var all = [Payload.shape, ResponseObject.shape, Location.shape, Field.Map.Marker.shape, Field.Choice.Option.shape,
                   Field.ButtonCluster.Button.shape]
        all += Field.shapes.values
        return Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
    }()

    /// The field definitions by `type`.
    public static var fields: [String: ObjectShape] { Field.shapes }

    /// The definition named `name`.
    public static func shape(named name: String) -> ObjectShape? {
        name.hasPrefix("notify.") ? objects[name] : nil
    }
}
