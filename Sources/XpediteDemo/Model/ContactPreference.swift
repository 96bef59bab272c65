/// How a customer likes to be contacted: the edit form's `radio`
/// (docs/protocol/components/inputs.md#radio).
public enum ContactPreference: String, Sendable, Hashable, Codable, CaseIterable {
    /// By email.
    case email
    /// By phone.
    case phone
    /// By post.
    case post

    /// The option's label.
    public var label: String {
        switch self {
        case .email: "Email"
        case .phone: "Phone"
        case .post: "Post"
        }
    }

    /// The radio's `options`: key → label.
    static var options: [String: String] {
        Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0.label) })
    }
}
