import ArgumentParser
import Foundation
import XpediteProtocol

/// `xpedite validate FILE...`
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check packets against the Xpedite protocol.",
        discussion: """
            Prints one line per issue, `FILE: PATH: MESSAGE` (warnings as `FILE: PATH: warning: MESSAGE`).
            Old-dialect packets are accepted and their old forms reported as warnings.
            Each file is read as a request (it has "method"), a data response (it has "data" and no
            "components") or a response (a screen), unless --kind says which.

            Exit status: 0 when every file is valid (warnings allowed), 1 when any file has errors,
            2 when a file cannot be read or is not JSON.

            Examples:
              xpedite validate screen.json
              xpedite validate --kind request tap.json
              curl -s -d @tap.json http://127.0.0.1:8080/xpedite | xpedite validate -
              xpedite validate --json *.json
            """
    )

    @Argument(help: "Packet files to check; - reads standard input.")
    var files: [String]

    @Option(help: "What every file is: request, response or data. Recognised from the keys by default.")
    var kind: PacketKind?

    @Flag(help: "The files answer setConnection, so they must carry version and token.")
    var connectionReply = false

    @Flag(help: "Print the issues as JSON: [{file, kind, valid, issues: [{path, code, severity, message}]}].")
    var json = false

    @Flag(name: .customLong("quiet"), help: "Print errors only, not warnings.")
    var errorsOnly = false

    func run() throws {
        let validator = PacketValidator(options: ValidationOptions(isConnectionReply: connectionReply))
        var unreadable = false
        var invalid = false
        var results: [FileResult] = []
        var standardError = StandardError()
        for path in files {
            let label = PacketInput.label(path)
            let data: Data
            do {
                data = try PacketInput.read(path)
            } catch {
                unreadable = true
                print("\(label): cannot read: \(PacketInput.describe(error))", to: &standardError)
                results.append(FileResult(file: label, kind: nil, valid: false, error: "cannot read", issues: []))
                continue
            }
            let report: ValidationReport
            do {
                report = try validator.validate(data, as: kind)
            } catch {
                unreadable = true
                print("\(label): \(error)", to: &standardError)
                results.append(FileResult(file: label, kind: nil, valid: false, error: "\(error)", issues: []))
                continue
            }
            invalid = invalid || !report.isValid
            let issues = errorsOnly ? report.issues.errors : report.issues
            results.append(FileResult(file: label, kind: report.kind, valid: report.isValid, error: nil, issues: issues))
            if !json {
                for issue in issues { print("\(label): \(issue)") }
            }
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(results), as: UTF8.self))
        }
        if unreadable { throw ExitCode(2) }
        if invalid { throw ExitCode(1) }
    }

    private struct FileResult: Encodable {
        var file: String
        var kind: PacketKind?
        var valid: Bool
        var error: String?
        var issues: [ValidationIssue]
    }
}
