import XpediteProtocol

/// A colour for each appearance: one for phones that draw light, one for phones that draw dark
/// (docs/protocol/packets.md#the-appearance, docs/accessibility.md#what-the-server-developer-gives).
///
/// A screen is built for one call, so the colour is resolved while it is built, for the
/// appearance the phone gave in `setConnection` (`call.device.appearance` in XpediteServer):
///
/// ```swift
/// let muted = AppearanceColour(light: .rgb(0x4B5563), dark: .rgb(0xCBD5E1))
///
/// app.on("about") { call in
///     Screen(title: "About") {
///         Label("Cached until the next version.").color(muted, for: call.device.appearance)
///     }
/// }
/// ```
///
/// A phone that did not say (`nil`) gets the light colour. Choose both so that they reach 4.5:1
/// on the backgrounds they are drawn on; `xpedite validate` warns when they do not.
public struct AppearanceColour: Sendable, Hashable {
    /// The colour for a light appearance, and for phones that did not say.
    public var light: Colour
    /// The colour for a dark appearance.
    public var dark: Colour

    /// A colour for each appearance.
    public init(light: Colour, dark: Colour) {
        self.light = light
        self.dark = dark
    }

    /// The colour for `appearance`; the light one when it is `nil`.
    public func resolved(for appearance: Appearance?) -> Colour {
        appearance == .dark ? dark : light
    }
}

extension TextStylable {
    /// Sets the text colour (`color`) for the phone's appearance: `.color(muted, for: call.device.appearance)`.
    public func color(_ colour: AppearanceColour, for appearance: Appearance?) -> Self {
        color(colour.resolved(for: appearance))
    }
}

extension BackgroundStylable {
    /// Sets the background colour for the phone's appearance.
    public func background(_ colour: AppearanceColour, for appearance: Appearance?) -> Self {
        background(colour.resolved(for: appearance))
    }
}

extension Screen {
    /// Sets the window `background` for the phone's appearance.
    public func background(_ colour: AppearanceColour, for appearance: Appearance?) -> Screen {
        background(colour.resolved(for: appearance))
    }
}
