import Foundation

/// Seeding progress on standard error: a bar redrawn in place on a terminal, plain lines (every
/// 10 %) otherwise, so logs and CI output stay readable.
public struct SeedProgress: Sendable {
    /// Whether standard error is a terminal.
    public let isTerminal: Bool

    /// Progress on this process's standard error.
    public init(isTerminal: Bool = isatty(STDERR_FILENO) == 1) {
        self.isTerminal = isTerminal
    }

    /// The line for (`done`, `total`), or `nil` when nothing is drawn at this step.
    public func text(done: Int, total: Int) -> String? {
        let fraction = total == 0 ? 1 : Double(done) / Double(total)
        let percent = Int((fraction * 100).rounded(.down))
        if isTerminal {
            let width = 30
            let filled = Int((fraction * Double(width)).rounded(.down))
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            return "\rSeeding customers \(bar) \(percent)% (\(done)/\(total))" + (done == total ? "\n" : "")
        }
        let step = max(total / 10, 1)
        guard done == total || done % step == 0 else { return nil }
        return "Seeding customers: \(done)/\(total) (\(percent)%)\n"
    }

    /// The callback for ``DemoServer/open(_:accounts:progress:)``.
    public var report: @Sendable (Int, Int) -> Void {
        { [self] done, total in
            if let text = text(done: done, total: total) {
                FileHandle.standardError.write(Data(text.utf8))
            }
        }
    }
}
