import Foundation
import Testing
@testable import XpediteProtocol

@Suite("Values")
struct ValueTests {
    @Test("colours parse in three forms and print canonically",
          arguments: [("#ffffff", "#FFFFFF"), ("#F5F5F5", "#F5F5F5"), ("#abc", "#AABBCC"), ("#00000080", "#00000080"),
                      ("#000000FF", "#000000")])
    func colours(_ text: String, _ canonical: String) {
        #expect(Colour(hex: text)?.hex == canonical)
    }

    @Test("bad colours are refused", arguments: ["red", "#12345", "#GGHHII", "", "#", "FFFFFF", "#1234567"])
    func badColours(_ text: String) {
        #expect(Colour(hex: text) == nil)
    }

    @Test("bounds parse leniently",
          arguments: [("(0.0, 0.0, 393.0, 852.0)", Bounds(width: 393, height: 852)),
                      ("0,0,393,852", Bounds(width: 393, height: 852)),
                      (" ( -1.5 , 2 , 10 , 20 ) ", Bounds(x: -1.5, y: 2, width: 10, height: 20))])
    func bounds(_ text: String, _ expected: Bounds) {
        #expect(Bounds(parsing: text) == expected)
    }

    @Test("bad bounds are refused", arguments: ["393x852", "(0, 0, -1, 852)", "(0, 0, 393)", "(a, b, c, d)", "", "(1e3, 0, 1, 1)"])
    func badBounds(_ text: String) {
        #expect(Bounds(parsing: text) == nil)
    }

    @Test("bounds print as a Swift CGRect does")
    func boundsDescription() {
        #expect(Bounds(width: 393, height: 852).description == "(0.0, 0.0, 393.0, 852.0)")
    }

    @Test("calendar dates", arguments: [("1990-06-15", true), ("2024-02-29", true), ("2025-02-29", false),
                                        ("2025-13-01", false), ("2025-1-01", false), ("20/01/2025", false),
                                        ("2025-04-31", false), ("2000-02-29", true), ("1900-02-29", false)])
    func dates(_ text: String, _ valid: Bool) {
        #expect(CalendarDate.isValid(text) == valid)
    }

    @Test("paths print and parse", arguments: ["$", "$.components[3].size.width%", "$.a[\"b.c\"][0]", "$[\"\"]"])
    func paths(_ text: String) {
        #expect(JSONPath(parsing: text)?.description == text)
    }

    @Test("did you mean", arguments: [("buton", "button"), ("lable", "label"), ("colr", "color"), ("menuentry", "menuEntry")])
    func suggestions(_ word: String, _ expected: String) {
        #expect(Suggestion.closest(to: word, in: Component.types + ["color"]) == expected)
    }

    @Test("no suggestion for unrelated words", arguments: ["zzz", "customerName", "x"])
    func noSuggestion(_ word: String) {
        #expect(Suggestion.closest(to: word, in: Component.types) == nil)
    }

    @Test("options sort by code point, so \"10\" comes before \"2\"")
    func optionOrder() {
        #expect(Options.sortedKeys(["2": "b", "10": "c", "1": "a", "B": "x", "a": "y"]) == ["1", "10", "2", "B", "a"])
    }

    @Test("version compares as canonical text")
    func versions() {
        #expect(AppVersion.number(100).canonical == "100")
        #expect(AppVersion.number(1.5).canonical == "1.5")
        #expect(AppVersion.string("P1.213").canonical == "P1.213")
    }

    @Test("rc success forms")
    func returnCodes() {
        #expect(ReturnCode.code(0).isSuccess)
        #expect(ReturnCode.message("0").isSuccess)
        #expect(!ReturnCode.code(3).isSuccess)
        #expect(!ReturnCode.message("Failed to update customer entry").isSuccess)
    }

    @Test("setDefaults merge key by key; null removes")
    func defaultsMerge() throws {
        let first = try PacketDecoder().decodeResponse(["rc": 0, "components": [],
                                                        "setDefaults": ["font": "Helvetica", "fontsize": 16]]).packet
        let second = try PacketDecoder().decodeResponse(["rc": 0, "components": [],
                                                         "setDefaults": ["font": nil, "colour": "#333333"]]).packet
        let merged = try #require(first.setDefaults).merging(try #require(second.setDefaults))
        #expect(merged.font == nil)
        #expect(merged.fontsize == .set(16))
        #expect(merged.color == .set(Colour(red: 0x33, green: 0x33, blue: 0x33)))
    }

    @Test("table paging: more rows iff max is present and larger than what is loaded")
    func paging() {
        let page = DataResponse(data: .rows([["name": "Alice"]]), max: 57)
        #expect(page.hasMore(afterLoading: 40))
        #expect(!page.hasMore(afterLoading: 57))
        #expect(!DataResponse(data: .rows([["name": "Alice"]])).hasMore(afterLoading: 1))
        #expect(!DataResponse(data: .rows([]), max: 57).hasMore(afterLoading: 40))
    }

    @Test("not JSON is its own error")
    func notJSON() {
        #expect(throws: PacketError.self) { try JSONValue(parsing: "{\"rc\": 0,") }
        #expect(throws: PacketError.self) { try PacketValidator().validate(Data("nope".utf8)) }
    }

    @Test("numbers encode without a fraction when whole")
    func numbers() {
        #expect(CanonicalJSON.string(["a": 16, "b": 1.5, "t": 1_744_531_200, "u": "https://a/b"])
            == #"{"a":16,"b":1.5,"t":1744531200,"u":"https://a/b"}"#)
    }
}
