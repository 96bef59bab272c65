import Testing
import XpediteBuilder
import XpediteProtocol

/// The size modifiers write the keys of docs/protocol/layout.md#keys, and never two keys for one
/// quantity.
@Suite("Placement")
struct PlacementTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var button: Button
        var expected: JSONValue?
        var testDescription: String { name }
    }

    static let base = Button("OK")

    static let cases: [Case] = [
        Case(name: "nothing", button: base, expected: nil),
        Case(name: "worked figure 1", button: base.size(width: .percent(80), height: 44, centreX: 0),
             expected: ["width%": 80, "height": 44, "centrex": 0]),
        Case(name: "worked figure 2, A", button: base.size(width: .percent(48), height: 44),
             expected: ["width%": 48, "height": 44]),
        Case(name: "worked figure 2, B", button: base.size(x: .beside(gap: 10), width: .percent(48), height: .relative(percent: 100)),
             expected: ["x+": 10, "width%": 48, "relative-height%": 100]),
        Case(name: "worked figure 2, B by modifiers", button: base.beside(gap: 10).width(.percent(48)).relativeHeight(percent: 100),
             expected: ["x+": 10, "width%": 48, "relative-height%": 100]),
        Case(name: "points everywhere", button: base.size(x: 10, y: 20.5, width: 100, height: 44.5),
             expected: ["x": 10, "y": 20.5, "width": 100, "height": 44.5]),
        Case(name: "percent everywhere", button: base.size(x: .percent(5), y: .percent(10), width: .percent(90), height: .percent(20)),
             expected: ["x%": 5, "y%": 10, "width%": 90, "height%": 20]),
        Case(name: "centred with an offset", button: base.centred(offset: -12).width(200),
             expected: ["centrex": -12, "width": 200]),
        Case(name: "centred both ways", button: base.centred().centredVertically().size(width: 200, height: 44, centreX: 0).y(.centred),
             expected: ["centrex": 0, "centre-y": 1, "width": 200, "height": 44]),
        Case(name: "below", button: base.below(gap: 20), expected: ["y+": 20]),
        Case(name: "a later modifier replaces an earlier one", button: base.x(10).centred().y(5).below(gap: 8).height(44).height(.percent(10)),
             expected: ["centrex": 0, "y+": 8, "height%": 10]),
        Case(name: "size replaces the whole dict", button: base.below(gap: 8).size(width: 10),
             expected: ["width": 10]),
        Case(name: "placement value", button: base.placement(Placement(x: .points(1), y: .below(gap: 2), width: .points(3), height: .points(4))),
             expected: ["x": 1, "y+": 2, "width": 3, "height": 4]),
    ]

    @Test("writes the size keys of docs/protocol/layout.md#keys", arguments: cases)
    func keys(_ testCase: Case) {
        guard case .button(let button) = testCase.button.component else {
            Issue.record("not a button")
            return
        }
        if let expected = testCase.expected {
            expectJSON(button.size?.json ?? .null, expected)
        } else {
            #expect(button.size == nil)
        }
    }

    static let horizontals: [Placement.Horizontal?] = [nil, 10, .percent(10), .beside(gap: 10), .centred(), .centred(offset: 5)]
    static let verticals: [Placement.Vertical?] = [nil, 10, .percent(10), .below(gap: 10), .centred]
    static let widths: [Length?] = [nil, 100, .percent(50)]
    static let heights: [Placement.Height?] = [nil, 44, .percent(20), .relative(percent: 100)]

    @Test("no combination emits two keys for one quantity or fails validation")
    func everyCombination() {
        let quantities: [[String]] = [
            ["x", "x%", "x+", "centrex", "centre-x", "center-x"],
            ["y", "y%", "y+", "centrey", "centre-y", "center-y"],
            ["width", "width%"],
            ["height", "height%", "relative-height%"],
        ]
        var count = 0
        for x in Self.horizontals {
            for y in Self.verticals {
                for width in Self.widths {
                    for height in Self.heights {
                        let placement = Placement(x: x, y: y, width: width, height: height)
                        let size = placement.sizeSpec?.json.objectValue ?? [:]
                        for keys in quantities {
                            #expect(keys.filter { size[$0] != nil }.count <= 1, "\(placement)")
                        }
                        #expect(size.count == [x != nil, y != nil, width != nil, height != nil].filter { $0 }.count)
                        let screen = Screen { Label("a").placement(placement) }
                        #expect(screen.validate().issues.isEmpty, "\(placement): \(screen.validate().issues)")
                        count += 1
                    }
                }
            }
        }
        #expect(count == 360)
    }

    @Test("placements decode back to the same size dict")
    func roundTrip() throws {
        for x in Self.horizontals {
            for y in Self.verticals {
                let screen = Screen { Label("a").placement(Placement(x: x, y: y, width: .percent(50), height: 44)) }
                #expect(try PacketDecoder().decodeResponse(screen.json).packet == screen.packet)
            }
        }
    }

    @Test("vertical centring is written as centre-y, the key the SDK sends (docs/protocol/layout.md#keys)")
    func centreY() {
        let spec = Placement(y: .centred).sizeSpec
        #expect(spec?.centreY == 0)
        expectJSON(spec?.json ?? .null, ["centre-y": 1])
    }

    @Test("literals mean points")
    func literals() {
        #expect(Length.points(12) == 12)
        #expect(Length.points(12.5) == 12.5)
        #expect(Placement.Horizontal.points(3) == 3)
        #expect(Placement.Vertical.points(3) == 3.0)
        #expect(Placement.Height.points(44) == 44)
        #expect(Placement().isEmpty)
        #expect(Placement().sizeSpec == nil)
    }

    @Test("every placeable component takes a size")
    func everyPlaceable() {
        let size: JSONValue = ["width%": 50, "height": 10]
        let screen = Screen {
            Label("a").size(width: .percent(50), height: 10)
            Image(id: "i").size(width: .percent(50), height: 10)
            Button("b").size(width: .percent(50), height: 10)
            TextBox(name: "t").size(width: .percent(50), height: 10)
            Password(name: "p").size(width: .percent(50), height: 10)
            TextView(name: "v").size(width: .percent(50), height: 10)
            Checkbox(name: "c").size(width: .percent(50), height: 10)
            DateField(name: "d").size(width: .percent(50), height: 10)
            Select(name: "s", options: ["a": "A"]).size(width: .percent(50), height: 10)
            Radio(name: "r", options: ["a": "A"]).size(width: .percent(50), height: 10)
            Form { Label("x") }.size(width: .percent(50), height: 10)
            Section("h").size(width: .percent(50), height: 10)
            ScrollView { Label("x") }.size(width: .percent(50), height: 10)
            Web(url: "https://example.com").size(width: .percent(50), height: 10)
            Table(data: .dynamic("rows")).size(width: .percent(50), height: 10)
        }
        #expect(screen.packet.components.count == 15)
        for component in screen.packet.components {
            expectJSON(component.size?.json ?? .null, size)
        }
    }

    @Test("every component with a background takes one")
    func everyBackground() {
        let screen = Screen {
            Label("a").background(.rgb(0x112233))
            Image(id: "i").background(.rgb(0x112233))
            Button("b").background(.rgb(0x112233))
            TextBox(name: "t").background(.rgb(0x112233))
            Password(name: "p").background(.rgb(0x112233))
            TextView(name: "v").background(.rgb(0x112233))
            Checkbox(name: "c").background(.rgb(0x112233))
            DateField(name: "d").background(.rgb(0x112233))
            Select(name: "s", options: ["a": "A"]).background(.rgb(0x112233))
            Radio(name: "r", options: ["a": "A"]).background(.rgb(0x112233))
            Form { Label("x") }.background(.rgb(0x112233))
            Section("h").background(.rgb(0x112233))
            ScrollView { Label("x") }.background(.rgb(0x112233))
            Web(url: "https://example.com").background(.rgb(0x112233))
            Table(data: .dynamic("rows")).background(.rgb(0x112233))
        }
        for component in screen.packet.components {
            #expect(component.json["background"] == "#112233")
        }
        #expect(screen.validate().issues.isEmpty)
    }

    @Test("rgb colours")
    func colours() {
        #expect(Colour.rgb(0x007AFF).hex == "#007AFF")
        #expect(Colour.rgb(0).hex == "#000000")
        #expect(Colour.rgb(0xFFFFFF) == Colour(hex: "#ffffff"))
    }
}
