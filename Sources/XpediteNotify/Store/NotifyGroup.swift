/// A group of users (docs/notify-api.md#users-and-groups): its name and its members, sorted.
public struct NotifyGroup: Sendable, Hashable {
    /// The group's name.
    public var name: String
    /// The members' usernames, sorted.
    public var members: [String]

    /// Creates a group record.
    public init(name: String, members: [String]) {
        self.name = name
        self.members = members
    }
}
