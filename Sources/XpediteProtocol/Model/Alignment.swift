/// Text alignment (docs/protocol/values.md#other-values). `centre` and `center` mean the same; the
/// model keeps the spelling it was given.
public enum Alignment: String, Sendable, Hashable, Codable, CaseIterable {
    /// Aligned to the left: the default of text.
    case left
    /// Aligned to the right.
    case right
    /// Centred (British spelling).
    case centre
    /// Centred (American spelling): the same as `centre`.
    case center
    /// Justified to both edges.
    case justify

    /// Whether the text is centred, whichever spelling was used.
    public var isCentred: Bool { self == .centre || self == .center }
}
