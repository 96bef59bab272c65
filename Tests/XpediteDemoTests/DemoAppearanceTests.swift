import Foundation
import HummingbirdTesting
import Testing
@testable import XpediteDemo
import XpediteServer
import XpediteTestSupport

/// The demo answers a dark phone with dark colours (docs/demo.md#what-each-screen-shows), each readable (4.5:1) on
/// the background of its appearance.
@Suite struct DemoAppearanceTests {
    static func connect(_ appearance: String?) -> [String: JSONValue] {
        var members: [String: JSONValue] = ["method": "setConnection", "bundleID": "xpedite.software", "uuid": "U",
                                            "bounds": "(0.0, 0.0, 393.0, 852.0)", "xpediteVersion": 1]
        if let appearance { members["appearance"] = .string(appearance) }
        return members
    }

    /// The colour a default sets.
    static func value(_ setting: Defaults.Setting<Colour>?) -> Colour? {
        if case .set(let colour)? = setting { return colour }
        return nil
    }

    @Test func everyColourOfThePaletteIsReadableOnItsAppearancesBackground() throws {
        let darkDefaults = DemoPalette.light.merging(DemoPalette.dark)
        let light = try #require(Self.value(DemoPalette.light.background))
        let dark = try #require(Self.value(darkDefaults.background))
        let lightText = try #require(Self.value(DemoPalette.light.color))
        let darkText = try #require(Self.value(darkDefaults.color))
        #expect(lightText.contrast(on: light) >= Colour.minimumContrast)
        #expect(darkText.contrast(on: dark) >= Colour.minimumContrast)
        for colour in [DemoPalette.muted, DemoPalette.secondary, DemoPalette.success, DemoPalette.warning] {
            #expect(colour.resolved(for: .light).contrast(on: light) >= Colour.minimumContrast, "\(colour.light)")
            #expect(colour.resolved(for: nil) == colour.light)
            #expect(colour.resolved(for: .dark).contrast(on: dark) >= Colour.minimumContrast, "\(colour.dark)")
        }
    }

    @Test(arguments: ["dark", "light", nil] as [String?])
    func theAnswersCarryTheColoursOfThePhonesAppearance(_ appearance: String?) async throws {
        let defaults: JSONValue = appearance == "dark"
            ? ["fontsize": 16, "color": "#E5E7EB", "background": "#111827"]
            : ["fontsize": 16, "color": "#1F2937", "background": "#F7F8FA"]
        let muted = DemoPalette.muted.resolved(for: appearance.flatMap(Appearance.init(rawValue:)))
        let secondary = DemoPalette.secondary.resolved(for: appearance.flatMap(Appearance.init(rawValue:)))
        try await withDemo { client in
            let signIn = try await client.post(Self.connect(appearance))
            #expect(signIn["setDefaults"] == defaults)
            #expect(signIn.component(id: "demo-account")?["color"] == .string(secondary.hex))
            let token = try #require(signIn["token"]?.stringValue)
            #expect(try await client.signIn(token)["title"] == "Customers")
            let about = try await client.call("about", token)
            #expect(about.component(id: "cache")?["color"] == .string(muted.hex))
            // With the defaults the phone holds, the screen's own colours pass the validator's check.
            var held = about.objectValue ?? [:]
            held["setDefaults"] = signIn["setDefaults"]
            let warnings = PacketValidator().validate(.object(held), as: .response).issues.filter { $0.code == .lowContrast }
            #expect(warnings.isEmpty, "\(warnings)")
        }
    }
}
