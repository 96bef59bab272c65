import Foundation
import HummingbirdTesting
import Testing
import XpediteDemo
import XpediteServer

/// The demo app of `xpedite demo`, through the router.
@Suite struct DemoAppTests {
    func makeApp() throws -> XpediteApp {
        try DemoApp.make(configuration: testConfiguration())
    }

    @Test func helloScreenWithItsMenu() async throws {
        try await makeApp().test { client in
            let (hello, token) = try await client.connect()
            #expect(hello["title"] == "Hello")
            #expect(hello.components.first?["implementation"] == ["style": "slidefrom", "position": "left"])
            #expect(hello.labelTexts.first == "Hello from Xpedite!")
            #expect(hello["setDefaults"] == ["fontsize": 16])
            let home = try await client.post(["method": "home", "token": .string(token)])
            #expect(home.components.first == ["type": "navigation", "id": "demo-menu"])
        }
    }

    @Test func profileFormSavesWithValidation() async throws {
        try await makeApp().test { client in
            let (_, token) = try await client.connect()
            let form = try await client.post(["method": "profile", "token": .string(token)])
            let fields = form.components.last?["components"]?.arrayValue?.compactMap { $0["name"]?.stringValue }
            #expect(fields == ["name", "email", "birthday", "newsletter", "country"])
            var profile: JSONObject = ["name": "Alice", "email": "alice@example.com", "birthday": "1990-06-15",
                                       "newsletter": "1", "country": "FR"]
            let invalid: [(String, JSONValue?, String)] = [
                ("email", "alice", "Please enter a valid email address."),
                ("name", " ", "Please enter your name."),
                ("birthday", "1990-06-31", "The field \"birthday\" must be a date (yyyy-MM-dd)."),
                ("birthday", "2999-01-01", "Your birthday cannot be in the future."),
                ("country", "XX", "The field \"country\" has a value that is not allowed."),
                ("newsletter", nil, "The field \"newsletter\" is required."),
            ]
            for (field, value, message) in invalid {
                var broken = profile
                broken[field] = value
                let answer = try await client.post(["method": "saveProfile", "token": .string(token),
                                                    "formdata": ["profile": .object(broken)]])
                #expect(answer["rc"] == .string(message))
                #expect(answer["components"] == [])
            }
            profile["birthday"] = ""
            let saved = try await client.post(["method": "saveProfile", "token": .string(token),
                                               "formdata": ["profile": .object(profile)]])
            #expect(saved["rc"] == 0)
            #expect(saved["title"] == "Profile saved")
            let hello = try await client.post(["method": "home", "token": .string(token)])
            #expect(hello.labelTexts.first == "Hello, Alice!")
            let refilled = try await client.post(["method": "profile", "token": .string(token)])
            let name = refilled.components.last?["components"]?.arrayValue?.first { $0["name"] == "name" }
            #expect(name?["value"] == "Alice")
        }
    }

    @Test func customerTablePagesThroughEveryRow() async throws {
        try await makeApp().test { client in
            let (_, token) = try await client.connect()
            let screen = try await client.post(["method": "customers", "token": .string(token)])
            let table = try #require(screen.components.last)
            #expect(table["data"] == ["dynamic": "listCustomers"])
            #expect(table["clickRow"] == ["function": "viewCustomer", "selected": "id"])
            var loaded: [JSONValue] = []
            var requests = 0
            repeat {
                let page = try await client.post(["method": "listCustomers", "token": .string(token),
                                                  "offset": .number(Double(loaded.count)), "limit": 40])
                loaded += page["data"]?.arrayValue ?? []
                requests += 1
                if page["max"] == nil { break }
                #expect(page["max"] == .number(Double(DemoApp.customerCount)))
            } while requests < 20
            #expect(requests == 8)
            #expect(loaded.count == DemoApp.customerCount)
            #expect(Set(loaded.compactMap { $0["id"]?.intValue }).count == DemoApp.customerCount)
            let detail = try await client.post(["method": "viewCustomer", "token": .string(token), "selected": 42])
            #expect(detail["rc"] == 0)
            #expect(detail.labelTexts.count == 3)
            let missing = try await client.post(["method": "viewCustomer", "token": .string(token), "selected": 9999])
            #expect(missing["rc"] == "That customer does not exist.")
        }
    }
}
