import Foundation
import Synchronization
import XpediteServer

/// A small app the conversation tests talk to.
enum CustomerTestApp {
    struct Customer: Codable, Sendable, Equatable {
        enum Country: String, Codable, Sendable {
            case au = "AU"
            case fr = "FR"
        }

        var firstname: String
        var age: Int
        var active: Bool
        var dob: CalendarDay
        var country: Country
        var nickname: String?
    }

    struct SignedInUser: Codable, Sendable, Equatable {
        var name: String
    }

    static let user = SessionKey<SignedInUser>("user")
    static let customer = SessionKey<Customer>("customer")

    /// Counts handler runs, so tests can prove a method did not run.
    final class Runs: Sendable {
        private let count = Mutex(0)
        var value: Int { count.withLock { $0 } }
        func increment() { count.withLock { $0 += 1 } }
    }

    static let rows: [JSONObject] = (1...57).map { ["id": .number(Double($0)), "name": .string("Customer \($0)")] }

    static func make(configuration: XpediteConfiguration, runs: Runs = Runs()) -> XpediteApp {
        var app = XpediteApp(configuration: configuration)
        app.onConnect { call in
            var components: [Component] = [.label(.init(id: "welcome", text: "Welcome"))]
            if call.connectReason == .sessionExpired {
                components.append(.label(.init(id: "expired", text: "Session expired")))
            }
            if let width = call.device.width {
                components.append(.label(.init(id: "width", text: "width \(JSONValue.format(number: width))")))
            }
            return ResponsePacket(title: "Welcome", components: components)
        }
        app.on("home") { call in
            runs.increment()
            return ResponsePacket(title: "Home", components: [.label(.init(text: "Home"))])
        }
        app.on("login") { call in
            guard let name = call.parameter("name") else { throw XpediteError.message("Who are you?") }
            try call.session.set(SignedInUser(name: name), for: user)
            return ResponsePacket(components: [.label(.init(text: "Signed in as \(name)"))])
        }
        app.on("whoami") { call in
            let name = try call.session.value(for: user)?.name ?? "nobody"
            return ResponsePacket(components: [.label(.init(text: name))])
        }
        app.on("viewCustomer") { call in
            let id = call.selected?.intValue ?? call.parameter("id").flatMap { Int($0) }
            guard let id else { throw XpediteError.message("No customer selected") }
            return ResponsePacket(title: "Customer", components: [.label(.init(text: "Customer \(id)"))])
        }
        app.on("updateCustomer") { _ -> ResponsePacket in
            throw XpediteError.message("Failed to update customer")
        }
        app.on("codeError") { _ -> ResponsePacket in
            throw XpediteError.code(7)
        }
        app.on("crash") { _ -> ResponsePacket in
            throw SecretError(detail: "database password is hunter2")
        }
        app.on("saveCustomer") { call in
            let customer = try call.form(Customer.self, id: "customer-form")
            try call.session.set(customer, for: self.customer)
            return ResponsePacket(components: [.label(.init(text: "Saved \(customer.firstname), \(customer.age)"))])
        }
        app.on("setKey") { call in
            guard let key = call.parameter("key") else { throw XpediteError.message("No key") }
            try call.session.set(key, for: SessionKey<String>(key))
            return ResponsePacket(components: [.label(.init(text: key))])
        }
        app.on("keys") { call in
            ResponsePacket(components: [.label(.init(text: call.session.valueNames.joined(separator: ",")))])
        }
        app.on("listCustomers") { call in
            TablePage(slicing: rows, page: call.page)
        }
        app.on("brokenTable") { _ -> TablePage in
            throw XpediteError.message("The list is unavailable")
        }
        return app
    }

    struct SecretError: Error {
        var detail: String
    }
}
