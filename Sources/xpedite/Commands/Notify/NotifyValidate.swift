import ArgumentParser
import Foundation
import XpediteProtocol

/// `xpedite notify validate FILE...`
struct NotifyValidate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check notification payloads, or response objects against their payload.",
        discussion: """
            Prints one line per issue, `FILE: PATH: MESSAGE` (warnings as `FILE: PATH: warning: MESSAGE`),
            as `xpedite validate` does. Each file is a payload (docs/notify.md#the-payload-model), or with --response a
            response object (docs/notify.md#the-response-object) checked against the payload given by --payload: required values,
            optional and default values, types, ranges, choices, dates, locations, document names and
            submitValue.

            Exit status: 0 when every file is valid (warnings allowed), 1 when any file has errors
            (or the --payload file does), 2 when a file cannot be read or is not JSON.

            Examples:
              xpedite notify validate payload.json
              xpedite notify validate --response --payload payload.json response.json
              xpedite notify validate --json *.json
            """
    )

    @Argument(help: "Files to check; - reads standard input.")
    var files: [String]

    @Flag(help: "The files are response objects, checked against --payload.")
    var response = false

    @Option(help: "The payload the response objects answer (with --response).")
    var payload: String?

    @Flag(help: "Print the issues as JSON: [{file, valid, issues: [{path, code, severity, message}], values?}].")
    var json = false

    @Flag(name: .customLong("quiet"), help: "Print errors only, not warnings.")
    var errorsOnly = false

    func validate() throws {
        if response, payload == nil {
            throw ValidationError("--response needs --payload FILE: the payload the responses answer.")
        }
        if !response, payload != nil {
            throw ValidationError("--payload is used with --response only.")
        }
    }

    func run() throws {
        let answered = try payload.map(Self.readPayload)
        var unreadable = false
        var invalid = false
        var results: [FileResult] = []
        var standardError = StandardError()
        for path in files {
            let label = PacketInput.label(path)
            let tree: JSONValue
            do {
                tree = try JSONValue(parsing: try PacketInput.read(path))
            } catch let error as PacketError {
                unreadable = true
                print("\(label): \(error)", to: &standardError)
                results.append(FileResult(file: label, valid: false, error: "\(error)", issues: []))
                continue
            } catch {
                unreadable = true
                print("\(label): cannot read: \(PacketInput.describe(error))", to: &standardError)
                results.append(FileResult(file: label, valid: false, error: "cannot read", issues: []))
                continue
            }
            let issues: [ValidationIssue]
            var values: JSONObject?
            if let answered {
                let report = ResponseValidator().validate(tree, against: answered)
                issues = report.issues
                values = report.values
            } else {
                issues = PayloadValidator().validate(tree).issues
            }
            invalid = invalid || issues.hasErrors
            let shown = errorsOnly ? issues.errors : issues
            results.append(FileResult(file: label, valid: !issues.hasErrors, error: nil, issues: shown,
                                      values: values.map { JSONValue.object($0) }))
            if !json {
                for issue in shown { print("\(label): \(issue)") }
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

    /// The payload of --payload, valid and with its fields; exits 2 when it cannot be read, 1
    /// when it is invalid or names a stored payload.
    private static func readPayload(_ path: String) throws -> Payload {
        let tree = try PacketInput.tree(path)
        let payload: Payload
        do {
            payload = try Payload(validating: tree)
        } catch {
            throw PacketInput.refuse(path, error)
        }
        guard payload.fields != nil else {
            var standardError = StandardError()
            print("\(PacketInput.label(path)): $.payloadName: the payload names \"\(payload.payloadName ?? "")\"; give the named payload itself",
                  to: &standardError)
            throw ExitCode(1)
        }
        return payload
    }

    private struct FileResult: Encodable {
        var file: String
        var valid: Bool
        var error: String?
        var issues: [ValidationIssue]
        var values: JSONValue?
    }
}
