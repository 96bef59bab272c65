/// What seeding did: how many customers, in how long.
public struct SeedReport: Sendable, Hashable {
    /// Customers inserted.
    public var count: Int
    /// Wall-clock time of generating and inserting them.
    public var duration: Duration
}
