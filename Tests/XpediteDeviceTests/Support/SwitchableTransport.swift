import Foundation
import Synchronization
import XpediteClient

/// A transport in front of another that can play an unreachable server: `down` fails every
/// request before it leaves; `losingAnswers` delivers it, then fails as a cut connection would,
/// so the server acted but the device never heard.
final class SwitchableTransport: NotifyTransport {
    enum Mode {
        case up
        case down
        case losingAnswers
    }

    let base: any NotifyTransport
    private let state = Mutex<(mode: Mode, delivered: [String], attempts: Int)>((.up, [], 0))

    init(_ base: any NotifyTransport) {
        self.base = base
    }

    var mode: Mode {
        get { state.withLock { $0.mode } }
        set { state.withLock { $0.mode = newValue } }
    }

    /// How many requests were tried, reaching the server or not.
    var attempts: Int { state.withLock { $0.attempts } }

    /// `METHOD path` of every request that reached the server, in order.
    var delivered: [String] { state.withLock { $0.delivered } }

    func send(_ request: NotifyHTTPRequest) async throws -> NotifyHTTPResponse {
        let mode = state.withLock { state in
            state.attempts += 1
            return state.mode
        }
        if mode == .down { throw TransportError.connectionFailed("the test switched the server off") }
        let response = try await base.send(request)
        state.withLock { $0.delivered.append("\(request.method) \(request.path)") }
        if mode == .losingAnswers { throw TransportError.timedOut }
        return response
    }
}
