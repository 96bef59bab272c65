import XpediteProtocol

extension Recipients {
    /// The usernames these recipients are in `store`, without duplicates, in order; 422 with an
    /// issue at `path` for each user or group that does not exist.
    func usernames(in store: any NotifyStore, at path: JSONPath) async throws -> [String] {
        var usernames: [String] = []
        var issues: [ValidationIssue] = []
        switch self {
        case .all:
            usernames = try await store.allUsernames()
        case .users(let names):
            let existing = try await store.existingUsernames(names)
            for (index, name) in names.enumerated() {
                if existing.contains(name) {
                    usernames.append(name)
                } else {
                    issues.append(ValidationIssue(path: path.appending("users").appending(index), code: .invalidValue,
                                                  severity: .error, message: "no user \"\(name)\""))
                }
            }
        case .groups(let names):
            let members = try await store.members(ofGroups: names)
            for (index, name) in names.enumerated() {
                if let list = members[name] {
                    usernames += list
                } else {
                    issues.append(ValidationIssue(path: path.appending("groups").appending(index), code: .invalidValue,
                                                  severity: .error, message: "no group \"\(name)\""))
                }
            }
        }
        if !issues.isEmpty { throw NotifyError.invalid("unknown recipients", issues: issues) }
        var seen = Set<String>()
        return usernames.filter { seen.insert($0).inserted }
    }
}
