import XpediteProtocol

/// A component with a `size` dict (docs/protocol/layout.md). The modifiers set one ``Placement``
/// value per quantity, so a later modifier replaces an earlier one instead of adding a second key.
///
/// ```swift
/// Button("Save", .call("save")).size(width: .percent(80), height: 44, centreX: 0)
/// Button("Cancel", .call("cancel")).size(width: .percent(48), height: 44)
/// Button("OK", .call("ok")).beside(gap: 10).width(.percent(48)).relativeHeight(percent: 100)
/// Label("Note").below(gap: 20)
/// ```
public protocol Placeable: ComponentConvertible {
    /// Where the component sits and how big it is; empty for the defaults of
    /// docs/protocol/layout.md#default-sizes.
    var placement: Placement { get set }
}

extension Placeable {
    /// Returns a copy with `placement` replaced.
    public func placement(_ placement: Placement) -> Self {
        var copy = self
        copy.placement = placement
        return copy
    }

    /// Replaces the whole size dict: every quantity left out takes its default.
    ///
    /// - Parameters:
    ///   - x: `x` (a literal, points), `.percent` (`x%`), `.beside(gap:)` (`x+`) or `.centred(offset:)` (`centrex`).
    ///   - y: `y` (a literal, points), `.percent` (`y%`), `.below(gap:)` (`y+`) or `.centred` (`centre-y`).
    ///   - width: a literal (points, `width`) or `.percent` (`width%`).
    ///   - height: a literal (points, `height`), `.percent` (`height%`) or `.relative(percent:)` (`relative-height%`).
    public func size(x: Placement.Horizontal? = nil, y: Placement.Vertical? = nil, width: Length? = nil,
                     height: Placement.Height? = nil) -> Self {
        placement(Placement(x: x, y: y, width: width, height: height))
    }

    /// Replaces the whole size dict, centring the component horizontally: `centreX` is the
    /// offset in points from the centred position (`centrex`), `0` for exactly centred.
    ///
    /// ```swift
    /// .size(width: .percent(80), height: 44, centreX: 0)   // {"width%":80,"height":44,"centrex":0}
    /// ```
    public func size(y: Placement.Vertical? = nil, width: Length? = nil, height: Placement.Height? = nil,
                     centreX: Double) -> Self {
        placement(Placement(x: .centred(offset: centreX), y: y, width: width, height: height))
    }

    /// Sets the horizontal position.
    public func x(_ x: Placement.Horizontal) -> Self {
        var copy = self
        copy.placement.x = x
        return copy
    }

    /// Sets the vertical position.
    public func y(_ y: Placement.Vertical) -> Self {
        var copy = self
        copy.placement.y = y
        return copy
    }

    /// Sets the width: a literal (points) or `.percent`.
    public func width(_ width: Length) -> Self {
        var copy = self
        copy.placement.width = width
        return copy
    }

    /// Sets the height: a literal (points), `.percent` or `.relative(percent:)`.
    public func height(_ height: Placement.Height) -> Self {
        var copy = self
        copy.placement.height = height
        return copy
    }

    /// Centres the component horizontally in its container, moved right by `offset` points
    /// (`centrex`).
    public func centred(offset: Double = 0) -> Self {
        x(.centred(offset: offset))
    }

    /// Centres the component vertically in its container's visible height (`centre-y`).
    public func centredVertically() -> Self {
        y(.centred)
    }

    /// Places the component `gap` points below everything placed so far (`y+`).
    public func below(gap: Double) -> Self {
        y(.below(gap: gap))
    }

    /// Places the component on the same row as the previous one, `gap` points past its right
    /// edge (`x+`).
    public func beside(gap: Double) -> Self {
        x(.beside(gap: gap))
    }

    /// Makes the component's height a percentage of the previous component's height
    /// (`relative-height%`).
    public func relativeHeight(percent: Double) -> Self {
        height(.relative(percent: percent))
    }
}
