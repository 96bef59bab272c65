import XpediteBuilder
import XpediteServer

/// The entry screen: a greeting, what the phone told the server, and the way to the others.
enum HelloScreen {
    static func make(_ call: XpediteCall) throws -> ResponsePacket {
        let name = try call.session.value(for: Profile.key)?.name
        return Screen(title: "Hello") {
            DemoMenu.stub
            if call.connectReason == .sessionExpired {
                Label("Your session had expired, so this is a fresh one.").color(.rgb(0xB03030)).id("expired")
            }
            Label(name.map { "Hello, \($0)!" } ?? "Hello from Xpedite!").fontSize(28).align(.center).id("hello")
            Label(deviceText(call.device)).id("device")
            Button("Edit your profile", .call("profile")).style(.button).id("to-profile")
            Button("Browse \(DemoApp.customerCount) customers", .call("customers")).style(.button).id("to-customers")
        }.packet
    }

    private static func deviceText(_ device: Device) -> String {
        let session = "This server keeps your session for 8 hours of inactivity."
        guard let width = device.width, let height = device.height else { return session }
        return "Your screen is \(JSONValue.format(number: width)) × \(JSONValue.format(number: height)) points. \(session)"
    }
}
