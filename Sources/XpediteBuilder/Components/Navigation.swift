import XpediteProtocol

/// `navigation`: a slide-in panel or a bar-button menu
/// (docs/protocol/components/navigation.md#navigation). It belongs to the screen, never to a
/// container, so it conforms to ``ScreenContent`` only: it can be written at the top level of a
/// ``Screen`` and nowhere else.
///
/// A navigation always has a ``Presentation`` (its `implementation`), or is a cache stub that
/// reuses a definition sent earlier under the same id (docs/protocol/menus.md#a-menu-cached-by-id).
///
/// ```swift
/// Navigation.menu(id: "main", .slideFrom(.left, shade: 40)) {
///     MenuHeader("Main")
///     MenuEntry("Customers", .call("listCustomers"), icon: "logo")
///     MenuSeparator()
///     MenuEntry("Logout", .call("logout"))
/// }
/// Navigation.menu(.barButton(.right, icon: "plus")) {
///     MenuEntry(.call("addCustomer"))
/// }
/// Navigation.stub(id: "main")
/// ```
public struct Navigation: ScreenContent, Hashable {
    /// The screen edge a panel slides from, or the side of the bar a button sits on.
    public typealias Edge = Component.Navigation.Implementation.Position

    /// How the menu is presented: the `implementation` dict, with the effects that belong to it.
    public struct Presentation: Sendable, Hashable {
        var implementation: Component.Navigation.Implementation
        var effects: Component.Navigation.Effects?

        /// A panel revealed by an edge swipe from `edge` (`style: "slidefrom"`); a bar button at
        /// the same edge also toggles it.
        ///
        /// - Parameters:
        ///   - edge: the screen edge the panel slides in from.
        ///   - shade: the opacity (0–100) of the overlay behind the open panel (`effects.shade%`).
        ///   - icon: an SF Symbol for the bar button (`line.3.horizontal` when neither is given).
        ///   - image: a preloaded image id for the bar button; wins over `icon`.
        public static func slideFrom(_ edge: Edge, shade: Double? = nil, icon: String? = nil,
                                     image: String? = nil) -> Presentation {
            Presentation(implementation: .init(style: .slidefrom, position: edge, icon: icon, image: image),
                         effects: shade.map { Component.Navigation.Effects(shadePercent: $0) })
        }

        /// A bar button on the `side` of the navigation bar (`style: "button"`): one entry is
        /// called directly, several open a drop-down menu.
        ///
        /// - Parameters:
        ///   - side: the side of the navigation bar the button sits on.
        ///   - icon: an SF Symbol, e.g. `plus` or `ellipsis.circle`.
        ///   - image: a preloaded image id; wins over `icon`.
        public static func barButton(_ side: Edge, icon: String? = nil, image: String? = nil) -> Presentation {
            Presentation(implementation: .init(style: .button, position: side, icon: icon, image: image), effects: nil)
        }
    }

    var wire: Component.Navigation

    private init(_ wire: Component.Navigation) {
        self.wire = wire
    }

    /// A menu.
    ///
    /// - Parameters:
    ///   - id: the cache key: the phone stores the definition, and later screens may send
    ///     ``stub(id:)`` instead.
    ///   - presentation: a slide-in panel (the default, from the left) or a bar button.
    ///   - entries: the menu's entries, headers and separators.
    public static func menu(id: String? = nil, _ presentation: Presentation = .slideFrom(.left),
                            @MenuBuilder entries: () -> [Component.MenuEntry]) -> Navigation {
        Navigation(Component.Navigation(id: id, implementation: presentation.implementation,
                                        components: entries().map(Component.menuEntry),
                                        effects: presentation.effects))
    }

    /// A cache stub `{"type": "navigation", "id": id}`: the phone reuses the menu it stored
    /// under `id` (docs/protocol/menus.md#a-menu-cached-by-id).
    public static func stub(id: String) -> Navigation {
        Navigation(Component.Navigation(id: id))
    }

    /// The cache key.
    public var id: String? { wire.id }

    /// Whether this is a cache stub.
    public var isStub: Bool { wire.isStub }

    /// The protocol value, e.g. to register a menu definition with a server that expands stubs
    /// (docs/protocol/menus.md#a-menu-cached-by-id).
    public var definition: Component.Navigation { wire }

    /// The protocol value.
    public var component: Component { .navigation(wire) }

    public func makeComponents() -> [Component] { [component] }
}
