import Foundation
import Synchronization
import XpediteClient

/// A transport in front of another that can play an unreachable server: `down` fails every
/// request before it leaves; `losingAnswers` delivers it, then fails as a cut connection would,
/// so the server acted but the device never heard. `downFor` and `losingAnswersTo` do the same
/// to the requests whose path starts with a prefix only (the network drops between two requests).
final class SwitchableTransport: NotifyTransport {
    enum Mode: Equatable {
        case up
        case down
        case losingAnswers
        case downFor(String)
        case losingAnswersTo(String)
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
        switch mode {
        case .down: throw TransportError.connectionFailed("the test switched the server off")
        case .downFor(let prefix) where request.path.hasPrefix(prefix):
            throw TransportError.connectionFailed("the test switched the server off for \(prefix)")
        default: break
        }
        let response = try await base.send(request)
        state.withLock { $0.delivered.append("\(request.method) \(request.path)") }
        switch mode {
        case .losingAnswers: throw TransportError.timedOut
        case .losingAnswersTo(let prefix) where request.path.hasPrefix(prefix): throw TransportError.timedOut
        default: return response
        }
    }
}
