import Foundation
import Testing
import Synchronization

/// The runner of child processes the CLI tests use (`Command`, `ChildProcess`), on `/bin/sh`: what
/// it collects, that a child never blocks on its output or hurts the tests by ignoring its input,
/// and that no child outlives the body it was started for.
@Suite struct ChildProcessTests {
    static let shell = URL(fileURLWithPath: "/bin/sh")

    static func shell(_ script: String) -> Command {
        Command(shell, arguments: ["-c", script])
    }

    @Test func runCollectsStatusOutputAndErrorAndReadsStandardInput() async throws {
        let result = try await Self.shell("cat; echo oops >&2; exit 3").run(stdin: Data("typed\n".utf8))
        #expect(result.status == 3)
        #expect(result.stdout == "typed\n")
        #expect(result.stderr == "oops\n")
    }

    /// A child that exits without reading a large standard input (a usage error, say): the test
    /// process gets no SIGPIPE, as it would writing the input into a pipe.
    @Test func aChildThatIgnoresItsInputEndsNormally() async throws {
        let result = try await Self.shell("exit 64").run(stdin: Data(repeating: 0x61, count: 1 << 20))
        #expect(result.status == 64)
    }

    /// More output on both streams than a pipe holds: read while the child runs, all of it kept.
    @Test func largeOutputNeverBlocksTheChild() async throws {
        let result = try await Self.shell("head -c 1000000 /dev/zero; head -c 300000 /dev/zero >&2").run()
        #expect(result.status == 0)
        #expect(result.stdout.utf8.count == 1_000_000)
        #expect(result.stderr.utf8.count == 300_000)

        let started = try await Self.shell("head -c 300000 /dev/zero >&2; echo ready; exec sleep 60").withRunning { child in
            try await child.firstLine { $0 == "ready" } != nil
        }
        #expect(started.value)
        #expect(started.result.stderr.utf8.count == 300_000)
    }

    @Test func signalsEndTheChildWithTheirShellStatus() async throws {
        let interrupted = try await Self.shell("exec sleep 60").withRunning { child in
            #expect(child.isRunning)
            await child.stop(.interrupt)
            #expect(!child.isRunning)
        }
        #expect(interrupted.result.status == 128 + SIGINT)
        let killed = try await Self.shell("exec sleep 60").withRunning { await $0.kill() }
        #expect(killed.result.status == 128 + SIGKILL)
        // A child still running when the body returns gets SIGTERM.
        let left = try await Self.shell("exec sleep 60").withRunning { _ in }
        #expect(left.result.status == 128 + SIGTERM)
    }

    @Test func aChildExitingByItselfIsSeenAsExited() async throws {
        let ended = try await Self.shell("echo done").withRunning { child in
            try await child.waitForExit(timeout: .seconds(60))
        }
        #expect(ended.value)
        #expect(ended.result.status == 0)
        #expect(ended.result.stdout == "done\n")
    }

    struct Failure: Error {}

    /// A body that throws: the child is stopped before the error reaches the test.
    @Test func aThrowingBodyLeavesNoChildRunning() async throws {
        let started = Mutex<Int32?>(nil)
        await #expect(throws: Failure.self) {
            try await Self.shell("exec sleep 60").withRunning { child in
                started.withLock { $0 = child.processIdentifier }
                throw Failure()
            }
        }
        let pid = try #require(started.withLock { $0 })
        #expect(kill(pid, 0) == -1 && errno == ESRCH, "the child \(pid) still exists")
    }
}
