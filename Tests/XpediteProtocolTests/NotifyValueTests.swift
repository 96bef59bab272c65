import Testing
@testable import XpediteProtocol

/// Topics, ISO date-times and locations as notification payloads use them.
@Suite("Notify values")
struct NotifyValueTests {
    static let topics: [(String, Bool)] = [
        ("/a/b/c", true), ("/a", true), ("/A_b.c-D/9", true), ("/a/b/c/d", true),
        ("", false), ("/", false), ("a/b", false), ("/a/", false), ("//a", false), ("/a//b", false), ("/a b", false),
        ("/a/é", false), ("/a/b?c", false),
    ]

    @Test("topic form ^(/[A-Za-z0-9_.-]+)+$", arguments: topics)
    func topic(_ text: String, _ valid: Bool) {
        #expect(Topic.isValid(text) == valid)
        #expect((Topic(text) != nil) == valid)
    }

    static let dateTimes: [(String, Bool)] = [
        ("1991-04-20T09:30-07:00", true), ("1991-04-20T09:30:15-07:00", true), ("1991-04-20T09:30:15.123+05:30", true),
        ("2024-02-29T23:59:59Z", true), ("1991-04-20T00:00Z", true),
        ("1991-04-20T09:30", false), ("1991-04-20 09:30-07:00", false), ("1991-04-20", false), ("2023-02-29T10:00Z", false),
        ("1991-04-20T24:00Z", false), ("1991-04-20T09:60Z", false), ("1991-04-20T09:30:60Z", false),
        ("1991-04-20T09:30-0700", false), ("1991-04-20T09:30-07", false), ("1991-04-20T09:30:15.Z", false),
        ("1991-04-20T9:30Z", false), ("1991-04-20T09:30Zx", false), ("1991-04-20t09:30z", false),
    ]

    @Test("ISO 8601 date-times with an offset, seconds optional", arguments: dateTimes)
    func dateTime(_ text: String, _ valid: Bool) {
        #expect(ISODateTime.isValid(text) == valid)
    }

    static let locations: [(JSONValue, Location?)] = [
        (["longitude": -117.9, "latitude": 33.8], Location(longitude: -117.9, latitude: 33.8)),
        (["type": "Point", "coordinates": [-117.9, 33.8]], Location(longitude: -117.9, latitude: 33.8)),
        (["longitude": 180, "latitude": -90], Location(longitude: 180, latitude: -90)),
        (["longitude": 181, "latitude": 0], nil),
        (["type": "Point", "coordinates": [0]], nil),
        (["type": "Polygon", "coordinates": [0, 0]], nil),
        (["longitude": "1", "latitude": 0], nil),
        ("0,0", nil),
    ]

    @Test("locations: GeoJSON Point or {longitude, latitude}, in range", arguments: locations)
    func location(_ json: JSONValue, _ expected: Location?) {
        #expect(Location(json: json) == expected)
        #expect(Location.issues(json, at: .root).errors.isEmpty == (expected != nil))
    }

    @Test("a Topic encodes as its text and refuses a bad one")
    func topicCodable() throws {
        let topic = try #require(Topic("/a/b"))
        #expect(topic.description == "/a/b")
        #expect(topic < Topic("/b") ?? topic)
    }
}

extension NotifyValueTests {
    @Test("issues of a payload inside a request body point into the body")
    func nested() {
        let issue = PayloadValidator().validate(["responseTopic": "/a", "fields": [["type": "droplist"]]]).issues[0]
        #expect(issue.nested(under: JSONPath.root.appending("payload")).description == #"$.payload.fields[0]: droplist requires "id""#)
    }
}
