import XpediteLayout
import XpediteProtocol

/// Everything a renderer needs to draw the phone at one moment: a value, delivered through
/// ``XpediteClient/states`` after every change. Components are addressed by the index paths of
/// the frame tree (`LayoutNode.indexPath`).
public struct ScreenState: Sendable, Hashable {
    /// Counts the states delivered; a renderer may skip a state whose revision it has drawn.
    public var revision: Int = 0
    /// The screen on display, normalised to the new dialect, with broken components dropped
    /// and navigation stubs expanded from the cache; `nil` before the first screen.
    public var packet: ResponsePacket?
    /// The frames of ``packet`` for the current bounds.
    public var frames: FrameTree?
    /// Alerts to show: non-zero `rc`, connection failures, protocol errors.
    public var alerts: [ClientAlert] = []
    /// Whether a screen request is in flight (the renderer blocks interaction,
    /// docs/protocol/packets.md#transport).
    public var isLoading: Bool = false
    /// Whether the screen was served from the page cache because the server is unreachable
    /// (docs/protocol/caching.md#offline-fallback).
    public var isOffline: Bool = false
    /// What lenient decoding found in the screen's answer (warnings, repaired and dropped
    /// errors), with their JSON paths, plus the client's own component errors.
    public var issues: [ValidationIssue] = []
    /// The components left out of the screen, by path in the answer.
    public var droppedComponents: [JSONPath] = []
    /// The rows loaded per table, by the table's index path.
    public var tables: [[Int]: TableRows] = [:]
    /// The value of every input, by index path (docs/protocol/values.md#input-values).
    public var values: [[Int]: FieldValue] = [:]
    /// The entries of old dynamic navigation menus (docs/protocol/menus.md#old-dialect-menus), by
    /// the navigation's index path.
    public var menus: [[Int]: [Component.MenuEntry]] = [:]
    /// The HTML of old dynamic web views (docs/protocol/menus.md#old-dialect-menus), by index path.
    public var webContent: [[Int]: String] = [:]
    /// The input that has the focus.
    public var focusedField: [Int]?
    /// The sizes of the images available, by image id and by URL.
    public var imageSizes: [String: ImageSize] = [:]
    /// The `setDefaults` in effect (docs/protocol/packets.md#setdefaults).
    public var defaults = Defaults()
    /// The client's own findings about this screen: a navigation stub with no cached
    /// definition, a form saved without an `id`, an image that failed, a cache that failed.
    public var diagnostics: [String] = []

    /// Creates an empty state.
    public init() {}

    /// The component at `indexPath` of the current screen.
    public func component(at indexPath: [Int]) -> Component? {
        packet.flatMap { ComponentTree.component(at: indexPath, in: $0.components) }
    }

    /// The entries of the navigation at `indexPath`: its `menuEntry` components, or the loaded
    /// entries of an old dynamic menu.
    public func menuEntries(ofNavigation indexPath: [Int]) -> [Component.MenuEntry] {
        if let loaded = menus[indexPath] { return loaded }
        guard case .navigation(let navigation)? = component(at: indexPath) else { return [] }
        return (navigation.components ?? []).compactMap {
            if case .menuEntry(let entry) = $0 { return entry }
            return nil
        }
    }

    /// Calls `body` for every component of the screen with its index path and the index path of
    /// its form.
    public func forEachComponent(_ body: (Component, [Int], [Int]?) -> Void) {
        guard let packet else { return }
        ComponentTree.forEach(packet.components, body)
    }
}
