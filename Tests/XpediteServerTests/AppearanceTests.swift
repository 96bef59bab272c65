import Foundation
import HummingbirdTesting
import Testing
import XpediteServer
import XpediteTestSupport

/// The phone's appearance (docs/protocol/packets.md#the-appearance): kept with the session,
/// readable by handlers, and choosing `darkSetDefaults` for dark phones.
@Suite struct AppearanceTests {
    static let light = Defaults(fontsize: .set(16), color: .set(Colour(red: 0x1F, green: 0x29, blue: 0x37)), background: .set(Colour(red: 0xF7, green: 0xF8, blue: 0xFA)))
    static let dark = Defaults(color: .set(Colour(red: 0xE5, green: 0xE7, blue: 0xEB)), background: .set(Colour(red: 0x11, green: 0x18, blue: 0x27)))

    /// An app whose screens say what appearance the call's device has.
    static func app(dark: Defaults? = AppearanceTests.dark) -> XpediteApp {
        var configuration = testConfiguration()
        configuration.setDefaults = light
        configuration.darkSetDefaults = dark
        var app = XpediteApp(configuration: configuration)
        let said: @Sendable (XpediteCall) -> ResponsePacket = { call in
            ResponsePacket(components: [.label(.init(id: "appearance", text: call.device.appearance?.rawValue ?? "unknown"))])
        }
        app.onConnect(said)
        app.on("again", said)
        return app
    }

    static func connect(_ appearance: JSONValue?) -> [String: JSONValue] {
        var members: [String: JSONValue] = ["method": "setConnection", "bundleID": "xpedite.software", "uuid": "U",
                                            "bounds": "(0.0, 0.0, 393.0, 852.0)", "xpediteVersion": 1]
        members["appearance"] = appearance
        return members
    }

    @Test func aDarkPhoneGetsTheDarkDefaultsMergedOverTheLightOnes() async throws {
        try await application(Self.app()).test(.router) { client in
            let answer = try await client.post(Self.connect("dark"))
            #expect(answer["setDefaults"] == ["fontsize": 16, "color": "#E5E7EB", "background": "#111827"])
            #expect(answer.labelTexts == ["dark"])
            // The session keeps it: a later call's handler reads it too.
            let token = try #require(answer["token"]?.stringValue)
            let later = try await client.post(["method": "again", "token": .string(token)])
            #expect(later.labelTexts == ["dark"])
        }
    }

    @Test(arguments: [JSONValue?.some("light"), nil, .some("sepia")])
    func otherPhonesGetTheLightDefaults(_ appearance: JSONValue?) async throws {
        try await application(Self.app()).test(.router) { client in
            let answer = try await client.post(Self.connect(appearance))
            #expect(answer["rc"] == 0)
            #expect(answer["setDefaults"] == ["fontsize": 16, "color": "#1F2937", "background": "#F7F8FA"])
            #expect(answer.labelTexts == [appearance == "light" ? "light" : "unknown"])
        }
    }

    @Test func withoutDarkDefaultsADarkPhoneGetsTheLightOnes() async throws {
        try await application(Self.app(dark: nil)).test(.router) { client in
            let answer = try await client.post(Self.connect("dark"))
            #expect(answer["setDefaults"] == ["fontsize": 16, "color": "#1F2937", "background": "#F7F8FA"])
            #expect(answer.labelTexts == ["dark"])
        }
    }

    @Test func theConfigurationChoosesByAppearance() {
        var configuration = XpediteConfiguration()
        #expect(configuration.setDefaults(for: .dark) == nil)
        configuration.darkSetDefaults = Self.dark
        #expect(configuration.setDefaults(for: .dark) == Self.dark, "dark defaults alone")
        #expect(configuration.setDefaults(for: nil) == nil)
        configuration.setDefaults = Self.light
        #expect(configuration.setDefaults(for: .light) == Self.light)
        #expect(configuration.setDefaults(for: nil) == Self.light)
        #expect(configuration.setDefaults(for: .dark) == Self.light.merging(Self.dark))
    }
}
