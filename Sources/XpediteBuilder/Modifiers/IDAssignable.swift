import XpediteProtocol

/// A component whose `id` is only a name: used in the phone's error messages, as the target of a
/// field's `onEnter`, and checked for duplicates on the page
/// (docs/protocol/components/README.md#keys-every-component-has,
/// docs/protocol/caching.md#the-duplicate-guard).
///
/// Components whose `id` means more are not ``IDAssignable``: a ``Form`` takes its `id` in its
/// initializer (it keys `formdata`), an ``Image`` names a preloaded image with it, and a
/// ``Navigation`` is cached by it.
public protocol IDAssignable: ComponentConvertible {
    /// The component's `id`.
    var id: String? { get set }
}

extension IDAssignable {
    /// Sets the component's `id`.
    public func id(_ id: String?) -> Self {
        var copy = self
        copy.id = id
        return copy
    }
}
