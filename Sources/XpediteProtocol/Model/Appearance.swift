/// The appearance a phone draws in, as it tells the server in `setConnection`
/// (docs/protocol/packets.md#the-appearance): a server may answer with colours made for it.
public enum Appearance: String, Sendable, Hashable, CaseIterable, Codable {
    /// Dark text on light backgrounds.
    case light
    /// Light text on dark backgrounds.
    case dark

    /// The wire values, in the order the documentation lists them.
    public static let wireValues = allCases.map(\.rawValue)
}
