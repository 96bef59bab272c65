/// The countries customers live in: the edit form's `select` options
/// (docs/protocol/components/inputs.md#select), keyed by ISO 3166 code.
public enum Country: String, Sendable, Hashable, Codable, CaseIterable {
    /// Australia, `AU`.
    case australia = "AU"
    /// Brazil, `BR`.
    case brazil = "BR"
    /// Canada, `CA`.
    case canada = "CA"
    /// France, `FR`.
    case france = "FR"
    /// Germany, `DE`.
    case germany = "DE"
    /// India, `IN`.
    case india = "IN"
    /// Japan, `JP`.
    case japan = "JP"
    /// Kenya, `KE`.
    case kenya = "KE"
    /// New Zealand, `NZ`.
    case newZealand = "NZ"
    /// South Africa, `ZA`.
    case southAfrica = "ZA"
    /// the United Kingdom, `GB`.
    case unitedKingdom = "GB"
    /// the United States, `US`.
    case unitedStates = "US"

    /// The name shown in the select and on the detail screen.
    public var label: String {
        switch self {
        case .australia: "Australia"
        case .brazil: "Brazil"
        case .canada: "Canada"
        case .france: "France"
        case .germany: "Germany"
        case .india: "India"
        case .japan: "Japan"
        case .kenya: "Kenya"
        case .newZealand: "New Zealand"
        case .southAfrica: "South Africa"
        case .unitedKingdom: "United Kingdom"
        case .unitedStates: "United States"
        }
    }

    /// The select's `options`: code → name.
    static var options: [String: String] {
        Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0.label) })
    }
}
