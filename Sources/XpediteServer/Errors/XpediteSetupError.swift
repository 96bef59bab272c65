/// A mistake in how an app is put together, reported when it is registered.
public enum XpediteSetupError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A navigation definition registered for stub expansion has no `id`.
    case navigationWithoutID
    /// A navigation definition registered for stub expansion has no `implementation`, so it is
    /// itself a stub.
    case navigationWithoutImplementation(id: String)

    public var description: String {
        switch self {
        case .navigationWithoutID:
            "a navigation registered for stub expansion needs an id"
        case .navigationWithoutImplementation(let id):
            "the navigation \"\(id)\" registered for stub expansion needs an implementation"
        }
    }
}
