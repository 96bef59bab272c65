import Foundation
import Synchronization

/// Seeding progress on standard error: a bar redrawn in place on a terminal, plain lines (at each
/// 10 %) otherwise, so logs and CI output stay readable.
public final class SeedProgress: Sendable {
    /// Whether standard error is a terminal.
    public let isTerminal: Bool
    /// The last tenth a plain line was written for.
    private let lastTenth = Mutex(-1)

    /// Progress on this process's standard error.
    public init(isTerminal: Bool = isatty(STDERR_FILENO) == 1) {
        self.isTerminal = isTerminal
    }

    /// The text for (`done`, `total`), or `nil` when nothing is written at this step: on a
    /// terminal the redrawn bar, otherwise a line whenever another tenth is complete.
    public func text(done: Int, total: Int) -> String? {
        let fraction = total == 0 ? 1 : Double(done) / Double(total)
        let percent = Int((fraction * 100).rounded(.down))
        if isTerminal {
            let width = 30
            let filled = Int((fraction * Double(width)).rounded(.down))
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            return "\rSeeding customers \(bar) \(percent)% (\(done)/\(total))" + (done == total ? "\n" : "")
        }
        let tenth = percent / 10
        let isNew = lastTenth.withLock { last in
            guard tenth > last, tenth > 0 else { return false }
            last = tenth
            return true
        }
        return isNew ? "Seeding customers: \(done)/\(total) (\(percent)%)\n" : nil
    }

    /// The callback for ``DemoServer/open(_:progress:)``.
    public var report: @Sendable (Int, Int) -> Void {
        { [self] done, total in
            if let text = text(done: done, total: total) {
                FileHandle.standardError.write(Data(text.utf8))
            }
        }
    }
}
