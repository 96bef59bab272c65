/// Why a packet could not be read at all, or was refused by strict validation.
public enum PacketError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes are not JSON text; the associated value says where parsing failed.
    case notJSON(String)
    /// The packet is JSON but breaks the protocol; every issue found, errors and warnings.
    case invalid([ValidationIssue])

    public var description: String {
        switch self {
        case .notJSON(let detail):
            return "not JSON: \(detail)"
        case .invalid(let issues):
            return issues.errors.map(\.description).joined(separator: "\n")
        }
    }
}
