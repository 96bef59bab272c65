import XpediteProtocol

/// Something the user did, addressed by the component's index path — the same
/// `LayoutNode.indexPath` the frame tree gives a renderer (`[2, 0]` is
/// `components[2].components[0]`), so a tapped view maps straight back to an action.
public enum ClientAction: Sendable, Hashable {
    /// A button tap (docs/protocol/components/display.md#button); captured input goes along when
    /// its method says `formdata:true`.
    case press(button: [Int])
    /// A form's Save (docs/protocol/forms.md#save): always sends `formdata.{formId}`.
    case save(form: [Int])
    /// A form's Cancel (docs/protocol/forms.md#cancel).
    case cancel(form: [Int])
    /// The return key in a field (docs/protocol/forms.md#focus-and-the-return-key): a focus move,
    /// or (old dialect) a method call.
    case returnKey(field: [Int])
    /// A tap on the `row`-th loaded row (0-based) of a table (docs/protocol/tables.md#row-taps).
    case tapRow(table: [Int], row: Int)
    /// A tap on entry `entry` of a navigation menu (docs/protocol/menus.md#what-a-tap-does): an
    /// index into its `components`, or into ``ScreenState/menus`` for an old dynamic menu.
    case menuEntry(navigation: [Int], entry: Int)
    /// The bar button of a `button` navigation with exactly one entry
    /// (docs/protocol/menus.md#what-a-tap-does).
    case barButton(navigation: [Int])
    /// Scrolling near a table's end: the next batch (docs/protocol/tables.md#paging-on-the-phone).
    case loadMore(table: [Int])
    /// Pull-to-refresh: the rows go and `offset 0` is requested again
    /// (docs/protocol/tables.md#paging-on-the-phone).
    case refresh(table: [Int])
    /// The renderer edited an input (docs/protocol/values.md#input-values); nothing is sent.
    case setValue(field: [Int], FieldValue)
    /// The user dismissed the alerts.
    case dismissAlerts
}
