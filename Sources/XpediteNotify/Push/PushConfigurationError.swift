/// Why the push providers' configuration cannot be used (docs/push.md): found at start-up,
/// with a message a person can act on. Never carries a key's content.
public enum PushConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A setting a configured provider needs is not set (`XPEDITE_APNS_KEY_ID`), and why it is needed.
    case missingSetting(name: String, neededBy: String)
    /// A value that must not be empty is empty (`keyId`).
    case emptyValue(name: String)
    /// A file cannot be read: what it is (`APNs key (XPEDITE_APNS_KEY_FILE)`), its path, the reason.
    case unreadableFile(what: String, path: String, reason: String)
    /// A key is not a usable key of its kind: what it is, where it came from, the reason.
    case invalidKey(what: String, source: String, reason: String)
    /// The service account file is not a JSON object: its path and the reason.
    case invalidServiceAccount(path: String, reason: String)
    /// The service account file lacks a field (or it is not a non-empty string).
    case missingField(path: String, field: String)
    /// A URL setting is not an `https` (or `http`) URL with a host.
    case invalidURL(name: String, value: String)
    /// The CA file holds no usable PEM certificate: its path and the reason.
    case invalidCAFile(path: String, reason: String)
    /// A setting with a few possible values has another (`XPEDITE_APNS_SENDER=h3`): its name, the
    /// value, the values it takes.
    case invalidChoice(name: String, value: String, choices: [String])

    /// A readable message naming what to fix.
    public var description: String {
        switch self {
        case .missingSetting(let name, let neededBy):
            "\(name) is not set; \(neededBy) needs it"
        case .emptyValue(let name):
            "\(name) is empty"
        case .unreadableFile(let what, let path, let reason):
            "cannot read the \(what) at \(path): \(reason)"
        case .invalidKey(let what, let source, let reason):
            "the \(what) in \(source) is not usable: \(reason)"
        case .invalidServiceAccount(let path, let reason):
            "the FCM service account file \(path) is not a service account JSON object: \(reason)"
        case .missingField(let path, let field):
            "the FCM service account file \(path) has no \"\(field)\" (a non-empty string)"
        case .invalidURL(let name, let value):
            "\(name) must be an https URL with a host, not \"\(value)\""
        case .invalidCAFile(let path, let reason):
            "the CA file \(path) (XPEDITE_PUSH_CA_FILE) holds no usable PEM certificate: \(reason)"
        case .invalidChoice(let name, let value, let choices):
            "\(name) is \"\(value)\"; it takes \(choices.joined(separator: " or "))"
        }
    }
}
