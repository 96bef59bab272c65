/// A point on the earth, as map fields and `currentLocation` values carry it
/// (docs/notify.md#field-types).
///
/// Two forms are accepted on the wire: a GeoJSON Point `{"type": "Point", "coordinates":
/// [longitude, latitude]}` and the simple `{"longitude": …, "latitude": …}`. The canonical form is
/// the simple one.
public struct Location: Sendable, Hashable {
    /// Degrees east, -180 to 180.
    public var longitude: Double
    /// Degrees north, -90 to 90.
    public var latitude: Double

    /// Creates a location.
    public init(longitude: Double, latitude: Double) {
        self.longitude = longitude
        self.latitude = latitude
    }

    /// Reads either form; `nil` when the value is neither, or a coordinate is out of range.
    public init?(json value: JSONValue) {
        guard case .object(let members) = value else { return nil }
        if let longitude = members.number("longitude"), let latitude = members.number("latitude") {
            self.init(longitude: longitude, latitude: latitude)
        } else if members.string("type") == "Point", let coordinates = members["coordinates"]?.arrayValue,
                  coordinates.count == 2, let longitude = coordinates[0].numberValue,
                  let latitude = coordinates[1].numberValue {
            self.init(longitude: longitude, latitude: latitude)
        } else {
            return nil
        }
        guard (-180...180).contains(longitude), (-90...90).contains(latitude) else { return nil }
    }

    /// The canonical JSON, `{"latitude": …, "longitude": …}`.
    public var json: JSONValue {
        .object(["longitude": .number(longitude), "latitude": .number(latitude)])
    }

    /// The definition the shape check and the JSON Schema use: the keys of both forms.
    /// Which combination is allowed is checked by ``issues(_:at:)`` (and by a `oneOf` in the schema).
    static let shape = ObjectShape(
        name: "notify.location", displayName: "location",
        expectation: "a location (a GeoJSON Point or {longitude, latitude})",
        summary: "A GeoJSON Point {type: Point, coordinates: [longitude, latitude]} or {longitude, latitude}.",
        properties: [
            .init("type", .oneOf(["Point"]), "GeoJSON form: \"Point\"."),
            .init("coordinates", .array(.number), "GeoJSON form: [longitude, latitude]."),
            .init("longitude", .boundedNumber(minimum: -180, maximum: 180, exclusiveMinimum: false), "Simple form: degrees east."),
            .init("latitude", .boundedNumber(minimum: -90, maximum: 90, exclusiveMinimum: false), "Simple form: degrees north."),
        ])

    /// What the shape check cannot see in a location object: that it has one of the two forms,
    /// and that GeoJSON coordinates are two numbers in range. (Types and ranges of `longitude` and
    /// `latitude` are the shape check's.)
    static func formIssues(_ members: JSONObject, at path: JSONPath) -> [ValidationIssue] {
        let simple = members["longitude"] != nil || members["latitude"] != nil
        let geo = members["type"] != nil || members["coordinates"] != nil
        if simple && geo {
            return [.error(.invalidLocation, at: path,
                           "a location is either a GeoJSON Point or {longitude, latitude}, not both")]
        }
        if simple {
            var issues: [ValidationIssue] = []
            for key in ["longitude", "latitude"] where members[key] == nil {
                issues.append(.error(.missingKey, at: path, "location requires \"\(key)\""))
            }
            return issues
        }
        if geo {
            var issues: [ValidationIssue] = []
            if members["type"] == nil { issues.append(.error(.missingKey, at: path, "GeoJSON Point requires \"type\"")) }
            guard let coordinates = members["coordinates"] else {
                issues.append(.error(.missingKey, at: path, "GeoJSON Point requires \"coordinates\""))
                return issues
            }
            let pair = coordinates.arrayValue
            guard let pair, pair.count == 2 else {
                if pair != nil {
                    issues.append(.error(.invalidLocation, at: path.appending("coordinates"),
                                         "expected [longitude, latitude], got an array of \(pair?.count ?? 0)"))
                }
                return issues
            }
            let limits: [(String, Double)] = [("longitude", 180), ("latitude", 90)]
            for (index, (name, limit)) in limits.enumerated() {
                if let number = pair[index].numberValue, abs(number) > limit {
                    issues.append(.error(.outOfRange, at: path.appending("coordinates").appending(index),
                                         "expected a \(name) from -\(Int(limit)) to \(Int(limit)), got \(pair[index].summary)"))
                }
            }
            return issues
        }
        return [.error(.invalidLocation, at: path,
                       "expected a GeoJSON Point {\"type\": \"Point\", \"coordinates\": [longitude, latitude]} or {\"longitude\": …, \"latitude\": …}")]
    }

    /// Every issue of a location value: its shape, then its form.
    static func issues(_ value: JSONValue, at path: JSONPath) -> [ValidationIssue] {
        guard case .object(let members) = value else {
            return [.error(.typeMismatch, at: path, "expected \(shape.expectation), got \(value.summary)")]
        }
        var checker = ShapeChecker(at: path)
        checker.checkRoot(members, against: shape)
        return checker.issues + formIssues(members, at: path)
    }
}
