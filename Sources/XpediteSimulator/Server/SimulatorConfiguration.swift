import Foundation
import XpediteClient

/// What a ``Simulator`` needs: how the app's packets and images reach its server, and the device
/// a new tab starts as.
public struct SimulatorConfiguration: Sendable {
    /// Makes the transport of the web app's relay: an `HTTPTransport` to the server, or an
    /// `InProcessTransport` to an endpoint of the same process.
    public var makeTransport: @Sendable () -> any Transport
    /// The endpoint URL the inspector's "copy as curl" posts to; `nil` for an in-process app.
    public var endpointURL: String?
    /// The device a new tab starts as.
    public var device: SimulatedDevice
    /// The path prefix the simulator is mounted at (`""` for the root).
    public var basePath: String
    /// Loads the images of the web app's image relay (`{base}/app/image?url=…`).
    public var imageLoader: any ImageLoader
    /// The URL relative image URLs resolve against (docs/protocol/packets.md#images): by default
    /// ``endpointURL``.
    public var imageBaseURL: URL?
    /// Where the same server serves the notification app (`/notify/app/` in `xpedite demo`):
    /// the page then has a switch between the two apps in the phone frame, and the inspector lists
    /// the notification app's HTTP calls (docs/simulator.md). `nil` (the default): no switch.
    public var notificationAppPath: String?
    /// Whether the app's sign-in and the notification API share one user directory (the demo):
    /// the web app at `{base}/app/` then signs its inbox in with the Xpedite sign-in
    /// (docs/phone-app.md#one-app). Off by default.
    public var notificationUsersShared: Bool = false
    /// The endpoint the web app at `{base}/app/` posts to (docs/phone-app.md): a URL the phone's
    /// browser reaches, absolute or relative to the app's page (`/xpedite` for an endpoint on the
    /// same server). `nil` (the default): the simulator's same-origin relay `{base}/app/relay`,
    /// which forwards each packet through ``makeTransport``, so the app's server needs no CORS.
    public var webAppEndpoint: String?
    /// Whether the web app is a debug build: it alerts a screen's component errors, as a debug
    /// `XpediteClient` does. On by default (the simulator is a developer's tool).
    public var webAppDebug: Bool

    /// Creates a configuration.
    public init(makeTransport: @escaping @Sendable () -> any Transport, endpointURL: String? = nil,
                device: SimulatedDevice = SimulatedDevice.all[1], basePath: String = "",
                imageLoader: any ImageLoader = HTTPImageLoader(), imageBaseURL: URL? = nil,
                notificationAppPath: String? = nil, webAppEndpoint: String? = nil, webAppDebug: Bool = true) {
        self.makeTransport = makeTransport
        self.endpointURL = endpointURL
        self.device = device
        self.basePath = basePath
        self.imageLoader = imageLoader
        self.imageBaseURL = imageBaseURL ?? endpointURL.flatMap(URL.init(string:))
        self.notificationAppPath = notificationAppPath
        self.webAppEndpoint = webAppEndpoint
        self.webAppDebug = webAppDebug
    }
}
