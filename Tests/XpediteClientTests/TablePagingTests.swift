import Foundation
import Synchronization
import Testing
import XpediteClient
import XpediteProtocol

/// Table paging (docs/protocol/tables.md): `offset`/`limit`, the `max` rule, rows kept for the
/// screen.
@Suite("Table paging")
struct TablePagingTests {
    static func server(total: Int) -> ScriptedTransport {
        ScriptedTransport { request in
            switch request["method"]?.stringValue {
            case "setConnection":
                return json(#"{"rc":0,"version":1,"token":"T","components":[{"type":"table","data":{"dynamic":"customers"},"refresh":"Pull","cell":[{"field":"name"}]}]}"#)
            default:
                let offset = request["offset"]?.intValue ?? 0
                let limit = request["limit"]?.intValue ?? 40
                let end = min(offset + limit, total)
                let rows: [JSONValue] = (offset..<max(offset, end)).map { .object(["id": .number(Double($0)), "name": .string("Customer \($0)")]) }
                var answer: JSONObject = ["rc": 0, "data": .array(rows)]
                if end < total { answer["max"] = .number(Double(total)) }
                return .object(answer)
            }
        }
    }

    @Test func pagesTo50000RowsWithoutRefetchingAPage() async throws {
        let transport = Self.server(total: 50_000)
        let client = try XpediteClient(transport: transport, configuration: testConfiguration())
        await client.connect()
        await client.settle()
        while await client.state.tables[[0]]?.hasMore == true {
            await client.perform(.loadMore(table: [0]))
        }
        let rows = try #require(await client.state.tables[[0]]?.rows)
        #expect(rows.count == 50_000)
        #expect(rows[49_999]["name"] == "Customer 49999")
        let offsets = transport.parsedRequests.dropFirst().compactMap { $0["offset"]?.intValue }
        #expect(offsets == Array(stride(from: 0, to: 50_000, by: 40)))
        #expect(transport.parsedRequests.dropFirst().allSatisfy { $0["limit"] == 40 })
        // Scrolling back up and down again never asks the server.
        let before = transport.requests.count
        await client.perform(.loadMore(table: [0]))
        #expect(transport.requests.count == before)
        #expect(await client.state.action(tapping: "Customer 12345") == .tapRow(table: [0], row: 12_345))
    }

    @Test func refreshGoesBackToOffsetZero() async throws {
        let transport = Self.server(total: 100)
        let client = try XpediteClient(transport: transport, configuration: testConfiguration())
        await client.connect()
        await client.settle()
        await client.perform(.loadMore(table: [0]))
        #expect(await client.state.tables[[0]]?.rows.count == 80)
        await client.perform(.refresh(table: [0]))
        #expect(await client.state.tables[[0]]?.rows.count == 40)
        #expect(transport.parsedRequests.last?["offset"] == 0)
    }

    @Test func anErrorStopsPagingAndKeepsTheRows() async throws {
        let calls = Mutex(0)
        let transport = ScriptedTransport { request in
            if request["method"] == "setConnection" {
                return json(#"{"rc":0,"version":1,"token":"T","components":[{"type":"table","data":{"dynamic":"rows"}}]}"#)
            }
            let call = calls.withLock { $0 += 1; return $0 }
            return call == 1 ? json(#"{"rc":0,"data":[{"a":1}],"max":10}"#) : json(#"{"rc":"Database offline","data":[]}"#)
        }
        let client = try XpediteClient(transport: transport, configuration: testConfiguration())
        await client.connect()
        await client.settle()
        await client.perform(.loadMore(table: [0]))
        let table = try #require(await client.state.tables[[0]])
        #expect(table.rows.count == 1)
        #expect(table.hasMore == false)
        #expect(await client.state.alerts.map(\.message) == ["Database offline"])
    }

    @Test func anEmptyBatchEndsPaging() async throws {
        let transport = ScriptedTransport { request in
            request["method"] == "setConnection"
                ? json(#"{"rc":0,"version":1,"token":"T","components":[{"type":"table","data":{"dynamic":"rows"}}]}"#)
                : json(#"{"rc":0,"data":[],"max":10}"#)
        }
        let client = try XpediteClient(transport: transport, configuration: testConfiguration())
        await client.connect()
        await client.settle()
        #expect(await client.state.tables[[0]]?.hasMore == false)
    }
}
