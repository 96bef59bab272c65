/// Text alignment (PROTOCOL.md §6.6). `centre` and `center` mean the same; the model keeps
/// the spelling it was given.
public enum Alignment: String, Sendable, Hashable, Codable, CaseIterable {
    case left
    case right
    case centre
    case center
    case justify

    /// Whether the text is centred, whichever spelling was used.
    public var isCentred: Bool { self == .centre || self == .center }
}
