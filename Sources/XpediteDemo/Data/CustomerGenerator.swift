import Foundation
import XpediteServer

/// Generates the demo's customers: names, emails, cities, dates, scores, active flags,
/// countries, credit limits and notes, all derived from the customer's id, so customer 120 is
/// the same on every machine and after every `--reset`.
struct CustomerGenerator: Sendable {
    /// Customer `id` (1-based).
    func customer(id: Int) -> Customer {
        var random = SeededGenerator(seed: 0x5EED_0000 &+ UInt64(id) &* 0x1000_0001)
        let first = random.pick(Self.firstNames)
        let last = random.pick(Self.lastNames)
        let place = random.pick(Self.places)
        let dayNumber = random.int(in: 0...(16 * 365))
        let since = CalendarDay(Date(timeIntervalSince1970: Self.firstDay + Double(dayNumber) * 86_400))
        let score = random.int(in: 0...99)
        let active = random.int(in: 0...9) < 8
        let creditLimit = random.int(in: 0...40) * 500
        let contact = random.pick(ContactPreference.allCases)
        let notes = random.pick(Self.notes).replacingOccurrences(of: "{first}", with: first.name)
        return Customer(id: id, name: "\(first.name) \(last.name)",
                        email: "\(first.ascii).\(last.ascii)\(id)@example.com".lowercased(),
                        city: place.city, country: place.country, since: since, score: score, active: active,
                        creditLimit: creditLimit, contact: contact, notes: notes)
    }

    /// 2010-01-01 00:00 UTC.
    private static let firstDay: Double = 1_262_304_000

    private static let firstNames: [(name: String, ascii: String)] = [
        ("Alice", "alice"), ("Bruno", "bruno"), ("Chloé", "chloe"), ("Dmitri", "dmitri"), ("Eve", "eve"),
        ("Farah", "farah"), ("Goran", "goran"), ("Hana", "hana"), ("Ivan", "ivan"), ("Jun", "jun"),
        ("Kofi", "kofi"), ("Lena", "lena"), ("Mateo", "mateo"), ("Nia", "nia"), ("Omar", "omar"),
        ("Priya", "priya"), ("Quinn", "quinn"), ("Rosa", "rosa"), ("Søren", "soren"), ("Tariq", "tariq"),
        ("Uma", "uma"), ("Viktor", "viktor"), ("Wen", "wen"), ("Ximena", "ximena"), ("Yusuf", "yusuf"),
        ("Zoë", "zoe"),
    ]

    private static let lastNames: [(name: String, ascii: String)] = [
        ("Anders", "anders"), ("Bianchi", "bianchi"), ("Chen", "chen"), ("Dubois", "dubois"),
        ("Eriksen", "eriksen"), ("Fischer", "fischer"), ("García", "garcia"), ("Haddad", "haddad"),
        ("Ito", "ito"), ("Jones", "jones"), ("Kowalski", "kowalski"), ("Lopez", "lopez"), ("Moreau", "moreau"),
        ("Nakamura", "nakamura"), ("O'Brien", "obrien"), ("Patel", "patel"), ("Quispe", "quispe"),
        ("Rossi", "rossi"), ("Schmidt", "schmidt"), ("Tanaka", "tanaka"), ("Usman", "usman"),
        ("Varga", "varga"), ("Williams", "williams"), ("Xu", "xu"), ("Yilmaz", "yilmaz"), ("Zulu", "zulu"),
    ]

    private static let places: [(city: String, country: Country)] = [
        ("Sydney", .australia), ("Melbourne", .australia), ("São Paulo", .brazil), ("Toronto", .canada),
        ("Montréal", .canada), ("Paris", .france), ("Lyon", .france), ("Berlin", .germany), ("Munich", .germany),
        ("Mumbai", .india), ("Bengaluru", .india), ("Kyoto", .japan), ("Osaka", .japan), ("Nairobi", .kenya),
        ("Auckland", .newZealand), ("Cape Town", .southAfrica), ("Edinburgh", .unitedKingdom),
        ("London", .unitedKingdom), ("Austin", .unitedStates), ("Chicago", .unitedStates),
    ]

    /// Note templates; some hold characters that must be escaped in HTML (`<`, `>`, `&`, quotes).
    private static let notes = [
        "{first} prefers email before 10 am.",
        "Met {first} at the trade fair; interested in the <premium> plan & annual billing.",
        "Asked for invoices in \"PDF & paper\". Follow up next quarter.",
        "{first} reported a delivery issue; resolved with a voucher.",
        "Long-time customer. Likes the new app — says it's \"fast\".",
        "Call {first} about renewal: 5 < 10 seats, wants a discount.",
        "",
    ]
}
