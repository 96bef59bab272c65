import ArgumentParser
import Foundation
import XpediteClient
import XpediteProtocol

/// `xpedite client URL`: the phone in a terminal.
struct Client: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Drive an Xpedite server like a phone: interactively, or with scripted steps.",
        discussion: """
            Connects to the endpoint URL with setConnection, as a phone does, and shows each screen \
            as an indented outline with numbered actions. Type a number to tap it, `set NAME VALUE` \
            (or `set FORM.NAME VALUE`) to fill an input, any --do step below, or `quit`.

            With --do steps (run in order after connecting) or --dump, nothing is read from the \
            terminal:
              tap "TEXT"            the button, form Save/Cancel, menu entry or table row showing TEXT
              rows A-B              scroll the table until rows A to B (0-based) are loaded
              fill FORM.FIELD=VALUE set an input (FIELD=VALUE outside a form; VALUE may be empty;
                                    a checkbox takes 1/0, a multi-select a comma list)
              save, cancel          press the current form's Save or Cancel
              enter FORM.FIELD      the return key in an input (a focus move or an old method call)
              refresh               pull the table to refresh

            Relative image URLs (and a relative old-dialect images folder) resolve against the \
            endpoint URL, as a browser resolves them against the page (docs/protocol/packets.md#images).

            --cache DIR keeps pages, navigation menus and images between runs (docs/protocol/caching.md): when \
            the server is unreachable a cached page is served and "offline" is true. --dump json prints \
            the final state: the normalised packet, the frames, the loaded table rows, input values, \
            alerts (with the rc text) and "offline".

            Exit status: 0 on success (rc alerts included), 1 when the server breaks the protocol \
            (the message gives the JSON path), cannot be reached with nothing cached, or a step cannot \
            run.

            Examples:
              xpedite client http://127.0.0.1:8080/xpedite
              xpedite client http://127.0.0.1:8080/xpedite --cache ~/.xpedite --do 'tap "Customers"' \\
                --do 'rows 40-79' --do 'fill customer-form.firstname=Alice' --do save --dump json
            """
    )

    @Argument(help: "The server's endpoint URL.")
    var url: String

    @Option(help: ArgumentHelp("A directory for the page, menu and image caches (kept between runs).", valueName: "DIR"))
    var cache: String?

    @Option(help: ArgumentHelp("The screen bounds sent in setConnection.", valueName: "(x, y, width, height)"))
    var bounds = "(0.0, 0.0, 393.0, 852.0)"

    @Option(help: ArgumentHelp("The appearance sent in setConnection, so that the server answers with colours for it.",
                               valueName: "light|dark"))
    var appearance: Appearance?

    @Option(name: .customLong("do"), help: ArgumentHelp("A step to run after connecting (repeatable).", valueName: "STEP"))
    var steps: [String] = []

    @Option(help: ArgumentHelp("Print the final state instead of the outline.", valueName: "json"))
    var dump: DumpFormat?

    enum DumpFormat: String, ExpressibleByArgument {
        case json
    }

    func validate() throws {
        guard let endpoint = URL(string: url), endpoint.scheme == "http" || endpoint.scheme == "https" else {
            throw ValidationError("URL: expected an http or https URL, got \"\(url)\"")
        }
        guard Bounds(parsing: bounds) != nil else {
            throw ValidationError("--bounds: expected \"(x, y, width, height)\" with a non-negative width and height, got \"\(bounds)\"")
        }
        for step in steps where ClientStep(parsing: step) == nil {
            throw ValidationError("--do: \"\(step)\" is not a step; expected \(ClientStep.grammar)")
        }
    }

    func run() async throws {
        guard let endpoint = URL(string: url), let screen = Bounds(parsing: bounds) else { throw ExitCode(1) }
        let configuration = ClientConfiguration(
            cacheDirectory: cache.map { URL(fileURLWithPath: ($0 as NSString).expandingTildeInPath) },
            bounds: screen, device: DeviceIdentity(uuid: "xpedite-cli"),
            // Relative image URLs and old-dialect folders resolve against the endpoint
            // (docs/protocol/packets.md#images), as in preview.
            imageBaseURL: endpoint, appearance: appearance)
        let client: XpediteClient
        do {
            client = try XpediteClient(transport: HTTPTransport(url: endpoint), configuration: configuration)
        } catch {
            throw fail("cannot open the cache: \(error)")
        }
        await client.connect()
        await client.settle()
        try await check(client, step: "connect")
        if steps.isEmpty && dump == nil {
            try await interact(client)
            return
        }
        var script = ClientScript(client: client)
        for text in steps {
            guard let step = ClientStep(parsing: text) else { throw ExitCode(1) }
            do {
                try await script.run(step)
            } catch {
                throw fail("--do '\(text)': \(error)")
            }
            await client.settle()
            try await check(client, step: "--do '\(text)'")
        }
        await client.settle()
        let state = await client.state
        switch dump {
        case .json?: print(CanonicalJSON.string(state.json))
        case nil: print(ClientOutline.render(state).text)
        }
    }

    /// Stops on a protocol break, or on a server that cannot be reached with nothing to show.
    private func check(_ client: XpediteClient, step: String) async throws {
        let state = await client.state
        if let broken = state.alerts.first(where: { $0.kind == .protocolError }) {
            throw fail("\(step): \(broken.message)")
        }
        if state.packet == nil, let alert = state.alerts.first {
            throw fail("\(step): \(alert.message)")
        }
    }

    private func fail(_ message: String) -> ExitCode {
        var standardError = StandardError()
        print("xpedite client: \(message)", to: &standardError)
        return ExitCode(1)
    }

    /// The interactive loop: outline, prompt, command.
    private func interact(_ client: XpediteClient) async throws {
        var script = ClientScript(client: client)
        var outline = ClientOutline.render(await client.state)
        print(outline.text)
        print("> ", terminator: "")
        for await line in Self.standardInputLines() {
            let command = line.trimmingCharacters(in: .whitespaces)
            if command == "quit" || command == "q" || command == "exit" { return }
            if let number = Int(command) {
                if outline.actions.indices.contains(number - 1) {
                    await client.perform(outline.actions[number - 1])
                } else {
                    print("no action \(number)")
                }
            } else if command.hasPrefix("set ") {
                let parts = command.dropFirst(4).split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
                let name = parts.first.map(String.init) ?? ""
                let value = parts.count > 1 ? String(parts[1]) : ""
                await run(.fill(field: name, value: value), in: &script)
            } else if let step = ClientStep(parsing: command) {
                await run(step, in: &script)
            } else if !command.isEmpty {
                print("type a number, set NAME VALUE, \(ClientStep.grammar), or quit")
            }
            await client.settle()
            outline = ClientOutline.render(await client.state)
            print(outline.text)
            print("> ", terminator: "")
        }
    }

    private func run(_ step: ClientStep, in script: inout ClientScript) async {
        do {
            try await script.run(step)
        } catch {
            print("\(error)")
        }
    }

    /// Standard input, line by line, read on a thread of its own so no task blocks on it.
    private static func standardInputLines() -> AsyncStream<String> {
        AsyncStream { continuation in
            let reader = Thread {
                while let line = readLine() { continuation.yield(line) }
                continuation.finish()
            }
            reader.start()
        }
    }
}

/// `--appearance`: light or dark.
extension Appearance: ExpressibleByArgument {}
