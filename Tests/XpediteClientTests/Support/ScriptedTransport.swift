import Foundation
import XpediteTestFixtures
import Synchronization
import XpediteClient
import XpediteProtocol

/// A transport that answers from a script and records every request it was sent.
final class ScriptedTransport: Transport, Sendable {
    typealias Answer = @Sendable (JSONValue) async throws -> JSONValue

    private let answer: Answer
    private let sent = Mutex<[Data]>([])

    init(_ answer: @escaping Answer) {
        self.answer = answer
    }

    /// The request bodies, as sent (canonical JSON text).
    var requests: [String] { sent.withLock { $0 }.map { String(decoding: $0, as: UTF8.self) } }

    /// The parsed requests.
    var parsedRequests: [JSONValue] { sent.withLock { $0 }.compactMap { try? JSONValue(parsing: $0) } }

    /// The last request body.
    var lastRequest: String? { requests.last }

    func send(_ body: Data) async throws -> Data {
        sent.withLock { $0.append(body) }
        let request = try JSONValue(parsing: body)
        return CanonicalJSON.data(try await answer(request))
    }
}

/// A transport whose server is down.
struct DownTransport: Transport {
    var error: TransportError = .connectionFailed("Connection refused")
    func send(_ body: Data) async throws -> Data { throw error }
}

/// A switchable transport: answers through `inner` while up, refuses while down.
final class SwitchTransport: Transport, Sendable {
    private let inner: any Transport
    private let down = Mutex(false)

    init(_ inner: any Transport) { self.inner = inner }

    func setDown(_ isDown: Bool) { down.withLock { $0 = isDown } }

    func send(_ body: Data) async throws -> Data {
        if down.withLock({ $0 }) { throw TransportError.httpStatus(503) }
        return try await inner.send(body)
    }
}

/// Image loader that serves PNG headers of given sizes, counts loads, and can hang.
final class TestImageLoader: ImageLoader, Sendable {
    private let sizes: [String: (Int, Int)]
    private let hanging: Set<String>
    private let loads = Mutex<[String]>([])

    init(sizes: [String: (Int, Int)] = [:], hanging: Set<String> = []) {
        self.sizes = sizes
        self.hanging = hanging
    }

    var loaded: [String] { loads.withLock { $0 } }

    func load(_ url: URL) async throws -> Data {
        loads.withLock { $0.append(url.absoluteString) }
        if hanging.contains(url.absoluteString) {
            try await Task.sleep(for: .seconds(3600))
        }
        guard let (width, height) = sizes[url.absoluteString] else { throw TransportError.httpStatus(404) }
        return Self.png(width: width, height: height)
    }

    /// The first 24 bytes of a PNG: signature, IHDR length and type, width, height.
    static func png(width: Int, height: Int) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        for value in [width, height] {
            bytes += [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
        }
        return Data(bytes)
    }
}

/// A configuration for tests: a fixed device, an optional cache directory, a hand clock.
func testConfiguration(cache: URL? = nil, clock: TestClock = TestClock(), images: any ImageLoader = TestImageLoader(),
                       criticalImageTimeout: Duration = .seconds(10)) -> ClientConfiguration {
    ClientConfiguration(cacheDirectory: cache, bounds: Bounds(width: 393, height: 852),
                        device: DeviceIdentity(uuid: "6F1C-TEST"), criticalImageTimeout: criticalImageTimeout,
                        clock: clock.function, imageLoader: images)
}

/// Parses JSON text written in a test.
func json(_ text: String) -> JSONValue {
    do {
        return try JSONValue(parsing: text)
    } catch {
        return .string("test JSON does not parse: \(error)")
    }
}

/// The canonical form of JSON text, to compare with what the client sent.
func canonical(_ text: String) -> String {
    CanonicalJSON.string(json(text))
}

extension ScreenState {
    /// The texts of the labels on screen, top level and nested.
    var labelTexts: [String] {
        var texts: [String] = []
        forEachComponent { component, _, _ in
            if case .label(let label) = component { texts.append(label.text) }
        }
        return texts
    }
}
