import Logging
import Synchronization

/// A logger whose lines the test reads back, shared by the test targets: pass ``logger`` where a
/// configuration takes one, then look at ``lines`` (structured) or ``texts`` (one string a line).
public final class LogCapture: Sendable {
    /// One logged line.
    public struct Line: Sendable {
        /// Its level.
        public var level: Logger.Level
        /// Its message.
        public var message: String
        /// The logger's metadata merged with the line's own (the line's win).
        public var metadata: Logger.Metadata
    }

    private let captured = Mutex<[Line]>([])

    /// Creates an empty capture.
    public init() {}

    /// Every line so far, in order.
    public var lines: [Line] { captured.withLock { $0 } }

    /// Every line as `"<level> <message> <metadata>"`, for tests that look for a word anywhere.
    public var texts: [String] { lines.map { "\($0.level) \($0.message) \($0.metadata)" } }

    /// A logger at level `.trace` that writes here.
    public var logger: Logger {
        var logger = Logger(label: "test") { _ in CapturingHandler(capture: self) }
        logger.logLevel = .trace
        return logger
    }

    fileprivate func append(_ line: Line) { captured.withLock { $0.append(line) } }
}

/// The handler behind ``LogCapture/logger``.
private struct CapturingHandler: LogHandler {
    let capture: LogCapture
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        capture.append(LogCapture.Line(level: event.level, message: event.message.description,
                                       metadata: metadata.merging(event.metadata ?? [:]) { _, new in new }))
    }
}
