"""The web renderer's accessibility (docs/accessibility.md), in real Chromium through the harness
of test_web_renderer.py:

- axe-core finds no critical or serious violation (WCAG 2.1 A and AA, and best practices) on any
  state of Tests/Fixtures/web-states, in light and dark, nor with an alert, an open menu, a
  dialog form, or offline;
- every control is named by the protocol's text (a field's title is its label);
- on every screen (the iPhone 16 states), the keyboard reaches every action with Tab in the order
  the screen shows them and back with Shift-Tab; Enter and Space act; Escape closes a menu, an alert or a dialog and gives the focus
  back; Tab stays inside a dialog;
- after a new screen the focus is on its heading (or the protocol's `focus` field), never on the
  page's body.

Needs no Swift build.
"""
import copy
import json

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from accessibility import audit, describe, failing
from conftest import ROOT
from test_web_renderer import STATE_FILES, Page, load_state, state_of

APPEARANCES = ["light", "dark"]
ACTIVE = r"""
const a = document.activeElement;
if (!a || a === document.body) return {tag: "body"};
return {tag: a.tagName.toLowerCase(), text: (a.textContent || "").trim(), path: a.dataset.path || null,
        action: a.dataset.action || null, row: a.dataset.row || null, entry: a.dataset.entry || null,
        inScreen: !!a.closest('#screen'),
        key: a.dataset.path + "|" + (a.dataset.action || a.dataset.toggle || a.tagName) + "|" + (a.dataset.row || a.dataset.entry || (a.type === 'radio' ? '' : a.value) || "")};
"""
# The elements a keyboard user must reach: every control that acts or takes input, visible.
ACTIONS = r"""
const screen = document.getElementById('screen');
// A web view's frame is left out: whether Tab stops on it or in its page is the browser's and the page's.
const list = Array.from(screen.querySelectorAll('button, input, select, textarea, [tabindex="0"]'))
  .filter(e => !e.disabled && !e.closest('[inert]') && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden');
// One stop per radio group (the browser's arrows move within it).
const seen = new Set();
return list.filter(e => {
  if (e.type !== 'radio') return true;
  if (seen.has(e.name)) return false;
  seen.add(e.name); return true;
}).map(e => e.dataset.path + "|" + (e.dataset.action || e.dataset.toggle || e.tagName) + "|" + (e.dataset.row || e.dataset.entry || (e.type === 'radio' ? '' : e.value) || ""));
"""


@pytest.fixture(scope="module")
def page():
    harness = Page()
    yield harness
    harness.quit()


def assert_clean(page, where):
    bad = failing(audit(page.driver))
    assert not bad, f"{where}: {len(bad)} critical or serious violation(s):\n{describe(bad)}"


def audit_both(page, where):
    try:
        for appearance in APPEARANCES:
            page.script("window.harness.setAppearance(arguments[0])", appearance)
            assert_clean(page, f"{where} ({appearance})")
    finally:
        page.script("window.harness.setAppearance('light')")


def dialog_state(page):
    """The documents' dialog form (Tests/Fixtures/protocol/form-dialog.json) laid out by the web
    layout on an iPhone 16: no state of the fixtures has one."""
    packet = json.loads((ROOT / "Tests" / "Fixtures" / "protocol" / "form-dialog.json").read_text())
    page.reload()
    frames = page.script("return window.harness.layout(arguments[0], '(0, 0, 393, 852)')", packet)
    return {"packet": packet, "frames": frames, "tables": {}, "values": {}, "alerts": [], "offline": False, "loading": False}


def key(page, *keys):
    """Presses keys; Shift first holds it down for the rest."""
    chain = ActionChains(page.driver)
    if keys and keys[0] == Keys.SHIFT:
        chain.key_down(Keys.SHIFT).send_keys(*keys[1:]).key_up(Keys.SHIFT)
    else:
        chain.send_keys(*keys)
    chain.perform()


def active(page):
    return page.script(ACTIVE)


# axe-core over every state.

@pytest.mark.parametrize("name", STATE_FILES)
def test_axe_finds_no_critical_or_serious_violation(page, name):
    page.show(load_state(name))
    audit_both(page, name)


def test_axe_with_an_alert_an_open_menu_a_dialog_and_offline(page):
    state = state_of("doc-new-navigation-table.json")
    alerted = copy.deepcopy(state)
    alerted["alerts"] = [{"kind": "rc", "rc": "1", "message": "The customer could not be saved."}]
    page.show(alerted)
    audit_both(page, "an alert")
    page.show(state)
    page.find(".x-bar-button[data-toggle]").click()
    audit_both(page, "an open menu")
    offline = copy.deepcopy(state)
    offline["offline"] = True
    page.show(offline)
    audit_both(page, "offline")
    page.show(dialog_state(page))
    audit_both(page, "a dialog form")


def test_a_disabled_select_stays_readable(page):
    """A disabled select keeps the text colour of its field (not the browser's faded grey): readable
    in both appearances."""
    state = state_of("n-form-select.json")
    disabled = copy.deepcopy(state)
    def walk(items):
        for item in items or []:
            if item.get("type") == "select":
                item["disabled"] = True
            walk(item.get("components"))
    walk(disabled["packet"]["components"])
    page.show(disabled)
    assert page.script("return document.querySelectorAll('#screen select:disabled').length") > 0
    # axe leaves disabled controls out: the ratio is measured here.
    for appearance in APPEARANCES:
        page.script("window.harness.setAppearance(arguments[0])", appearance)
        ratio = page.script("""
const m = await import('/Sources/XpediteWebApp/Resources/web/js/render/contrast.js');
const s = document.querySelector('#screen select:disabled'), cs = getComputedStyle(s);
const background = m.parseColour(cs.backgroundColor);
return m.contrastRatio(m.composite(m.parseColour(cs.color), background), background);""")
        assert ratio >= 4.5, f"{appearance}: {ratio:.2f}"
    page.script("window.harness.setAppearance('light')")


def test_the_audit_fails_on_a_violation(page):
    """The helper is no test that cannot fail: an unnamed input and grey on grey are found."""
    page.show(state_of("doc-new-form.json"))
    page.script("""
const i = document.createElement('input'); document.body.appendChild(i);
const p = document.createElement('p'); p.textContent = 'faint'; p.style.color = '#aaaaaa'; p.style.background = '#bbbbbb'; document.body.appendChild(p);
""")
    rules = {violation["id"] for violation in failing(audit(page.driver))}
    assert {"label", "color-contrast"} <= rules


# Names.

def test_controls_are_named_by_the_protocols_texts(page):
    state = state_of("doc-new-form.json")
    page.show(state)
    fields = {}
    def walk(items, prefix):
        for index, item in enumerate(items or []):
            path = prefix + [index]
            if item.get("title") and item.get("type") in ("textbox", "password", "textview", "date", "select", "checkbox"):
                fields[".".join(map(str, path))] = item["title"]
            walk(item.get("components"), path)
    walk(state["packet"]["components"], [])
    assert fields
    for path, title in fields.items():
        element = page.find(f'[data-action="set"][data-path="{path}"]')
        assert element.accessible_name == title, f"the field at {path}"
    radio = page.driver.find_elements(By.CSS_SELECTOR, '#screen [role="radiogroup"]')
    assert radio and all(group.accessible_name for group in radio)
    assert page.find(".x-form-save").accessible_name == "Save"
    assert page.script("return document.querySelectorAll('#screen main').length") == 1
    assert page.script("return Array.from(document.querySelectorAll('#screen h1')).map(h => h.textContent)") == [state["packet"]["title"]]


def test_a_screen_without_a_title_bar_has_a_hidden_heading(page):
    state = state_of("n-focus.json")
    page.show(state)
    headings = page.script("return Array.from(document.querySelectorAll('#screen h1')).map(h => [h.textContent, h.getBoundingClientRect().width])")
    assert len(headings) == 1 and headings[0][1] <= 1
    assert page.find('[data-action="set"]').accessible_name == "search", "a field with only a name is named by it"


def test_icon_only_buttons_and_images(page):
    page.show(state_of("doc-new-navigation-table.json"))
    toggle = page.find(".x-bar-button[data-toggle]")
    assert toggle.accessible_name in ("menu", "actions")
    page.show(state_of("n-component-image-1.json"))
    alts = page.script("return Array.from(document.querySelectorAll('#screen .x-image img')).map(i => i.getAttribute('alt'))")
    assert alts and all(alt == "" for alt in alts), "an image without text is decoration"


# Keyboard.

def tab_through(page, keys, limit=60):
    """The elements `keys` (Tab, or Shift-Tab) reach one after the other until the focus leaves the
    screen or comes back to the first; a control the browser gives several stops (a date's day,
    month and year) counts once."""
    reached = []
    for _ in range(limit):
        key(page, *keys)
        now = active(page)
        if not now.get("inScreen") or (reached and now["key"] == reached[0] and len(reached) > 1):
            break
        if now["tag"] == "iframe":  # a web view's page (see ACTIONS)
            continue
        if not reached or reached[-1] != now["key"]:
            reached.append(now["key"])
    return reached


KEYBOARD_STATES = [name for name in STATE_FILES if name.endswith(".iphone-16.json")]


@pytest.mark.parametrize("name", KEYBOARD_STATES)
def test_tab_reaches_every_action_in_order_and_shift_tab_goes_back(page, name):
    page.show(load_state(name))
    assert active(page)["tag"] in ("h1", "input", "textarea", "button"), "the new screen's focus"
    expected = page.script(ACTIONS)
    # Two buttons of the page around the screen, where each walk starts and ends.
    page.script("""
for (const [id, first] of [['before-screen', true], ['after-screen', false]]) {
  const b = document.createElement('button'); b.id = id; b.textContent = id;
  if (first) document.body.prepend(b); else document.body.append(b);
}
document.getElementById('before-screen').focus();""")
    reached = tab_through(page, [Keys.TAB])
    assert reached == expected, f"Tab order {reached} where the screen shows {expected}"
    tops = page.script("""
return arguments[0].map(k => { const [path, action] = k.split('|');
  const e = Array.from(document.querySelectorAll('#screen [data-path="' + path + '"]')).find(x => (x.dataset.action || x.dataset.toggle || x.tagName) === action);
  return e ? Math.round(e.getBoundingClientRect().top) : null; });""", reached)
    # Top to bottom (a row of buttons may share a top; a password's eye has no path of its own).
    tops = [top for top in tops if top is not None]
    assert tops == sorted(tops), f"Tab goes down the screen: {tops}"
    # Shift-Tab from past the last goes back through the same stops, the other way round.
    page.script("document.getElementById('after-screen').focus()")
    back = tab_through(page, [Keys.SHIFT, Keys.TAB])
    assert back == list(reversed(reached)), f"Shift-Tab order {back}"


def test_enter_and_space_act(page):
    page.show(state_of("n-table-clickrow.json"))
    row = page.find('.x-row[data-action="row"]')
    page.script("arguments[0].focus()", row)
    key(page, Keys.ENTER)
    key(page, " ")
    path = row.get_attribute("data-path")
    assert page.sent() == [{"action": "row", "path": path, "row": 0}] * 2
    page.clear_sent()
    page.show(state_of("n-component-button.json"))
    button = page.find('.x-button[data-action="press"]')
    page.script("arguments[0].focus()", button)
    key(page, " ")
    key(page, Keys.ENTER)
    assert page.sent() == [{"action": "press", "path": button.get_attribute("data-path")}] * 2


def test_a_menu_opens_announces_and_closes_with_escape(page):
    page.show(state_of("doc-new-navigation-table.json"))
    toggle = page.find(".x-bar-button[data-toggle]")
    menu_id = toggle.get_attribute("data-toggle")
    assert toggle.get_attribute("aria-expanded") == "false"
    page.script("arguments[0].focus()", toggle)
    key(page, Keys.ENTER)
    assert toggle.get_attribute("aria-expanded") == "true"
    now = active(page)
    assert now["action"] == "menu", f"the focus is on the first entry, not {now}"
    key(page, Keys.ESCAPE)
    assert "x-open" not in page.find("#" + menu_id).get_attribute("class")
    assert toggle.get_attribute("aria-expanded") == "false"
    assert page.script("return document.activeElement") == toggle, "the focus is back on the bar button"
    assert page.sent() == []


def test_an_alert_takes_the_focus_traps_it_and_gives_it_back(page):
    state = state_of("doc-new-form.json")
    page.show(state)
    field = page.find('input[data-action="set"]')
    page.script("arguments[0].focus()", field)
    alerted = copy.deepcopy(state)
    alerted["alerts"] = [{"kind": "rc", "rc": "1", "message": "Name is required"}]
    page.render(alerted)
    assert page.script("return document.activeElement.classList.contains('x-alert-ok')")
    assert page.find(".x-alert").get_attribute("role") == "alertdialog"
    assert page.find(".x-alert").accessible_name == "Name is required"
    assert page.script("return document.querySelector('#screen .x-content').inert"), "the screen behind it is inert"
    key(page, Keys.TAB)
    assert page.script("return document.activeElement.classList.contains('x-alert-ok')"), "Tab stays in the alert"
    key(page, Keys.ESCAPE)
    assert page.sent() == [{"action": "dismiss"}]
    page.render(state)
    assert page.script("return document.activeElement.dataset.path") == field.get_attribute("data-path"), "the focus is back"


def test_a_dialog_form_is_modal_and_escape_cancels_it(page):
    state = dialog_state(page)
    page.render(state)
    dialog = page.find(".x-dialog")
    assert dialog.get_attribute("role") == "dialog" and dialog.get_attribute("aria-modal") == "true"
    assert dialog.accessible_name == "Quick add"
    assert page.script("return document.querySelector('#screen .x-content').inert"), "the screen behind it is inert"
    assert page.script("return !!document.activeElement.closest('.x-dialog')"), "the focus is in the dialog"
    inside = []
    for _ in range(6):
        key(page, Keys.TAB)
        inside.append(page.script("return !!document.activeElement.closest('.x-dialog')"))
    assert all(inside), "Tab stays in the dialog"
    key(page, Keys.ESCAPE)
    path = dialog.get_attribute("data-path")
    assert page.sent() == [{"action": "cancel", "path": path}]


# Focus after a new screen.

def test_a_new_screen_puts_the_focus_on_its_heading_never_the_body(page):
    page.show(state_of("doc-new-form.json"))
    page.find(".x-form-save").click()
    page.clear_sent()
    page.render(state_of("doc-new-navigation-table.json"))
    now = active(page)
    assert now["tag"] == "h1" and now["inScreen"], f"the focus is on {now}"
    assert now["text"] == state_of("doc-new-navigation-table.json")["packet"]["title"]
    # With the protocol's `focus`, the field has it.
    focus = state_of("n-focus.json")
    page.render(focus)
    assert page.script("return document.activeElement.dataset.path") == focus["focus"]
    # From the page's body (after a reload), too.
    page.show(state_of("o-component-label.json"))
    assert active(page)["tag"] == "h1"


def test_a_focused_control_draws_a_visible_ring(page):
    page.show(state_of("doc-new-form.json"))
    key(page, Keys.TAB)
    ring = page.script("const s = getComputedStyle(document.activeElement); return [s.outlineStyle, s.outlineWidth]")
    assert ring[0] == "solid" and ring[1] != "0px"
