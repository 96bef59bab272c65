import Foundation
import XpediteNotify
import XpeditePush

/// The measurements of the benchmark, each timed from its start on this process's clock to the
/// stand-in's acceptance of its last push on the stand-in's (both CLOCK_MONOTONIC), with the CPU
/// time each process used meanwhile.
struct Phases: Sendable {
    let api: NotifyAPI
    let control: StandInControl
    let store: any NotifyStore
    let provider: APNsProvider
    /// The pushes of the ceiling and the anchor: one per user's device, as the fan-out makes them.
    let pushes: [PushDelivery]
    let users: Int

    /// Where a phase began: the stand-in's count, both processes' CPU time, the time.
    struct Start {
        var accepted: Int
        var standInCPU: Double
        var benchCPU: Double
        var time: UInt64
    }

    /// What a phase came to once its last push was accepted.
    struct End {
        var at: UInt64
        var seconds: Double
        var fields: KeyValuePairs<String, ReportValue>
    }

    private func begin() async throws -> Start {
        let status = try await control.status()
        return Start(accepted: status.accepted, standInCPU: status.cpuSeconds, benchCPU: ProcessCPU.seconds(),
                     time: Monotonic.nanoseconds())
    }

    /// Waits for the stand-in's acceptance of the phase's `count`-th push.
    private func end(_ start: Start, count: Int) async throws -> End {
        let last = try await control.acceptance(start.accepted + count)
        let benchCPU = ProcessCPU.seconds() - start.benchCPU
        let seconds = Monotonic.seconds(from: start.time, to: last.at)
        return End(at: last.at, seconds: seconds, fields: [
            "seconds": .seconds(seconds), "perSecond": .rate(Double(count) / seconds),
            "benchCPUSeconds": .seconds(benchCPU), "standInCPUSeconds": .seconds(last.cpuSeconds - start.standInCPU),
        ])
    }

    /// The stand-in's ceiling: every push straight from the provider, `width` at a time, no database.
    func ceiling(round: Int, count: Int, width: Int) async throws {
        let selected = Array(pushes.prefix(count))
        let start = try await begin()
        let delivered = await withTaskGroup(of: Bool.self) { group in
            var next = 0
            var delivered = 0
            func add() {
                let push = selected[next]
                next += 1
                group.addTask {
                    if case .delivered = await provider.deliver(push) { return true }
                    return false
                }
            }
            while next < min(width, selected.count) { add() }
            while let ok = await group.next() {
                if ok { delivered += 1 }
                if next < selected.count { add() }
            }
            return delivered
        }
        let end = try await end(start, count: selected.count)
        Output.measurement("ceiling", ["round": .int(round), "pushes": .int(selected.count), "concurrency": .int(width),
                                       "delivered": .int(delivered)], end.fields)
    }

    /// The anchor: one request per push, each awaited before the next (what `Notifier.send` did
    /// before the outbox).
    func anchor(round: Int, count: Int) async throws {
        let selected = pushes.prefix(count)
        let start = try await begin()
        var delivered = 0
        for push in selected {
            if case .delivered = await provider.deliver(push) { delivered += 1 }
        }
        let end = try await end(start, count: selected.count)
        Output.measurement("anchor", ["round": .int(round), "pushes": .int(selected.count), "delivered": .int(delivered)],
                           end.fields)
    }

    /// The fan-out: `POST /send` to every user, the 201, the stand-in's last acceptance, and the
    /// outbox settled (every outcome recorded).
    func fanOut(round: Int) async throws {
        let start = try await begin()
        let sent = try await api.sendToAll()
        let answered = Monotonic.nanoseconds()
        guard sent.deliveries == users else { throw BenchFailure("the send made \(sent.deliveries) deliveries, not \(users)") }
        let end = try await end(start, count: users)
        try await settled()
        let recorded = Monotonic.nanoseconds()
        let delivered = try await store.message(sent.messageId)?.deliveries.filter { $0.state == .delivered }.count ?? 0
        Output.measurement("fan-out", ["round": .int(round), "recipients": .int(users), "delivered": .int(delivered),
                                       "sendSeconds": .seconds(Monotonic.seconds(from: start.time, to: answered)),
                                       "settledSeconds": .seconds(Monotonic.seconds(from: start.time, to: recorded))],
                           end.fields)
    }

    /// Memory while `sends` sends to every user drain: resident memory at the start, when half the
    /// pushes were accepted, when all were, and when the outbox is settled, and the most sampled
    /// every 20 ms in between.
    func drain(sends: Int) async throws {
        let total = sends * users
        let sampling = Task { await ProcessMemory.mostResidentKiB(sampledEvery: .milliseconds(20)) }
        let startKiB = ProcessMemory.residentKiB()
        let start = try await begin()
        let api = api
        let users = users
        let posting = Task {
            var slowest = 0.0
            for _ in 0..<sends {
                let began = Monotonic.nanoseconds()
                let sent = try await api.sendToAll()
                guard sent.deliveries == users else { throw BenchFailure("a send made \(sent.deliveries) deliveries") }
                slowest = max(slowest, Monotonic.seconds(from: began, to: Monotonic.nanoseconds()))
            }
            return slowest
        }
        let middle = try await control.acceptance(start.accepted + total / 2)
        let middleKiB = ProcessMemory.residentKiB()
        let end = try await end(start, count: total)
        let endKiB = ProcessMemory.residentKiB()
        let slowestSend = try await posting.value
        try await settled()
        let settledKiB = ProcessMemory.residentKiB()
        sampling.cancel()
        let sampledKiB = await sampling.value
        Output.measurement("drain", ["sends": .int(sends), "deliveries": .int(total),
                                     "rssStartKiB": .int(startKiB), "rssMiddleKiB": .int(middleKiB), "rssEndKiB": .int(endKiB),
                                     "rssSettledKiB": .int(settledKiB), "rssMaxSampledKiB": .int(max(sampledKiB, endKiB)),
                                     "rssPeakKiB": .int(ProcessMemory.peakKiB()),
                                     "middleSeconds": .seconds(Monotonic.seconds(from: start.time, to: middle.at)),
                                     "slowestSendSeconds": .seconds(slowestSend)], end.fields)
    }

    /// Returns once no APNs row is pending (every outcome recorded), within 60 s.
    private func settled() async throws {
        let deadline = ContinuousClock.now.advanced(by: .seconds(60))
        while try await store.pushOutboxStatistics(provider: provider.name).depth > 0 {
            guard ContinuousClock.now < deadline else { throw BenchFailure("APNs deliveries still pending after 60 s") }
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}

extension ProcessMemory {
    /// Samples the resident memory until cancelled; returns the most seen (KiB).
    static func mostResidentKiB(sampledEvery interval: Duration) async -> Int {
        var most = 0
        while !Task.isCancelled {
            most = max(most, residentKiB())
            try? await Task.sleep(for: interval)
        }
        return most
    }
}
