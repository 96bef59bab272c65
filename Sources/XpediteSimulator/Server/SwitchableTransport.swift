import Foundation
import Synchronization
import XpediteClient

/// The simulated phone's transport: the real one, with an offline switch (when off, every send
/// fails as an unreachable server would, docs/protocol/caching.md#offline-fallback) and a log of
/// every exchange for the packet inspector.
final class SwitchableTransport: Transport {
    private let base: any Transport
    private let offline = Atomic<Bool>(false)
    let log: PacketLog

    init(base: any Transport, log: PacketLog) {
        self.base = base
        self.log = log
    }

    var isOffline: Bool {
        get { offline.load(ordering: .acquiring) }
        set { offline.store(newValue, ordering: .releasing) }
    }

    func send(_ body: Data) async throws -> Data {
        let started = ContinuousClock.now
        let sentAt = Date()
        do {
            if isOffline { throw TransportError.connectionFailed("offline (the simulator's switch)") }
            let answer = try await base.send(body)
            await log.record(request: body, answer: answer, failure: nil, at: sentAt, duration: ContinuousClock.now - started)
            return answer
        } catch {
            await log.record(request: body, answer: nil, failure: "\(error)", at: sentAt, duration: ContinuousClock.now - started)
            throw error
        }
    }
}
