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
            return FileHandle.standardInput.readDataToEndOfFile()
        }
        return try Data(contentsOf: URL(fileURLWithPath: path))
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
