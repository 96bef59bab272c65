import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a password from the terminal without echoing it (termios), restoring the terminal after.
enum TerminalPassword {
    /// The line typed after `prompt` (written to standard error), or `nil` when standard input is
    /// not a terminal or is closed.
    static func read(prompt: String) -> String? {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else { return nil }
        var silent = original
        silent.c_lflag &= ~tcflag_t(ECHO)
        FileHandle.standardError.write(Data(prompt.utf8))
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent) == 0 else { return nil }
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
            FileHandle.standardError.write(Data("\n".utf8))
        }
        return readLine(strippingNewline: true)
    }
}
