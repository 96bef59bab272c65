import XpediteServer

/// A generated customer of the demo's table.
public struct Customer: Sendable, Hashable, Codable {
    /// The row id, 1…``DemoApp/customerCount``.
    public var id: Int
    /// A generated full name.
    public var name: String
    /// A city from a fixed list.
    public var city: String
    /// A score from 0 to 99.
    public var score: Int

    /// The table row record (§3.7.3): every field, `id` included for `clickRow.selected`.
    var record: JSONObject {
        ["id": .number(Double(id)), "name": .string(name), "city": .string(city), "score": .number(Double(score))]
    }

    /// `count` customers, the same every run: names and cities cycle through fixed lists.
    static func generate(count: Int) -> [Customer] {
        let first = ["Alice", "Bruno", "Chloé", "Dmitri", "Eve", "Farah", "Goran", "Hana", "Ivan", "Jun", "Kofi",
                     "Lena", "Mateo", "Nia", "Omar", "Priya", "Quinn"]
        let last = ["Anders", "Bianchi", "Chen", "Dubois", "Eriksen", "Fischer", "García", "Haddad", "Ito",
                    "Jones", "Kowalski", "Lopez", "Moreau"]
        let cities = ["Auckland", "Berlin", "Cape Town", "Dublin", "Edinburgh", "Florence", "Geneva", "Helsinki",
                      "Istanbul", "Jakarta", "Kyoto"]
        return (0..<count).map { index in
            Customer(id: index + 1, name: "\(first[index % first.count]) \(last[(index / first.count) % last.count])",
                     city: cities[(index * 7) % cities.count], score: (index * 37 + 11) % 100)
        }
    }
}
