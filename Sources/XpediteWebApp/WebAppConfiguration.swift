import Foundation

/// What the web app is told by the server that serves it, as `config.json` beside its page (the
/// page has no inline script, so the configuration is a file): where it sends its packets, and
/// whether it is a debug build (docs/phone-app.md).
public struct WebAppConfiguration: Sendable, Hashable, Codable {
    /// The endpoint URL the app posts every packet to: absolute, or relative to the app's page
    /// (`relay` for the simulator's same-origin relay, `/xpedite` for an endpoint of the same server).
    public var endpoint: String
    /// A debug build: the app alerts a screen's component errors, as a debug `XpediteClient` does.
    public var debug: Bool
    /// The server functions that sign the person out: calling one clears the app's caches of this
    /// server first.
    public var signOutFunctions: [String]
    /// What relative image URLs resolve against (docs/protocol/packets.md#images); `nil`: the
    /// endpoint. A relay names the app's real endpoint here.
    public var imageBase: String?
    /// A same-origin path every image is loaded through, as `{imageRelay}?url=ABSOLUTE-URL`,
    /// relative to the app's page (`image`: the simulator's image relay, for images only its
    /// server can reach, docs/simulator.md); `nil`: the page loads each image from its URL.
    public var imageRelay: String?
    /// Where the same server serves the notification app (`/notify/app/`): the app then shows the
    /// inbox and the Start tab beside the Xpedite screens (docs/phone-app.md#one-app). `nil`: an
    /// Xpedite server only, the app is just the Xpedite app.
    public var notificationApp: String?
    /// Whether the Xpedite sign-in and the notification API share one user directory (the demo):
    /// the name and password typed into the Xpedite sign-in then also sign the inbox in, once
    /// (docs/decisions/0420-one-sign-in-for-both-apps.md). Only meaningful with ``notificationApp``.
    public var sharedSignIn: Bool

    /// Creates a configuration.
    public init(endpoint: String, debug: Bool = false, signOutFunctions: [String] = ["signOut", "logout"],
                imageBase: String? = nil, imageRelay: String? = nil, notificationApp: String? = nil,
                sharedSignIn: Bool = false) {
        self.endpoint = endpoint
        self.debug = debug
        self.signOutFunctions = signOutFunctions
        self.imageBase = imageBase
        self.imageRelay = imageRelay
        self.notificationApp = notificationApp
        self.sharedSignIn = sharedSignIn
    }

    /// The `Content-Security-Policy` of the app's files: scripts, workers and the manifest only
    /// from this server (no inline script, no `eval`); images, frames, styles, fonts and media from
    /// anywhere; calls to this server and, when the endpoint is on another origin, to that origin.
    ///
    /// Styles, fonts and media are open because a `web` component's HTML is drawn in the `srcdoc`
    /// of a sandboxed frame, and such a page inherits this policy: its `<style>` elements,
    /// stylesheets and web fonts apply there as in the phone's web view (decision 0610). The app's
    /// own page builds every element itself and parses no HTML, so no packet text can add a style.
    public var contentSecurityPolicy: String {
        var connect = "'self'"
        if let url = URL(string: endpoint), let scheme = url.scheme, let host = url.host {
            connect += " \(scheme)://\(host)" + (url.port.map { ":\($0)" } ?? "")
        }
        return "default-src 'self'; script-src 'self'; style-src * 'unsafe-inline'; font-src * data:; "
            + "media-src * data: blob:; img-src * data: blob:; frame-src *; connect-src \(connect); worker-src 'self'; "
            + "manifest-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'"
    }

    /// The JSON of `config.json`.
    ///
    /// - Throws: when the encoder fails.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
