import Crypto
import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization
import XpeditePushStandIns

/// `PushFanOut stand-in`: the APNs stand-in (every valid push accepted at once) and its control
/// server, in a process of their own.
///
/// The control server (HTTP/1, 127.0.0.1) answers `GET /accepted?count=N&timeout=S` once N pushes
/// were accepted (or after S seconds) with `{"accepted", "requests", "at", "cpuSeconds"}`: the
/// pushes accepted and requests received so far, when the N-th push was accepted (CLOCK_MONOTONIC
/// nanoseconds, `null` if not yet), and the CPU time the process used; `POST /stop` stops it.
enum StandInProcess {
    static func run(_ options: Options) async throws {
        let directory = URL(fileURLWithPath: try options.string("directory"), isDirectory: true)
        let lifetime = try options.int("lifetime", default: 900)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let key = P256.Signing.PrivateKey()
        let keyFile = directory.appendingPathComponent(BenchAPNs.keyFileName)
        try Data(key.pemRepresentation.utf8).write(to: keyFile, options: .atomic)

        let acceptances = AcceptanceLog()
        let standIn = APNsStandIn(publicKey: key.publicKey, keyId: BenchAPNs.keyId, teamId: BenchAPNs.teamId,
                                  topic: BenchAPNs.topic)
        standIn.setRule { _, _ in
            acceptances.record()
            return .accept
        }
        try await standIn.start()

        var logger = Logger(label: "push-fan-out.stand-in")
        logger.logLevel = .error
        let (stops, stop) = AsyncStream<Void>.makeStream()
        let router = Router()
        router.get("accepted") { request, _ -> Response in
            let wanted = request.uri.queryParameters.get("count", as: Int.self) ?? 0
            let timeout = request.uri.queryParameters.get("timeout", as: Int.self) ?? 60
            let deadline = ContinuousClock.now.advanced(by: .seconds(timeout))
            while acceptances.count < wanted, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(2))
            }
            let at = acceptances.time(ofAcceptance: wanted).map(String.init) ?? "null"
            let json = "{\"accepted\":\(acceptances.count),\"requests\":\(standIn.requestCount),\"at\":\(at)," +
                "\"cpuSeconds\":\(ProcessCPU.seconds())}"
            return Response(status: .ok, headers: [.contentType: "application/json"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: json)))
        }
        router.post("stop") { _, _ -> Response in
            stop.yield()
            return Response(status: .ok)
        }
        let (ports, portContinuation) = AsyncStream<Int>.makeStream()
        let control = Application(router: router,
                                  configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: nil),
                                  onServerRunning: { channel in portContinuation.yield(channel.localAddress?.port ?? 0) },
                                  logger: logger)
        let group = ServiceGroup(configuration: .init(services: [control], gracefulShutdownSignals: [.sigterm, .sigint],
                                                      logger: logger))
        let running = Task { try await group.run() }
        var portIterator = ports.makeAsyncIterator()
        guard let controlPort = await portIterator.next(), controlPort != 0 else {
            throw BenchFailure("the stand-in's control server did not start")
        }
        Output.line("stand-in \(standIn.port) \(controlPort) \(keyFile.path)")

        // Until `POST /stop`, a signal (the group ends), or the end of the lifetime.
        await withTaskGroup(of: Void.self) { waits in
            waits.addTask {
                for await _ in stops { return }
            }
            waits.addTask { try? await Task.sleep(for: .seconds(lifetime)) }
            waits.addTask { _ = try? await running.value }
            await waits.next()
            await group.triggerGracefulShutdown()
            waits.cancelAll()
        }
        try await running.value
        try await standIn.stop()
        Output.error("stand-in: \(acceptances.count) pushes accepted, \(standIn.requestCount) requests")
    }
}

/// When each push was accepted, in order (CLOCK_MONOTONIC nanoseconds).
final class AcceptanceLog: Sendable {
    private let times = Mutex<[UInt64]>([])

    /// Notes an acceptance now.
    func record() {
        times.withLock { $0.append(Monotonic.nanoseconds()) }
    }

    /// The pushes accepted so far.
    var count: Int { times.withLock { $0.count } }

    /// When the `number`-th push (from 1) was accepted; `nil` if it was not (yet).
    func time(ofAcceptance number: Int) -> UInt64? {
        times.withLock { number >= 1 && number <= $0.count ? $0[number - 1] : nil }
    }
}
