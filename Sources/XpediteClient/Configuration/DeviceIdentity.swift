/// Who the phone says it is in `setConnection`
/// (docs/protocol/packets.md#1-the-first-packet-setconnection).
public struct DeviceIdentity: Sendable, Hashable {
    /// `bundleID`: the mobile application; the development app is `"xpedite.software"`.
    public var bundleID: String
    /// `uuid`: the device identifier (the phone, not the user).
    public var uuid: String
    /// `xpediteVersion`: the version of the mobile app.
    public var xpediteVersion: Int

    /// Creates an identity.
    public init(bundleID: String = "xpedite.software", uuid: String, xpediteVersion: Int = 1) {
        self.bundleID = bundleID
        self.uuid = uuid
        self.xpediteVersion = xpediteVersion
    }
}
