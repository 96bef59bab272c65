import ArgumentParser
import Foundation
import XpediteClient
import XpediteProtocol

/// How `xpedite device` reports failures: the server's error object or the device's issues on
/// standard error, exit status 1 for a refusal and 2 when the server cannot be reached.
enum DeviceOutput {
    /// Runs `body`, turning its errors into messages and exit statuses.
    @discardableResult
    static func run<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as DeviceError {
            throw fail(error.description, status: 1)
        } catch let error as TransportError {
            throw fail("\(error)", status: 2)
        }
    }

    /// Prints `xpedite device: message` on standard error; the exit code to throw.
    static func fail(_ message: String, status: Int32) -> ExitCode {
        var standardError = StandardError()
        print("xpedite device: \(message)", to: &standardError)
        return ExitCode(status)
    }
}
