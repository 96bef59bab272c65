import ArgumentParser
import Foundation
import XpediteProtocol

/// `xpedite normalize FILE`
struct Normalize: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the canonical new-dialect JSON of an old or new packet.",
        discussion: """
            Reads the packet, rewrites old-dialect forms into the new dialect (string methods become
            method dicts, "colour" becomes "color", checkbox true becomes "1", …) and prints the
            canonical JSON: sorted keys, no escaped slashes. A packet with errors is refused with its
            issues (exit 1) unless --lenient drops the broken components the way the phone does.

            Examples:
              xpedite normalize old-screen.json
              xpedite normalize --pretty - < screen.json
            """
    )

    @Argument(help: "The packet file; - reads standard input.")
    var file: String

    @Option(help: "What the file is: request, response or data. Recognised from the keys by default.")
    var kind: PacketKind?

    @Flag(help: "Drop broken components (as the phone does) instead of refusing the packet.")
    var lenient = false

    @Flag(help: "Indent the output.")
    var pretty = false

    func run() throws {
        var standardError = StandardError()
        let label = PacketInput.label(file)
        let tree = try PacketInput.tree(file)
        let decoder = PacketDecoder(mode: lenient ? .lenient : .strict)
        do {
            let output: JSONValue
            let issues: [ValidationIssue]
            switch kind ?? PacketKind.recognise(tree) {
            case .request:
                let decoded = try decoder.decodeRequest(tree)
                (output, issues) = (decoded.packet.json, decoded.issues)
            case .response:
                let decoded = try decoder.decodeResponse(tree)
                (output, issues) = (decoded.packet.json, decoded.issues)
            case .data:
                let decoded = try decoder.decodeDataResponse(tree)
                (output, issues) = (decoded.packet.json, decoded.issues)
            }
            for issue in issues where issue.severity == .error {
                print("\(label): \(issue) (\(issue.isRepairable ? "repaired" : "dropped"))", to: &standardError)
            }
            print(CanonicalJSON.string(output, pretty: pretty))
        } catch {
            throw PacketInput.refuse(file, error)
        }
    }
}
