import Foundation
import Testing
import XpediteClient
import XpediteProtocol
@testable import XpediteSimulator

/// An engine connected to a scripted server: `screen` answers every screen request, `rows`
/// every table data request.
func renderedState(screen: String, rows: String = #"{"rc":0,"data":[]}"#,
                   bounds: Bounds = Bounds(width: 393, height: 852)) async throws -> ScreenState {
    let transport = InProcessTransport { body in
        let request = try JSONValue(parsing: body)
        return Data((request.objectValue?["offset"] != nil ? rows : screen).utf8)
    }
    let client = try XpediteClient(transport: transport, configuration: ClientConfiguration(bounds: bounds))
    await client.connect()
    await client.settle()
    return await client.state
}

func renderedHTML(screen: String, rows: String = #"{"rc":0,"data":[]}"#) async throws -> String {
    ScreenRenderer().render(try await renderedState(screen: screen, rows: rows))
}

/// Renders a screen holding the one `component` (JSON text) and expects every fragment in the HTML.
func expectRendering(of component: String, toContain expected: [String],
                     sourceLocation: SourceLocation = #_sourceLocation) async throws {
    let html = try await renderedHTML(screen: ##"{"rc":0,"components":[\##(component)]}"##)
    for fragment in expected {
        #expect(html.contains(fragment), "missing \(fragment) in \(html)", sourceLocation: sourceLocation)
    }
}
