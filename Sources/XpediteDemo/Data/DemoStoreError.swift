/// A row of the demo's data that cannot be read back (a value the model does not know), with the
/// table, row and column.
struct DemoStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
