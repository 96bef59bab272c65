import Benchmark
import Foundation
import XpediteBuilder
import XpediteProtocol

/// XpediteBuilder: building a 50-component screen with the DSL, validating it and encoding it,
/// as a server does for every answer. The baseline, measured in the same run, is encoding the
/// finished packet with Foundation's `JSONSerialization` from an `Any` tree.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        warmupIterations: 10,
        scalingFactor: .one,
        maxDuration: .seconds(3),
        maxIterations: 5_000
    )

    /// A customer screen of 50 components: a menu, a form with ten fields, labels, buttons in
    /// rows, a table.
    @Sendable func screen() -> Screen {
        Screen(title: "Customer") {
            Navigation.menu(id: "main-menu", .slideFrom(.left, shade: 40)) {
                MenuHeader("Main")
                MenuEntry("Customers", .call("listCustomers"))
                MenuSeparator()
                MenuEntry("Logout", .call("logout"))
            }
            Label("Customer details").font("Helvetica-Bold", size: 20).align(.centre)
            Form(id: "customer", save: .call("saveCustomer", parameters: ["id": "42"]), cancel: .call("home"),
                 title: "Edit customer") {
                Section("Personal details")
                TextBox(name: "firstname", title: "First name", value: "Alice")
                TextBox(name: "lastname", title: "Last name", value: "Smith")
                TextBox(name: "email", title: "Email", value: "alice@example.com").keyboard(.email)
                Password(name: "pin", title: "PIN")
                DateField(name: "dob", title: "Date of birth", value: "1990-06-15")
                Checkbox(name: "active", title: "Active customer", isOn: true)
                Select(name: "country", title: "Country", options: ["AU": "Australia", "NZ": "New Zealand"],
                       value: "AU")
                Radio(name: "tier", title: "Tier", options: ["a": "Gold", "b": "Silver", "c": "Bronze"], value: "a")
                TextView(name: "notes", title: "Notes", placeholder: "Enter notes...")
            }
            for index in 0..<16 {
                Label("Order \(index): 3 items, shipped").fontSize(14)
                Button("Open", .call("viewOrder", parameters: ["id": .string("\(index)")]))
                    .size(width: .percent(48), height: 44)
            }
            Table(data: .dynamic("listOrders"), refresh: "Pull to refresh",
                  clickRow: .call("viewOrder", selected: "id")) {
                Column("Order", field: "id", width: .percent(60))
                Column("Total", field: "total", width: .percent(40), align: .right)
            }
        }
        .token("08829e57-56ec-42a8-8b84-061981c054c8")
        .version(3)
    }

    let finished = screen().packet
    let foundationTree: Any
    do {
        foundationTree = try JSONSerialization.jsonObject(with: finished.canonicalData())
    } catch {
        print("benchmark screen does not encode: \(error)")
        return
    }

    Benchmark("Baseline: JSONSerialization.data of the same screen") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try JSONSerialization.data(withJSONObject: foundationTree, options: [.sortedKeys]))
        }
    }

    Benchmark("DSL build (50 components)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(screen().packet)
        }
    }

    Benchmark("DSL build + validate + encode (50 components)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try screen().validated().canonicalData())
        }
    }
}
