import Foundation
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
