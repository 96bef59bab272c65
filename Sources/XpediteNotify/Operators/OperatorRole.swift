/// What a console operator may do (docs/notify-api.md#operators-and-roles), from least to most:
/// a `viewer` reads, a `sender` also sends and keeps payloads and start requests, an `admin` also
/// manages people, devices, groups, webhooks and operators. Roles are ordered, so a route names
/// the least role it takes (``RouteRoles``).
public enum OperatorRole: String, Sendable, CaseIterable, Comparable, Codable {
    /// Reads only.
    case viewer
    /// Reads, sends, keeps payloads and start requests.
    case sender
    /// Everything.
    case admin

    private var rank: Int {
        switch self {
        case .viewer: 0
        case .sender: 1
        case .admin: 2
        }
    }

    /// Whether `lhs` allows less than `rhs`.
    public static func < (lhs: OperatorRole, rhs: OperatorRole) -> Bool {
        lhs.rank < rhs.rank
    }
}
