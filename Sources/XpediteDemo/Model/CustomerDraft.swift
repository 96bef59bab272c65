import Foundation
import XpediteServer

/// What the edit form (`formdata["customer"]`) and the quick-add dialog send, decoded by the SDK's
/// form decoder; ``validate()`` adds the app's own rules.
///
/// Every field is optional in decoding, so a half-filled form still decodes and is re-rendered
/// with the values as typed and one message, instead of being refused field by field.
struct CustomerDraft: Sendable, Hashable, Decodable {
    var name: String?
    var email: String?
    var city: String?
    var country: Country?
    var since: CalendarDay?
    var active: Bool?
    var creditLimit: String?
    var contact: ContactPreference?
    var notes: String?

    /// The largest credit limit the form accepts.
    static let maximumCreditLimit = 1_000_000

    /// The draft of an existing customer, to fill the form.
    init(_ customer: Customer) {
        name = customer.name
        email = customer.email
        city = customer.city
        country = customer.country
        since = customer.since
        active = customer.active
        creditLimit = String(customer.creditLimit)
        contact = customer.contact
        notes = customer.notes
    }

    /// An empty draft with the form's defaults.
    init(today: CalendarDay) {
        country = .unitedKingdom
        since = today
        active = true
        creditLimit = "1000"
        contact = .email
        notes = ""
    }

    /// The customer this draft describes, or the message that says what to fix.
    ///
    /// - Parameters:
    ///   - id: the customer's id (0 for a new one; the database assigns it).
    ///   - score: the score, which the form does not edit.
    /// - Returns: `.failure` with a message for the phone (re-rendered with the form).
    func validate(id: Int, score: Int) -> Result<Customer, DraftProblem> {
        let name = (self.name ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { return .failure(DraftProblem("Please enter the customer's name.")) }
        guard name.count <= 80 else { return .failure(DraftProblem("The name can be at most 80 characters.")) }
        let email = (self.email ?? "").trimmingCharacters(in: .whitespaces)
        guard Self.looksLikeEmail(email) else {
            return .failure(DraftProblem("Please enter a valid email address (name@example.com)."))
        }
        let limitText = (creditLimit ?? "0").trimmingCharacters(in: .whitespaces)
        guard let limit = Int(limitText.isEmpty ? "0" : limitText), (0...Self.maximumCreditLimit).contains(limit) else {
            return .failure(DraftProblem("The credit limit must be a whole number from 0 to 1000000."))
        }
        guard let country else { return .failure(DraftProblem("Please choose a country.")) }
        guard let since else { return .failure(DraftProblem("Please enter the date the customer joined.")) }
        let notes = notes ?? ""
        guard notes.count <= 2_000 else { return .failure(DraftProblem("The notes can be at most 2000 characters.")) }
        return .success(Customer(
            id: id, name: name, email: email,
            city: (city ?? "").trimmingCharacters(in: .whitespaces), country: country,
            since: since, score: score, active: active ?? false, creditLimit: limit, contact: contact ?? .email, notes: notes))
    }

    /// `local@domain.tld`, no spaces: the check a sign-up form would make.
    static func looksLikeEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !text.contains(where: \.isWhitespace) else { return false }
        let domain = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return domain.count >= 2 && domain.allSatisfy { !$0.isEmpty }
    }
}

/// Why a draft was refused: the `rc` message the re-rendered form carries.
struct DraftProblem: Error, Sendable, Hashable {
    var message: String

    init(_ message: String) {
        self.message = message
    }
}
