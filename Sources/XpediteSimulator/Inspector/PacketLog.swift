import Foundation
import XpediteProtocol

/// The exchanges of one phone, newest last, with a stream that signals each change.
actor PacketLog {
    private(set) var exchanges: [PacketExchange] = []
    /// Signals a change (the newest only: a renderer draws the whole log).
    nonisolated let changes: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation
    private let limit: Int

    init(limit: Int = 200) {
        self.limit = limit
        (changes, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    func record(request: Data, answer: Data?, failure: String?, at date: Date, duration: Duration) {
        let number = (exchanges.last?.number ?? 0) + 1
        exchanges.append(PacketExchange(number: number, sentAt: date, duration: duration, request: request,
                                        answer: answer, failure: failure, issues: answer.map(Self.issues) ?? []))
        if exchanges.count > limit { exchanges.removeFirst(exchanges.count - limit) }
        continuation.yield()
    }

    func exchange(number: Int) -> PacketExchange? {
        exchanges.first { $0.number == number }
    }

    func finish() {
        continuation.finish()
    }

    /// The issues of an answer: screen answers and table pages are told apart by `rows`.
    static func issues(_ answer: Data) -> [ValidationIssue] {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: answer)
        } catch {
            return error.issues
        }
        let decoder = PacketDecoder(mode: .lenient)
        do {
            if value.objectValue?["rows"] != nil { return try decoder.decodeDataResponse(value).issues }
            return try decoder.decodeResponse(value).issues
        } catch {
            return error.issues
        }
    }
}
