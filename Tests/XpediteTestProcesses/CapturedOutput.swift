import Synchronization

/// The output of a running child as read so far: its standard output and standard error, each
/// drained as it arrives, so the child never blocks on a full pipe.
final class CapturedOutput: Sendable {
    /// One stream's bytes, and whether it has ended (the child closed it, normally by exiting).
    struct Stream {
        var bytes: [UInt8] = []
        var ended = false
    }

    /// Both streams.
    struct Streams {
        var output = Stream()
        var error = Stream()
    }

    private let streams = Mutex(Streams())

    /// Appends bytes read from standard output (`isError` false) or standard error.
    func append(_ bytes: some Sequence<UInt8>, isError: Bool) {
        streams.withLock { streams in
            if isError { streams.error.bytes.append(contentsOf: bytes) } else { streams.output.bytes.append(contentsOf: bytes) }
        }
    }

    /// Marks standard output (`isError` false) or standard error as ended.
    func end(isError: Bool) {
        streams.withLock { streams in
            if isError { streams.error.ended = true } else { streams.output.ended = true }
        }
    }

    /// Standard output so far, and whether it has ended.
    var stdout: (text: String, ended: Bool) {
        streams.withLock { (String(decoding: $0.output.bytes, as: UTF8.self), $0.output.ended) }
    }

    /// Standard error so far.
    var stderr: String {
        streams.withLock { String(decoding: $0.error.bytes, as: UTF8.self) }
    }
}
