import Foundation
import HummingbirdTesting
import Testing
@testable import XpediteDemo
import XpediteServer

/// The customer list: the table, keyset paging with the `max` rule, search.
@Suite struct DemoCustomerListTests {
    @Test func theListScreenHasTheTableWithItsHeaderSearchAndRowTap() async throws {
        try await withDemo { client in
            let token = try await client.signedIn()
            let screen = try await client.call("customers", token)
            let table = try #require(screen.component(id: "customers"))
            #expect(table["data"] == ["dynamic": "listCustomers"])
            #expect(table["refresh"] == "Pull to refresh")
            #expect(table["clickRow"] == ["function": "viewCustomer", "selected": "id"])
            let header = try #require(table["header"]?.arrayValue)
            #expect(header.map { $0["text"] } == ["Name", "City", "Score"])
            #expect(header.map { $0["width%"] } == [46, 34, 20])
            #expect(header.last?["align"] == "right")
            let search = try #require(screen.component(id: "search"))
            #expect(search["type"] == "textbox")
            #expect(search["returnkey"] == "search")
            #expect(screen.component(id: "search-button")?["method"] == ["function": "customers", "formdata": true])
            #expect(screen.component(id: "search-button")?["size"]?["x+"] == 8)
        }
    }

    /// 100 customers: pages of 40, 40 and 20. While rows remain `max` is one past the batch (the
    /// total is not counted, keyset paging); the last batch has no `max`.
    @Test(arguments: [(0, Array(1...40), 41 as Int?), (40, Array(41...80), 81), (80, Array(81...100), nil)])
    func pagesFollowTheMaxRule(offset: Int, ids: [Int], max: Int?) async throws {
        try await withDemo { client in
            let token = try await client.signedIn()
            var page = try await client.page(token, offset: 0)
            if offset > 0 {  // scroll down as the phone does, so the keyset cursor is used
                page = try await client.page(token, offset: 40)
                if offset > 40 { page = try await client.page(token, offset: 80) }
            }
            #expect(page["rc"] == 0)
            #expect(page.rowIDs == ids)
            #expect(page["max"] == max.map { .number(Double($0)) })
            let first = try #require(page["data"]?.arrayValue?.first?.objectValue)
            #expect(Set(first.keys) == ["id", "name", "city", "score"])
        }
    }

    @Test(arguments: DemoStoreKind.tested)
    func aDeepOffsetWithoutACursorFallsBackToTheSameRows(_ kind: DemoStoreKind) async throws {
        try await withDemo(on: kind) { client in
            let token = try await client.signedIn()
            let page = try await client.page(token, offset: 60, limit: 40)
            #expect(page.rowIDs == Array(61...100))
            #expect(page["max"] == nil)
            // Pull to refresh: offset 0 starts over.
            #expect(try await client.page(token, offset: 0).rowIDs == Array(1...40))
        }
    }

    @Test(arguments: DemoStoreKind.tested)
    func theSearchBoxFiltersTheTable(_ kind: DemoStoreKind) async throws {
        try await withDemo(on: kind) { client in
            let token = try await client.signedIn()
            let screen = try await client.call("customers", token, ["formdata": ["search": " berlin "]])
            #expect(screen.component(id: "customers")?["data"]
                    == ["dynamic": ["function": "listCustomers", "parameters": ["q": "berlin"]]])
            #expect(screen.component(id: "search")?["value"] == "berlin")
            let generator = CustomerGenerator()
            let expected = (1...100).map(generator.customer(id:)).filter {
                $0.city == "Berlin" || $0.name.lowercased().contains("berlin") || $0.email.contains("berlin")
            }.map(\.id)
            #expect(!expected.isEmpty)
            let rows = try await client.page(token, offset: 0, limit: 200, search: "berlin")
            #expect(rows.rowIDs == expected)
            #expect(rows["data"]?.arrayValue?.allSatisfy { $0["city"] == "Berlin" } == true)
            #expect(rows["max"] == nil)
            // A LIKE wildcard is taken literally.
            #expect(try await client.page(token, offset: 0, search: "%").rowIDs == [])
            // An empty search shows everyone.
            let all = try await client.call("customers", token, ["formdata": ["search": ""]])
            #expect(all.component(id: "customers")?["data"] == ["dynamic": "listCustomers"])
        }
    }

    @Test func theBarMenuSearchFocusesTheSearchBox() async throws {
        try await withDemo { client in
            let token = try await client.signedIn()
            let screen = try await client.call("search", token)
            #expect(screen.component(id: "search")?["focus"] == true)
        }
    }
}
