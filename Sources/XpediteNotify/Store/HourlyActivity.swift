import Foundation

/// The messages sent and the responses received in one hour (`GET /stats/hourly`).
public struct HourlyActivity: Sendable, Hashable {
    /// The hour's start (UTC, on the hour).
    public var hour: Date
    /// Messages sent in it.
    public var sends: Int
    /// Responses received in it.
    public var answers: Int

    /// Creates one hour's figures.
    public init(hour: Date, sends: Int, answers: Int) {
        self.hour = hour
        self.sends = sends
        self.answers = answers
    }
}
