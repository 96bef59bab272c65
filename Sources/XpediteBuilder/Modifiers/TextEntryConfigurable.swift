import XpediteProtocol

/// The entry settings text boxes and password fields share: `keyboard`, `returnkey`, `onEnter`
/// and `focus` (docs/protocol/components/inputs.md).
public struct TextEntrySettings: Sendable, Hashable {
    /// The keyboard the field asks for (`keyboard`).
    public var keyboard: Component.Keyboard?
    /// The label of the return key (`returnkey`).
    public var returnKey: Component.ReturnKey?
    /// The `id` of the field focused on return (`onEnter`).
    public var onEnter: String?
    /// Whether the field takes focus when the screen appears (`focus`).
    public var focus: Bool?

    /// Creates entry settings.
    public init(keyboard: Component.Keyboard? = nil, returnKey: Component.ReturnKey? = nil, onEnter: String? = nil,
                focus: Bool? = nil) {
        self.keyboard = keyboard
        self.returnKey = returnKey
        self.onEnter = onEnter
        self.focus = focus
    }
}

/// A single-line text input: ``TextBox`` and ``Password``.
public protocol TextEntryConfigurable: ComponentConvertible {
    /// The field's entry settings.
    var entrySettings: TextEntrySettings { get set }
}

extension TextEntryConfigurable {
    /// Sets the keyboard: `.keyboard(.email)`, `.keyboard(.number)` for a PIN.
    public func keyboard(_ keyboard: Component.Keyboard?) -> Self {
        var copy = self
        copy.entrySettings.keyboard = keyboard
        return copy
    }

    /// Sets the return key's label: `.returnKey(.next)`.
    public func returnKey(_ key: Component.ReturnKey?) -> Self {
        var copy = self
        copy.entrySettings.returnKey = key
        return copy
    }

    /// Moves focus to the field whose `id` is `fieldID` when the return key is tapped (`onEnter`).
    public func onEnter(focus fieldID: String) -> Self {
        var copy = self
        copy.entrySettings.onEnter = fieldID
        return copy
    }

    /// Gives the field focus when the screen appears (`focus: true`); the first such field wins.
    public func focused(_ focused: Bool = true) -> Self {
        var copy = self
        copy.entrySettings.focus = focused ? true : nil
        return copy
    }
}
