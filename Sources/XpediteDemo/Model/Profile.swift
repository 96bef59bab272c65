import XpediteServer

/// What the demo's profile form saves, decoded from `formdata["profile"]`.
public struct Profile: Sendable, Hashable, Codable {
    /// The select's option keys.
    public enum Country: String, Sendable, Hashable, Codable, CaseIterable {
        case au = "AU"
        case de = "DE"
        case fr = "FR"
        case gb = "GB"
        case us = "US"

        var label: String {
            switch self {
            case .au: "Australia"
            case .de: "Germany"
            case .fr: "France"
            case .gb: "United Kingdom"
            case .us: "United States"
            }
        }
    }

    /// Required, not blank.
    public var name: String
    /// Must look like `name@domain.tld`.
    public var email: String
    /// Optional: an empty date field decodes as `nil`.
    public var birthday: CalendarDay?
    /// The checkbox: `"1"`/`"0"`.
    public var newsletter: Bool
    /// The select's key.
    public var country: Country

    /// The session key the saved profile lives under.
    static let key = SessionKey<Profile>("profile")

    /// The app's own rules, on top of what decoding checks; each failure is an `rc` message.
    func validate(today: CalendarDay) throws {
        if name.trimmingCharacters(in: .whitespaces).isEmpty {
            throw XpediteError.message("Please enter your name.")
        }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains(".") else {
            throw XpediteError.message("Please enter a valid email address.")
        }
        if let birthday, birthday > today {
            throw XpediteError.message("Your birthday cannot be in the future.")
        }
    }
}
