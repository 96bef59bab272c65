import XpediteProtocol

/// Something the user did, addressed by the component's index path — the same
/// `LayoutNode.indexPath` the frame tree gives a renderer (`[2, 0]` is
/// `components[2].components[0]`), so a tapped view maps straight back to an action.
public enum ClientAction: Sendable, Hashable {
    /// A button tap (§3.4); captured input goes along when its method says `formdata:true`.
    case press(button: [Int])
    /// A form's Save (§3.5.1): always sends `formdata.{formId}`.
    case save(form: [Int])
    /// A form's Cancel (§3.5.2).
    case cancel(form: [Int])
    /// The return key in a field (§3.9): a focus move, or (old dialect) a method call.
    case returnKey(field: [Int])
    /// A tap on the `row`-th loaded row (0-based) of a table (§3.6).
    case tapRow(table: [Int], row: Int)
    /// A tap on entry `entry` of a navigation menu (§3.8): an index into its `components`, or
    /// into ``ScreenState/menus`` for an old dynamic menu.
    case menuEntry(navigation: [Int], entry: Int)
    /// The bar button of a `button` navigation with exactly one entry (§3.8).
    case barButton(navigation: [Int])
    /// Scrolling near a table's end: the next batch (§3.7.4).
    case loadMore(table: [Int])
    /// Pull-to-refresh: the rows go and `offset 0` is requested again (§3.7.4).
    case refresh(table: [Int])
    /// The renderer edited an input (§6.4); nothing is sent.
    case setValue(field: [Int], FieldValue)
    /// The user dismissed the alerts.
    case dismissAlerts
}
