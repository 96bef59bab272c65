#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Subprocess

/// A child process started by ``Command/withRunning(_:)``, for the length of its body (the handle
/// must not escape it): what it printed so far, whether it still runs, and the ways to end it.
public struct ChildProcess: Sendable {
    /// The signals a test asks a child to stop with, before it is killed.
    public enum StopSignal: Sendable {
        /// SIGINT, as Ctrl-C in a terminal.
        case interrupt
        /// SIGTERM.
        case terminate
    }

    let execution: Execution<NoInput, SequenceOutput, SequenceOutput>
    let output: CapturedOutput

    /// The child's process identifier.
    public var processIdentifier: Int32 { execution.processIdentifier.value }

    /// Standard output so far, decoded as UTF-8.
    public var stdout: String { output.stdout.text }

    /// Standard error so far, decoded as UTF-8.
    public var stderr: String { output.stderr }

    /// Whether the child has not exited yet. Checked without reaping it (`WNOWAIT`): swift-subprocess
    /// reaps it once the body has returned, so its identifier cannot be reused meanwhile.
    public var isRunning: Bool {
        var info = siginfo_t()
        while waitid(P_PID, id_t(processIdentifier), &info, WEXITED | WNOHANG | WNOWAIT) == -1 {
            if errno != EINTR { return false }    // ECHILD: reaped already, so not running
        }
        #if canImport(Glibc)
        return info._sifields._sigchld.si_pid == 0
        #else
        return info.si_pid == 0
        #endif
    }

    /// Waits for the first complete line of standard output that `matches` and returns it; nil if
    /// the output ends (the child exited) or `timeout` passes first.
    public func firstLine(timeout: Duration = .seconds(120), where matches: (Substring) -> Bool) async throws -> String? {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            let (text, ended) = output.stdout
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            if !ended { lines.removeLast() }    // the line still being written
            if let line = lines.first(where: matches) { return String(line) }
            if ended || ContinuousClock.now >= deadline { return nil }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Waits up to `timeout` for the child to exit by itself; whether it has.
    public func waitForExit(timeout: Duration) async throws -> Bool {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while isRunning {
            if ContinuousClock.now >= deadline { return false }
            try await Task.sleep(for: .milliseconds(20))
        }
        return true
    }

    /// Sends `signal`, kills the child (SIGKILL) if it has not exited within `grace`, and returns
    /// once it has exited. Nothing happens to a child that has exited already.
    public func stop(_ signal: StopSignal = .terminate, grace: Duration = Command.grace) async {
        guard isRunning else { return }
        let sent: Signal = switch signal {
        case .interrupt: .interrupt
        case .terminate: .terminate
        }
        await execution.teardown(using: [.send(signal: sent, allowedDurationToNextStep: grace)])
    }

    /// Kills the child (SIGKILL) and returns once it has exited.
    public func kill() async {
        guard isRunning else { return }
        await execution.teardown(using: [])
    }
}
