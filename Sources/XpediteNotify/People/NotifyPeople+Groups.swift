import Foundation
import XpediteProtocol

extension NotifyPeople {
    /// Replaces a group's members.
    ///
    /// - Throws: ``NotifyError`` 422 when a member is not a user.
    @discardableResult
    public func setGroup(_ name: String, members: [String]) async throws -> [String] {
        let existing = try await store.existingUsernames(members)
        let issues = members.enumerated().filter { !existing.contains($0.element) }.map { index, member in
            ValidationIssue(path: JSONPath.root.appending("members").appending(index), code: .invalidValue, severity: .error,
                            message: "no user \"\(member)\"")
        }
        if !issues.isEmpty { throw NotifyError.invalid("unknown members", issues: issues) }
        return try await store.setGroup(name, members: members)
    }

    /// Every group with its members, by name.
    public func groups() async throws -> [NotifyGroup] {
        try await store.groups()
    }

    /// One group with its members.
    ///
    /// - Throws: ``NotifyError`` 404 when there is no such group.
    public func group(_ name: String) async throws -> NotifyGroup {
        guard let group = try await store.group(name) else { throw NotifyError.notFound("no group \"\(name)\"") }
        return group
    }

    /// Removes a group; its users stay.
    ///
    /// - Throws: ``NotifyError`` 404 when there is no such group.
    public func deleteGroup(_ name: String) async throws {
        guard try await store.deleteGroup(name) else { throw NotifyError.notFound("no group \"\(name)\"") }
    }
}
