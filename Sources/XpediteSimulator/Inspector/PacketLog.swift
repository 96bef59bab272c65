import Foundation
import XpediteProtocol

/// The exchanges of one phone, newest last, with a stream that signals each change.
actor PacketLog {
    private(set) var exchanges: [PacketExchange] = []
    /// Signals a change (the newest only: a renderer draws the whole log).
    nonisolated let changes: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation
    private let limit: Int
    /// The old dynamic sources of the screens seen, to tell what a request expects.
    private var sources = DataSources()

    init(limit: Int = 200) {
        self.limit = limit
        (changes, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    func record(request: Data, answer: Data?, failure: String?, at date: Date, duration: Duration) {
        let number = (exchanges.last?.number ?? 0) + 1
        // A request that is not JSON is shown as it is; its answer is read as a screen.
        let expected = (try? JSONValue(parsing: request)).map { sources.expectedAnswer(to: $0) } ?? .screen
        var issues: [ValidationIssue] = []
        if let answer {
            do {
                let value = try JSONValue(parsing: answer)
                issues = expected.issues(value)
                if expected == .screen { sources.register(screen: value) }
            } catch {
                issues = error.issues
            }
        }
        exchanges.append(PacketExchange(number: number, sentAt: date, duration: duration, request: request,
                                        answer: answer, failure: failure, expected: expected, issues: issues))
        if exchanges.count > limit { exchanges.removeFirst(exchanges.count - limit) }
        continuation.yield()
    }

    func exchange(number: Int) -> PacketExchange? {
        exchanges.first { $0.number == number }
    }

    func finish() {
        continuation.finish()
    }
}
