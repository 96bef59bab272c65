/// A mistake in how an app is put together. Registering never silently overwrites: the problem
/// is recorded, and ``XpediteApp/mount(on:)`` (or ``XpediteApp/makeEndpoint()``) throws it, so a
/// server with a broken setup does not start. ``XpediteApp/register(navigation:)`` throws at once.
///
/// A struct rather than an enum, as Hummingbird's errors are, so that new kinds can be added
/// without breaking code that switches over it; compare values with `==`.
public struct XpediteSetupError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Kind: Sendable, Hashable {
        case navigationWithoutID
        case navigationWithoutImplementation(id: String)
        case duplicateMethod(String)
        case duplicateNavigation(id: String)
        case duplicateConnect
        case registeredAfterMount(String)
        case connectScreenEntries
        case tableScreenEntries(String)
        case connectNotScreen
        case guardedConnect
    }

    private let kind: Kind

    private init(_ kind: Kind) {
        self.kind = kind
    }

    /// A navigation definition registered for stub expansion has no `id`.
    public static var navigationWithoutID: XpediteSetupError { XpediteSetupError(.navigationWithoutID) }

    /// A navigation definition registered for stub expansion has no `implementation`, so it is
    /// itself a stub.
    public static func navigationWithoutImplementation(id: String) -> XpediteSetupError {
        XpediteSetupError(.navigationWithoutImplementation(id: id))
    }

    /// `method` was registered twice; the second would replace the first.
    public static func duplicateMethod(_ method: String) -> XpediteSetupError {
        XpediteSetupError(.duplicateMethod(method))
    }

    /// A navigation definition with this `id` is already registered.
    public static func duplicateNavigation(id: String) -> XpediteSetupError {
        XpediteSetupError(.duplicateNavigation(id: id))
    }

    /// The entry screen was set twice (``XpediteApp/onConnect(_:)`` or `on("setConnection")`).
    public static var duplicateConnect: XpediteSetupError { XpediteSetupError(.duplicateConnect) }

    /// `method` (or a navigation definition) was registered after the app was mounted; the
    /// running endpoint would never see it.
    public static func registeredAfterMount(_ method: String) -> XpediteSetupError {
        XpediteSetupError(.registeredAfterMount(method))
    }

    /// `setConnection` was registered with ``ScreenEntries``, which the entry screen would drop:
    /// put `title` and `background` on the screen itself, or in ``XpediteConfiguration/screen``.
    public static var connectScreenEntries: XpediteSetupError { XpediteSetupError(.connectScreenEntries) }

    /// `method` answers table rows but was registered with ``ScreenEntries``, which only screens
    /// carry.
    public static func tableScreenEntries(_ method: String) -> XpediteSetupError {
        XpediteSetupError(.tableScreenEntries(method))
    }

    /// `setConnection` was registered with a handler that answers rows; the entry screen is a screen.
    public static var connectNotScreen: XpediteSetupError { XpediteSetupError(.connectNotScreen) }

    /// `setConnection` was registered inside a guarded group; the entry screen of a new session
    /// runs before anyone could pass a guard.
    public static var guardedConnect: XpediteSetupError { XpediteSetupError(.guardedConnect) }

    public var description: String {
        switch kind {
        case .navigationWithoutID:
            "a navigation registered for stub expansion needs an id"
        case .navigationWithoutImplementation(let id):
            "the navigation \"\(id)\" registered for stub expansion needs an implementation"
        case .duplicateMethod(let method):
            "\"\(method)\" is registered twice; the second registration would replace the first"
        case .duplicateNavigation(let id):
            "the navigation \"\(id)\" is registered twice; the second would replace the first"
        case .duplicateConnect:
            "the entry screen (onConnect or \"setConnection\") is registered twice"
        case .registeredAfterMount(let method):
            "\"\(method)\" was registered after the app was mounted; the running endpoint does not serve it"
        case .connectScreenEntries:
            "\"setConnection\" takes no ScreenEntries; put them on the screen or in XpediteConfiguration.screen"
        case .tableScreenEntries(let method):
            "\"\(method)\" answers table rows, which take no ScreenEntries"
        case .connectNotScreen:
            "\"setConnection\" must answer with a screen, not with rows"
        case .guardedConnect:
            "\"setConnection\" cannot be registered in a guarded group"
        }
    }
}
