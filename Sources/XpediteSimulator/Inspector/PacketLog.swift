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
                                        answer: answer, failure: failure,
                                        issues: answer.map { Self.issues($0, isDataRequest: Self.isDataRequest(request)) } ?? []))
        if exchanges.count > limit { exchanges.removeFirst(exchanges.count - limit) }
        continuation.yield()
    }

    func exchange(number: Int) -> PacketExchange? {
        exchanges.first { $0.number == number }
    }

    func finish() {
        continuation.finish()
    }

    /// Whether a request asks for table rows or menu entries (§3.7: it has `offset`), so its
    /// answer is a data response rather than a screen.
    static func isDataRequest(_ request: Data) -> Bool {
        // A request that is not JSON is shown as it is; its answer is read as a screen.
        (try? JSONValue(parsing: request))?.objectValue?["offset"] != nil
    }

    /// The issues of an answer, read as a data response or a screen.
    static func issues(_ answer: Data, isDataRequest: Bool) -> [ValidationIssue] {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: answer)
        } catch {
            return error.issues
        }
        let decoder = PacketDecoder(mode: .lenient)
        do {
            if isDataRequest { return try decoder.decodeDataResponse(value).issues }
            return try decoder.decodeResponse(value).issues
        } catch {
            return error.issues
        }
    }
}
