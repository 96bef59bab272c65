import Foundation
import XpediteProtocol

/// Everything a ``DeviceClient`` needs beyond its transport. Passed at init; no globals.
public struct DeviceConfiguration: Sendable {
    /// Where the device id, the device token and the outbox are kept (`xpedite-device.sqlite`);
    /// `nil` keeps them in memory for the client's life.
    public var dataDirectory: URL?
    /// A name for the server the session belongs to: a stored token is used only with the same one.
    public var server: String
    /// The device id sent at login; `nil` makes one (a UUID) on first use and keeps it.
    public var deviceId: String?
    /// `deviceName`: a readable description of the device.
    public var deviceName: String
    /// `platform`: `ios`, `android` or `web`.
    public var platform: String
    /// The push token sent at login, if any.
    public var pushToken: String?
    /// The location a `currentLocation` field takes at submit; `nil` when unknown.
    public var currentLocation: @Sendable () async -> Location?
    /// The clock: `currentDateTime` values and outbox times.
    public var clock: @Sendable () -> Date

    /// Creates a configuration.
    public init(dataDirectory: URL? = nil, server: String = "", deviceId: String? = nil, deviceName: String = "Xpedite device",
                platform: String = "web", pushToken: String? = nil,
                currentLocation: @escaping @Sendable () async -> Location? = { nil },
                clock: @escaping @Sendable () -> Date = { Date() }) {
        self.dataDirectory = dataDirectory
        self.server = server
        self.deviceId = deviceId
        self.deviceName = deviceName
        self.platform = platform
        self.pushToken = pushToken
        self.currentLocation = currentLocation
        self.clock = clock
    }
}
