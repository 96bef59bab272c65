import XpediteProtocol

/// Builds random screens for property tests: every component type, size dicts with random
/// subsets of the keys (negative, huge and over-100 values included), nested containers.
struct RandomScreen {
    var generator: SeededGenerator

    init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    mutating func bounds() -> Bounds {
        Bounds(width: Double(Int.random(in: 0...1200, using: &generator)),
               height: Double(Int.random(in: 0...2000, using: &generator)))
    }

    mutating func packet(components count: Int) -> ResponsePacket {
        let title: String? = Bool.random(using: &generator) ? "Title" : nil
        return ResponsePacket(title: title, components: (0..<count).map { _ in component(depth: 0) })
    }

    mutating func number() -> Double {
        switch Int.random(in: 0..<10, using: &generator) {
        case 0: -Double(Int.random(in: 0...300, using: &generator))
        case 1: Double(Int.random(in: 100...400, using: &generator))
        case 2: 1e12
        default: Double(Int.random(in: 0...100, using: &generator)) + (Bool.random(using: &generator) ? 0.5 : 0)
        }
    }

    mutating func size() -> SizeSpec? {
        guard Int.random(in: 0..<4, using: &generator) > 0 else { return nil }
        var size = SizeSpec()
        let keys: [WritableKeyPath<SizeSpec, Double?>] = [
            \.x, \.y, \.width, \.height, \.xPercent, \.yPercent, \.widthPercent, \.heightPercent, \.xAfter, \.yBelow,
            \.relativeHeightPercent, \.centreX, \.centreY,
        ]
        for key in keys where Int.random(in: 0..<5, using: &generator) == 0 {
            size[keyPath: key] = number()
        }
        return size
    }

    mutating func text() -> String {
        let words = ["a", "lorem", "ipsum", "dolor", "supercalifragilistic", "x", "\n"]
        return (0..<Int.random(in: 0...12, using: &generator))
            .map { _ in words[Int.random(in: 0..<words.count, using: &generator)] }
            .joined(separator: " ")
    }

    mutating func children(depth: Int) -> [Component] {
        (0..<Int.random(in: 0...4, using: &generator)).map { _ in component(depth: depth + 1) }
    }

    mutating func component(depth: Int) -> Component {
        let kinds = depth < 3 ? 16 : 11
        switch Int.random(in: 0..<kinds, using: &generator) {
        case 0: return .label(Component.Label(text: text(), fontsize: Bool.random(using: &generator) ? 20 : nil, size: size()))
        case 1: return .image(Component.Image(id: "logo", size: size()))
        case 2: return .button(Component.Button(text: "B", size: size()))
        case 3: return .textbox(Component.TextBox(name: "t", title: Bool.random(using: &generator) ? "T" : nil, size: size()))
        case 4: return .textview(Component.TextView(name: "v", initialHeight: Bool.random(using: &generator) ? 60 : nil,
                                                    size: size()))
        case 5: return .radio(Component.Radio(name: "r", title: "R", options: ["a": "A", "b": "B"], size: size()))
        case 6: return .web(Component.Web(web: "https://e.test", size: size()))
        case 7: return .table(Component.Table(data: .rows([]), cell: [.init(field: "a", widthPercent: number()),
                                                                      .init(field: "b")], size: size()))
        case 8: return .section(Component.Section(title: "S"))
        case 9: return .checkbox(Component.Checkbox(name: "c", size: size()))
        case 10: return .navigation(Component.Navigation(
            implementation: .init(style: Bool.random(using: &generator) ? .slidefrom : .button,
                                  position: Bool.random(using: &generator) ? .left : .right)))
        case 11: return .form(Component.Form(id: "f", title: "F", save: MethodCall(function: "s"),
                                             components: children(depth: depth), size: size()))
        case 12: return .form(Component.Form(id: "d", style: .dialog, components: children(depth: depth)))
        case 13: return .section(Component.Section(title: "Box", components: children(depth: depth), size: size()))
        case 14: return .scrollview(Component.ScrollView(components: children(depth: depth), size: size()))
        default: return .scrollview(Component.ScrollView(text: text(), size: size()))
        }
    }
}
