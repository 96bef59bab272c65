import XpediteBuilder
import XpediteServer

/// The demo's colours, in light and dark (docs/demo.md#what-each-screen-shows): each text colour reaches 4.5:1 on
/// the window background of its appearance (`#F7F8FA` light, `#111827` dark), so the phone app's
/// contrast rule never has to change one (docs/accessibility.md#colours).
enum DemoPalette {
    /// `setDefaults` for light phones and phones that did not say: type size, text colour (13.8:1)
    /// and window background.
    static let light = Defaults(fontsize: .set(16), color: .set(.rgb(0x1F2937)), background: .set(.rgb(0xF7F8FA)))
    /// Merged over ``light`` for dark phones: light grey text on a dark slate background (14.3:1).
    static let dark = Defaults(color: .set(.rgb(0xE5E7EB)), background: .set(.rgb(0x111827)))

    /// Small print (the about and dashboard footnotes): 4.6:1 light, 7.0:1 dark.
    static let muted = AppearanceColour(light: .rgb(0x6B7280), dark: .rgb(0x9CA3AF))
    /// Secondary lines (the demo account, an answered credit change): 7.1:1 light, 12.0:1 dark.
    static let secondary = AppearanceColour(light: .rgb(0x4B5563), dark: .rgb(0xCBD5E1))
    /// Good news ("Saved."): 4.7:1 light, 10.2:1 dark.
    static let success = AppearanceColour(light: .rgb(0x15803D), dark: .rgb(0x4ADE80))
    /// Something waits or went wrong (a pending change, "signed out"): 4.7:1 light, 10.6:1 dark.
    static let warning = AppearanceColour(light: .rgb(0xB45309), dark: .rgb(0xFBBF24))
}
