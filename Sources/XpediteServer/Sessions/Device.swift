/// What a phone said about itself in `setConnection` (docs/protocol/packets.md).
///
/// A session renewed after an unknown or expired token
/// (docs/protocol/packets.md#tokens-and-sessions) has no device information: the request that
/// renews it is an ordinary method call, so every field is `nil`.
public struct Device: Sendable, Hashable {
    /// `bundleID`: the mobile application, e.g. `"xpedite.software"`.
    public var bundleID: String?
    /// `uuid`: the device identifier. It identifies the phone, not the user.
    public var uuid: String?
    /// `bounds`: the full screen rectangle in logical points; `nil` when unknown — the phone sent
    /// none, or none that could be read in any of the shapes `Bounds/init(connecting:)` accepts.
    public var bounds: Bounds?
    /// `xpediteVersion`: the version of the mobile app (a string is read as its number, a dotted
    /// version as its major number); `nil` when unknown.
    public var xpediteVersion: Int?
    /// `appearance`: whether the phone draws light or dark (docs/protocol/packets.md#the-appearance);
    /// `nil` when it did not say (an older phone) or sent something else. Answer `nil` as light.
    public var appearance: Appearance?

    /// Creates device information.
    public init(bundleID: String? = nil, uuid: String? = nil, bounds: Bounds? = nil, xpediteVersion: Int? = nil,
                appearance: Appearance? = nil) {
        self.bundleID = bundleID
        self.uuid = uuid
        self.bounds = bounds
        self.xpediteVersion = xpediteVersion
        self.appearance = appearance
    }

    /// Reads the device fields of a `setConnection` request (the server reads it forgivingly,
    /// `RequestPacket/connection(from:)`).
    public init(connecting request: RequestPacket) {
        self.init(bundleID: request.bundleID, uuid: request.uuid, bounds: request.bounds,
                  xpediteVersion: request.xpediteVersion, appearance: request.appearance)
    }

    /// The screen width in points, from `bounds`.
    public var width: Double? { bounds?.width }

    /// The screen height in points, from `bounds`.
    public var height: Double? { bounds?.height }
}
