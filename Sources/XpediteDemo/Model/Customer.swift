import XpediteServer

/// A customer of the demo database: one row of the `customer` table.
public struct Customer: Sendable, Hashable, Codable {
    /// The row id (`INTEGER PRIMARY KEY`), the table's keyset-paging key and `clickRow.selected`.
    public var id: Int
    /// Full name.
    public var name: String
    /// Email address.
    public var email: String
    /// City.
    public var city: String
    /// Country.
    public var country: Country
    /// The day the customer signed up.
    public var since: CalendarDay
    /// A score from 0 to 99.
    public var score: Int
    /// Whether the account is active.
    public var active: Bool
    /// Credit limit in whole euros.
    public var creditLimit: Int
    /// How the customer likes to be contacted.
    public var contact: ContactPreference
    /// Free text the staff wrote; shown as HTML on the detail screen, so always escaped there.
    public var notes: String

    /// Creates a customer.
    public init(id: Int, name: String, email: String, city: String, country: Country, since: CalendarDay, score: Int,
                active: Bool, creditLimit: Int, contact: ContactPreference, notes: String) {
        self.id = id
        self.name = name
        self.email = email
        self.city = city
        self.country = country
        self.since = since
        self.score = score
        self.active = active
        self.creditLimit = creditLimit
        self.contact = contact
        self.notes = notes
    }

    /// The initials shown on the avatar: the first letter of the first and last word.
    var initials: String {
        let words = name.split(whereSeparator: \.isWhitespace)
        let letters = [words.first, words.count > 1 ? words.last : nil].compactMap { $0?.first }
        return letters.isEmpty ? "?" : String(letters).uppercased()
    }
}
