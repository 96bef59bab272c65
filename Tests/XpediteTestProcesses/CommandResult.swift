/// How a child process ended and everything it printed.
public struct CommandResult: Sendable {
    /// The exit status; a child ended by a signal has 128 + the signal's number, as a shell reports
    /// it (137 after SIGKILL).
    public var status: Int32
    /// Standard output, decoded as UTF-8.
    public var stdout: String
    /// Standard error, decoded as UTF-8.
    public var stderr: String

    /// A result from its parts.
    public init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }
}
