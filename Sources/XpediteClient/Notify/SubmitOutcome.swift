import XpediteProtocol

/// What became of a submitted response.
public enum SubmitOutcome: Sendable, Hashable {
    /// The server stored and published it: the response object as published (201), or as
    /// published before when the same `responseId` had reached it already (200).
    case published(JSONValue)
    /// The server could not be reached: the response waits in the outbox, to be sent with the
    /// same `responseId` by ``DeviceClient/flushOutbox()``.
    case queued(QueuedResponse)
}
