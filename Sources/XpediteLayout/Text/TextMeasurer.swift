/// Measures wrapped text, so the layout engine can size labels without a UI framework
/// (docs/layout.md#text-measuring: the intrinsic-size provider).
///
/// The engine asks only for heights: a label is as wide as its frame and as tall as its text
/// wrapped to that width, on as many lines as it needs (docs/protocol/components/display.md#label).
/// The default is the deterministic ``EstimatedTextMeasurer``; a renderer that can measure real
/// glyphs (a browser, UIKit's `boundingRect`) supplies its own through
/// ``LayoutConfiguration/textMeasurer``.
///
/// Implementations must be pure: the same arguments give the same height, so that layout stays
/// deterministic.
public protocol TextMeasurer: Sendable {
    /// The height of `text` drawn with `font` and wrapped to `width` points; 0 for empty text.
    func height(of text: String, font: TextFont, width: Double) -> Double
}
