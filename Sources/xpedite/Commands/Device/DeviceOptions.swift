import ArgumentParser
import Foundation
import XpediteClient
import XpediteProtocol

/// The options every `xpedite device` subcommand takes: the server, the user, the data directory.
struct DeviceOptions: ParsableArguments {
    @Option(help: "The app's base URL (http://HOST:PORT; a URL ending in /notify/v1 is accepted too).")
    var server: String

    @Option(help: "The username to log in with (not needed while the kept token is valid).")
    var user: String?

    @Option(help: "The password (default: $XPEDITE_PASSWORD).")
    var password: String?

    @Option(name: .customLong("data-dir"),
            help: "Where the device id, token, fetched payloads and outbox are kept (default: ~/.xpedite/device/HOST_PORT).")
    var dataDir: String?

    @Option(help: "The device name sent at login.")
    var deviceName = "xpedite device"

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func validate() throws {
        _ = try serverURL()
    }

    /// The server URL, checked.
    func serverURL() throws -> URL {
        guard let url = URL(string: server), url.scheme == "http" || url.scheme == "https", url.host != nil else {
            throw ValidationError("--server: expected an http or https URL, got \"\(server)\"")
        }
        return url
    }

    /// The data directory: --data-dir, or one per server under ~/.xpedite/device.
    func dataDirectory() throws -> URL {
        if let dataDir { return URL(fileURLWithPath: (dataDir as NSString).expandingTildeInPath, isDirectory: true) }
        let url = try serverURL()
        let name = [url.host ?? "server", url.port.map(String.init) ?? url.scheme ?? ""].joined(separator: "_")
        return FileManager.default.homeDirectoryForCurrentUser
            .appendingPathComponent(".xpedite/device", isDirectory: true).appendingPathComponent(name, isDirectory: true)
    }

    /// The device, opened on its data directory (no request is made).
    func device() async throws -> DeviceClient {
        let url = try serverURL()
        let directory = try dataDirectory()
        let configuration = DeviceConfiguration(dataDirectory: directory,
                                                server: URLSessionNotifyTransport.apiURL(url).absoluteString,
                                                deviceName: deviceName, platform: "web")
        do {
            return try await DeviceClient(transport: URLSessionNotifyTransport(server: url, timeout: .seconds(10)),
                                          configuration: configuration)
        } catch {
            throw DeviceOutput.fail("cannot open the data directory \(directory.path): \(error)", status: 2)
        }
    }

    /// The device, signed in: the kept token when it is this user's, else a login.
    func signedInDevice() async throws -> DeviceClient {
        let device = try await device()
        let password = self.password ?? ProcessInfo.processInfo.environment["XPEDITE_PASSWORD"]
        if let user, let password {
            try await DeviceOutput.run { try await device.signIn(username: user, password: password) }
        } else if await !device.isLoggedIn {
            throw DeviceOutput.fail("give --user and --password (or set XPEDITE_PASSWORD): this device is not logged in", status: 64)
        } else if let user, await device.username != user {
            throw DeviceOutput.fail("give --password: the kept token belongs to \(await device.username ?? "another user")", status: 64)
        }
        return device
    }
}
