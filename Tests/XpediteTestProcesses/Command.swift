import Foundation
import Subprocess
import SystemPackage

/// A program and its arguments, run by a test as a child process through swift-subprocess, never
/// through Foundation's `Process` (decision 138). Output is read while the child runs, so a child
/// never blocks on a full pipe, and no child outlives the call that started it.
public struct Command: Sendable {
    /// How long a child asked to stop (SIGTERM) gets before it is killed, when a test ends without
    /// stopping it (or throws).
    public static let grace: Duration = .seconds(10)

    /// The program to run.
    public var executable: URL
    /// Its arguments, without the program's name.
    public var arguments: [String]
    /// Environment variables set for the child, on top of the test's own environment.
    public var environment: [String: String] = [:]

    /// `executable` with `arguments`.
    public init(_ executable: URL, arguments: [String]) {
        self.executable = executable
        self.arguments = arguments
    }

    /// Runs the command to its end, with `stdin` on standard input (else none), and returns how it
    /// ended and everything it printed. Standard input is read from a file, as from a shell's `<`:
    /// a child that exits without reading it leaves no pipe to write into (SIGPIPE) and none to
    /// block on. Cancelling the calling task stops the child as `withRunning` does.
    public func run(stdin: Data? = nil) async throws -> CommandResult {
        guard let stdin else {
            return Self.result(try await Subprocess.run(configuration, input: .none,
                                                        output: .bytes(limit: .max), error: .bytes(limit: .max)))
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("xpedite-stdin-\(UUID().uuidString)")
        try stdin.write(to: file)
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(FilePath(file.path), .readOnly)
        } catch {
            try FileManager.default.removeItem(at: file)
            throw error
        }
        // The open descriptor keeps the bytes until the child has read them; the name goes now.
        do {
            try FileManager.default.removeItem(at: file)
        } catch {
            try descriptor.close()
            throw error
        }
        let run: Result<ExecutionResult<Void, BytesOutput, BytesOutput>, any Error>
        do {
            run = .success(try await Subprocess.run(configuration, input: .fileDescriptor(descriptor, closeAfterSpawningProcess: false),
                                                    output: .bytes(limit: .max), error: .bytes(limit: .max)))
        } catch {
            run = .failure(error)
        }
        try descriptor.close()
        return Self.result(try run.get())
    }

    /// A collected run as status and text.
    private static func result(_ run: ExecutionResult<Void, BytesOutput, BytesOutput>) -> CommandResult {
        CommandResult(status: status(run.terminationStatus),
                      stdout: String(decoding: run.standardOutput, as: UTF8.self),
                      stderr: String(decoding: run.standardError, as: UTF8.self))
    }

    /// Starts the command and runs `body` while it runs (a server, say). When `body` returns or
    /// throws, a child still running is sent SIGTERM and killed (SIGKILL) if it has not exited
    /// within ``grace``; the call returns only once it has exited. Returns `body`'s value and how
    /// the child ended, with everything it printed.
    @discardableResult
    public func withRunning<Value: Sendable>(_ body: (ChildProcess) async throws -> Value) async throws
        -> (value: Value, result: CommandResult) {
        let output = CapturedOutput()
        let finished = try await Subprocess.run(configuration, input: .none, output: .sequence, error: .sequence) {
            execution in
            try await withThrowingTaskGroup(of: Void.self, returning: Value.self) { group in
                group.addTask {
                    for try await buffer in execution.standardOutput {
                        buffer.withUnsafeBytes { output.append($0, isError: false) }
                    }
                    output.end(isError: false)
                }
                group.addTask {
                    for try await buffer in execution.standardError {
                        buffer.withUnsafeBytes { output.append($0, isError: true) }
                    }
                    output.end(isError: true)
                }
                let child = ChildProcess(execution: execution, output: output)
                let outcome: Result<Value, any Error>
                do {
                    outcome = .success(try await body(child))
                } catch {
                    outcome = .failure(error)
                }
                await child.stop(grace: Self.grace)
                try await group.waitForAll()    // the child has exited: its output ends
                return try outcome.get()
            }
        }
        let result = CommandResult(status: Self.status(finished.terminationStatus),
                                   stdout: output.stdout.text, stderr: output.stderr)
        return (finished.closureResult, result)
    }

    /// The configuration: on cancellation swift-subprocess sends SIGTERM, then SIGKILL after ``grace``.
    private var configuration: Configuration {
        var options = PlatformOptions()
        options.teardownSequence = [.gracefulShutDown(allowedDurationToNextStep: Self.grace)]
        var variables: [Environment.Key: String?] = [:]
        for (name, value) in environment { variables[Environment.Key(stringLiteral: name)] = value }
        return Configuration(executable: .path(FilePath(executable.path)), arguments: Arguments(arguments),
                             environment: environment.isEmpty ? .inherit : .inherit.updating(variables),
                             platformOptions: options)
    }

    /// An exit code as it is, a signal as 128 + its number.
    private static func status(_ termination: TerminationStatus) -> Int32 {
        switch termination {
        case .exited(let code): code
        case .signaled(let signal): 128 + signal
        }
    }
}
