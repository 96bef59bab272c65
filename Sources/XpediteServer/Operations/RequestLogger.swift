import Logging

/// The endpoint's log of one request: the configured logger, with the request's id and method
/// added to each line as it is written, never stored in the logger.
///
/// Setting metadata on a `Logger` costs on every request (a `StreamLogHandler` re-renders all of
/// its metadata on each change), while most requests log nothing; here the two keys are merged
/// into a line's metadata only when the line passes the log level.
struct RequestLogger: Sendable {
    /// The logger lines go to, as configured.
    let base: Logger
    /// `xpedite.request`.
    let requestID: String
    /// `xpedite.method` (the metrics label), once known.
    var method: String?

    func debug(_ message: @autoclosure () -> Logger.Message, metadata: @autoclosure () -> Logger.Metadata = [:]) {
        log(.debug, message(), metadata: metadata())
    }

    func warning(_ message: @autoclosure () -> Logger.Message, metadata: @autoclosure () -> Logger.Metadata = [:]) {
        log(.warning, message(), metadata: metadata())
    }

    func error(_ message: @autoclosure () -> Logger.Message, metadata: @autoclosure () -> Logger.Metadata = [:]) {
        log(.error, message(), metadata: metadata())
    }

    private func log(_ level: Logger.Level, _ message: @autoclosure () -> Logger.Message,
                     metadata: @autoclosure () -> Logger.Metadata) {
        base.log(level: level, message(), metadata: requestMetadata.merging(metadata()) { _, line in line })
    }

    /// The request's keys, as every line carries them.
    var requestMetadata: Logger.Metadata {
        var metadata: Logger.Metadata = ["xpedite.request": .string(requestID)]
        if let method { metadata["xpedite.method"] = .string(method) }
        return metadata
    }
}
