import ArgumentParser
import Foundation
import XpediteProtocol

/// Reads a packet file (or standard input for `-`).
enum PacketInput {
    /// The label a file's issues are printed with.
    static func label(_ path: String) -> String { path == "-" ? "<stdin>" : path }

    /// The bytes of a file, or of standard input for `-`.
    static func read(_ path: String) throws -> Data {
        if path == "-" {
            // The throwing read: `readDataToEndOfFile()` traps on a read error (a closed or
            // unreadable standard input) instead of reporting it.
            return try FileHandle.standardInput.readToEnd() ?? Data()
        }
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// The parsed JSON of a file; prints why on standard error and exits 2 when the file cannot
    /// be read or is not JSON.
    static func tree(_ path: String) throws -> JSONValue {
        var standardError = StandardError()
        let label = label(path)
        let data: Data
        do {
            data = try read(path)
        } catch {
            print("\(label): cannot read: \(describe(error))", to: &standardError)
            throw ExitCode(2)
        }
        do {
            return try JSONValue(parsing: data)
        } catch {
            print("\(label): \(error)", to: &standardError)
            throw ExitCode(2)
        }
    }

    /// Prints why a packet was refused (one line per error) on standard error and exits 1.
    static func refuse(_ path: String, _ error: PacketError) -> ExitCode {
        var standardError = StandardError()
        if case .invalid(let issues) = error {
            for issue in issues.errors { print("\(label(path)): \(issue)", to: &standardError) }
        } else {
            print("\(label(path)): \(error)", to: &standardError)
        }
        return ExitCode(1)
    }

    /// A readable reason a file could not be read.
    static func describe(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileReadNoSuchFileError {
            return "no such file"
        }
        return nsError.localizedDescription
    }
}

/// `--kind`: what a packet is.
extension PacketKind: ExpressibleByArgument {}

/// Writes to standard error.
struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        FileHandle.standardError.write(Data(string.utf8))
    }
}
