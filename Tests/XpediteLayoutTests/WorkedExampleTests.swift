import Testing
import XpediteLayout
import XpediteProtocol

/// The worked examples of docs/protocol/layout.md#worked-figures (screen width 393, visible height
/// 759), built as Swift values, to the hundredth of a point.
@Suite("the worked figures of docs/protocol/layout.md#worked-figures")
struct WorkedExampleTests {
    let bounds = Bounds(x: 0, y: 0, width: 393, height: 852)

    func frames(_ sizes: [SizeSpec]) -> [LayoutRect] {
        let packet = ResponsePacket(components: sizes.map { .button(Component.Button(text: "B", size: $0)) })
        let tree = LayoutEngine().layout(packet, bounds: bounds)
        #expect(tree.screen.frame == LayoutRect(x: 0, y: 59, width: 393, height: 759))
        return tree.components.map(\.frame)
    }

    func expectClose(_ actual: LayoutRect?, _ x: Double, _ y: Double, _ width: Double, _ height: Double,
                     sourceLocation: SourceLocation = #_sourceLocation) {
        guard let actual else {
            Issue.record("no frame", sourceLocation: sourceLocation)
            return
        }
        for (got, wanted) in zip([actual.x, actual.y, actual.width, actual.height], [x, y, width, height]) {
            #expect(abs(got - wanted) < 0.005, "\(actual) is not (\(x), \(y), \(width), \(height))",
                    sourceLocation: sourceLocation)
        }
    }

    @Test("1: width% 80 with centrex 0")
    func example1() {
        let frames = frames([SizeSpec(height: 44, widthPercent: 80, centreX: 0)])
        expectClose(frames.first, 39.3, 0, 314.4, 44)
    }

    @Test("2: two buttons side by side with x+ and relative-height%")
    func example2() {
        let frames = frames([SizeSpec(height: 44, widthPercent: 48),
                             SizeSpec(widthPercent: 48, xAfter: 10, relativeHeightPercent: 100)])
        expectClose(frames.first, 0, 0, 188.64, 44)
        expectClose(frames.last, 198.64, 0, 188.64, 44)
    }

    @Test("2, with a component above: B₀ is the bottom edge and becomes B₀ + 44")
    func example2BelowSomething() {
        let packet = ResponsePacket(components: [
            .button(Component.Button(text: "top", size: SizeSpec(height: 30))),
            .button(Component.Button(text: "A", size: SizeSpec(height: 44, widthPercent: 48))),
            .button(Component.Button(text: "B", size: SizeSpec(widthPercent: 48, xAfter: 10, relativeHeightPercent: 100))),
        ])
        let tree = LayoutEngine().layout(packet, bounds: bounds)
        expectClose(tree.components[1].frame, 0, 30, 188.64, 44)
        expectClose(tree.components[2].frame, 198.64, 30, 188.64, 44)
        #expect(tree.screen.contentHeight == 74)
    }

    @Test("2, [N] variant: width% 50 twice plus x+ 10 overflows by 10 pt, with a warning")
    func example2Overflow() {
        let packet = ResponsePacket(components: [
            .button(Component.Button(text: "A", size: SizeSpec(height: 44, widthPercent: 50))),
            .button(Component.Button(text: "B", size: SizeSpec(widthPercent: 50, xAfter: 10, relativeHeightPercent: 100))),
        ])
        let tree = LayoutEngine().layout(packet, bounds: bounds)
        expectClose(tree.components[1].frame, 206.5, 0, 196.5, 44)
        #expect(tree.components[1].frame.maxX - 393 == 10)
        #expect(tree.warnings.map(\.code) == [.overflow])
        #expect(tree.warnings.first?.path.description == "$.components[1]")
    }

    @Test("3: old centre flags with y, then y+")
    func example3() {
        let frames = frames([SizeSpec(y: 100, height: 150, widthPercent: 90, centreX: 0),
                             SizeSpec(height: 50, widthPercent: 90, yBelow: 10, centreX: 0)])
        expectClose(frames.first, 19.65, 100, 353.7, 150)
        expectClose(frames.last, 19.65, 260, 353.7, 50)
    }
}
