import ArgumentParser
import Foundation
import Hummingbird
import XpediteClient
import XpediteSimulator

/// `xpedite preview --server URL`: the browser simulator.
struct Preview: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve a browser simulator of an Xpedite app: a phone frame, devices, offline, packets.",
        discussion: """
            Open http://127.0.0.1:PORT/ in a browser. The phone frame runs the Xpedite web app of /app/, \
            the one phones run: its engine runs in the browser and posts to /app/relay, which forwards \
            each packet to --server, so the server needs no CORS headers (docs/phone-app.md); its images \
            come through /app/image. Beside the phone: a device picker with rotation (the app lays its \
            screen out for the new bounds), an offline switch (the server becomes unreachable for the \
            app, cached pages show with an offline badge), light/dark appearance, Reconnect, Clear \
            caches, and a packet inspector (every request and answer with time, size, pretty JSON, \
            validation issues at their paths, copy as curl, re-send). Open /app/ in a real phone's \
            browser (with --host 0.0.0.0) for the same app on the phone.

            The server binds 127.0.0.1 unless --host says otherwise. Ctrl-C stops it.

            Examples:
              xpedite preview --server http://127.0.0.1:8080/xpedite
              xpedite preview --server https://my.app/xpedite --port 9000 --device "Pixel 8"
              xpedite preview --server http://192.168.1.20:8080/xpedite --host 0.0.0.0
            """
    )

    @Option(help: ArgumentHelp("The app's endpoint URL (any Xpedite server, in any language).", valueName: "URL"))
    var server: String?

    @Option(help: "The TCP port of the simulator (0 picks a free one; the \"Simulator on URL\" line, written once the port is bound, names it).")
    var port: Int = 8081

    @Option(help: ArgumentHelp("The device a new tab starts as: \(SimulatedDevice.all.map(\.name).joined(separator: ", ")).",
                               valueName: "NAME"))
    var device: String = "iPhone 16"

    @Option(help: "The interface to bind; 0.0.0.0 lets phones on the network open /app.")
    var host: String = "127.0.0.1"

    /// Accepted for scripts that pass it to every command: the app keeps its caches in the
    /// browser, so the simulator writes nothing.
    @Option(name: .customLong("data-dir"), help: .hidden)
    var dataDir: String?

    @Flag(name: .customLong("demo-test-app"), help: .hidden)
    var demoTestApp = false

    /// The browser tests' image stand-in: every image is loaded from `URL?url=<its URL>`.
    @Option(name: .customLong("image-stand-in"), help: .hidden)
    var imageStandIn: String?

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        guard SimulatedDevice.named(device) != nil else {
            throw ValidationError("--device: unknown device \"\(device)\"; expected one of \(SimulatedDevice.all.map(\.name).joined(separator: ", "))")
        }
        if demoTestApp { return }
        guard let server else { throw ValidationError("--server URL is required.") }
        guard let url = URL(string: server), url.scheme == "http" || url.scheme == "https", url.host != nil else {
            throw ValidationError("--server: expected an http or https URL, got \"\(server)\"")
        }
        if let imageStandIn, URL(string: imageStandIn)?.host == nil {
            throw ValidationError("--image-stand-in: expected an http URL, got \"\(imageStandIn)\"")
        }
    }

    func run() async throws {
        let makeTransport: @Sendable () -> any Transport
        let endpointURL: String?
        let imageLoader: any ImageLoader
        let imageBaseURL: URL?
        if demoTestApp {
            let endpoint = try PreviewTestApp.make().makeEndpoint()
            makeTransport = { InProcessTransport { body in await endpoint.respond(to: body) } }
            endpointURL = nil
            imageLoader = PreviewTestApp.ImageFiles()
            imageBaseURL = URL(string: PreviewTestApp.endpointURL)
        } else {
            guard let server, let url = URL(string: server) else { throw ExitCode(1) }
            makeTransport = { HTTPTransport(url: url) }
            endpointURL = server
            if let route = imageStandIn.flatMap(URL.init(string:)) {
                imageLoader = StandInImageLoader(route: route)
            } else {
                imageLoader = HTTPImageLoader()
            }
            imageBaseURL = url
        }
        let simulator = try Simulator(configuration: SimulatorConfiguration(
            makeTransport: makeTransport, endpointURL: endpointURL,
            device: SimulatedDevice.named(device) ?? SimulatedDevice.all[1],
            imageLoader: imageLoader, imageBaseURL: imageBaseURL))
        let router = Router()
        simulator.mount(on: router)
        let host = host
        let app = Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in
                let bound = channel.localAddress?.port ?? 0
                // Written unbuffered: scripts and the browser tests wait for this line.
                FileHandle.standardOutput.write(Data("Simulator on http://\(host):\(bound)/ (web app: /app/)\n".utf8))
            })
        try await app.runService()
    }
}
