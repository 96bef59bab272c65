import Foundation
import Testing
import XpediteBuilder
import XpediteClient
import XpediteProtocol
import XpediteServer
import XpediteTestFixtures

/// The client against a real XpediteServer app in the same process, screens built with the DSL.
@Suite("Against an in-process XpediteServer app")
struct ServerAppTests {
    struct Customer: Codable, Sendable, Equatable {
        var firstname: String
        var active: Bool
        var dob: CalendarDay
    }

    static let customers: [JSONObject] = (0..<95).map { ["id": .string("c\($0)"), "name": .string("Customer \($0)")] }

    static func app() -> XpediteApp {
        var configuration = XpediteConfiguration()
        configuration.version = .string("2.1")
        var app = XpediteApp(configuration: configuration)
        app.onConnect { _ in
            Screen(title: "Home") {
                Label("Welcome")
                Button("Customers", .call("customers"))
            }.packet
        }
        app.on("customers") { _ in
            Screen(title: "Customers") {
                Table(data: .dynamic("listCustomers"), refresh: "Pull to refresh",
                      clickRow: .call("editCustomer", selected: "id")) {
                    Column("Name", field: "name")
                }
            }.packet
        }
        app.on("listCustomers") { call in
            TablePage(slicing: customers, page: call.page)
        }
        app.on("editCustomer") { call in
            let id = call.selected?.stringValue ?? "?"
            return Screen(title: "Edit \(id)") {
                Form(id: "customer-form", save: .call("saveCustomer"), cancel: .call("customers")) {
                    TextBox(name: "firstname", title: "First name", value: "Bob")
                    Checkbox(name: "active", title: "Active", isOn: true)
                    DateField(name: "dob", title: "Born", value: "1990-06-15")
                }
            }.packet
        }
        app.on("saveCustomer") { call in
            let customer = try call.form(Customer.self, id: "customer-form")
            return Screen {
                Label("Saved \(customer.firstname) active=\(customer.active) born \(customer.dob)")
            }.packet
        }
        return app
    }

    @Test func drivesTheAppThroughConnectRowsFormAndSave() async throws {
        let endpoint = try Self.app().makeEndpoint()
        let transport = InProcessTransport { body in await endpoint.respond(to: body) }
        let folder = try TemporaryDirectory("xpedite-client-tests")
        let client = try XpediteClient(transport: transport, configuration: testConfiguration(cache: folder.url))
        await client.connect()
        var state = await client.state
        #expect(state.packet?.title == "Home")
        #expect(state.packet?.version?.canonical == "2.1")
        let token = try #require(await client.token)
        #expect(!token.isEmpty)

        await client.perform(try #require(state.action(tapping: "Customers")))
        await client.settle()
        state = await client.state
        #expect(state.tables[[0]]?.rows.count == 40)
        await client.perform(.loadMore(table: [0]))
        await client.perform(.loadMore(table: [0]))
        state = await client.state
        #expect(state.tables[[0]]?.rows.count == 95)
        #expect(state.tables[[0]]?.hasMore == false)

        await client.perform(try #require(state.action(tapping: "Customer 42")))
        state = await client.state
        #expect(state.packet?.title == "Edit c42")
        let firstname = try #require(state.field(named: "firstname", inForm: "customer-form"))
        await client.perform(.setValue(field: firstname, .text("Alice")))
        await client.perform(try #require(state.action(tapping: "Save")))
        state = await client.state
        #expect(state.alerts.isEmpty, "\(state.alerts)")
        #expect(state.labelTexts == ["Saved Alice active=true born 1990-06-15"])
        #expect(await client.token == token)
    }

    @Test func aServerErrorBecomesAnAlertWithItsText() async throws {
        let endpoint = try Self.app().makeEndpoint()
        let client = try XpediteClient(transport: InProcessTransport { await endpoint.respond(to: $0) },
                                       configuration: testConfiguration())
        await client.connect()
        await client.perform(.press(button: [1]))
        await client.settle()
        await client.perform(.tapRow(table: [0], row: 3))
        let form = try #require(await client.state.field(named: "dob", inForm: "customer-form"))
        await client.perform(.setValue(field: form, .date("")))
        await client.perform(.save(form: [0]))
        let state = await client.state
        #expect(state.alerts.count == 1)
        #expect(state.alerts.first?.message.contains("dob") == true, "\(state.alerts)")
        #expect(state.packet?.title == "Edit c3")
    }
}
