"""The web renderer draws the simulator's DOM: for every state of Tests/Fixtures/web-states, the
elements the web renderer makes (Tests/Web/harness) and those the simulator's server-side
renderer sends for the same screen (`xpedite preview` on the stand-in server, the fidelity
suite's phone) are the same tree: tags, classes, `data-*` attributes, styles and texts.

Only image addresses (the simulator's image route against the harness's), the revision counter
and the page's own image marks (`x-loaded`, `x-broken`, set when an image arrives) are left out,
and what the web renderer adds for accessibility (issue 30, docs/accessibility.md): ARIA roles and
states, tab stops, label links, images' `alt`, the visually hidden heading, landmark and label elements (compared
as the elements they replace), colours the contrast rule changed (compared as the server's), and
the order of the screen's and a form's children (each is placed by its own frame).
Two differences of the states, not of the renderers, are bridged: the simulator is a debug client
whose component-error alert `xpedite client` does not raise (the state is given the simulator's
alert), and a table without `cell` shows "each row's first field", which the Swift engine takes
from Foundation's unordered dictionary and the states from canonical (sorted) JSON (those cells'
texts are not compared). This file goes with the server-side renderer (issue 26, step 5).
"""
import pytest

from fidelity import DEVICES, VALID, load
from test_web_renderer import Page, STATE_FILES, load_state
from web_states import cases, state_path

# The screen's DOM as nested lists: [tag, {attribute: value}, children…], texts as strings.
SERIALIZE = r"""
// What the web renderer adds for accessibility (docs/accessibility.md) and the Swift renderer does
// not have is left out on both sides: ARIA roles and states, tab stops, `inert` behind a modal,
// label links and their ids,
// images' alt (decoration in the web renderer),
// the visually hidden heading; a landmark or label element compares as the element it replaces,
// a colour the contrast rule changed as the server's, and the children of the screen and of a
// form in any order (Tab order moved the bar buttons and a form's footer; every one is placed by
// its own frame).
const TAGS = {h1: "span", h2: "span", main: "div"};
function tagOf(node) {
  const tag = node.tagName.toLowerCase();
  if (tag === "label" && node.classList.contains("x-field-title")) return "div";
  if (tag === "label" && (node.classList.contains("x-floating-title") || node.classList.contains("x-inline-title"))) return "span";
  return TAGS[tag] || tag;
}
function walk(node) {
  if (node.nodeType === Node.TEXT_NODE) return node.nodeValue;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  if (node.classList.contains("x-visually-hidden")) return null;
  const attributes = {};
  for (const attribute of Array.from(node.attributes)) {
    const name = attribute.name;
    if (name === "src" || name === "data-revision" || name === "data-contrast") continue;
    if (name === "role" || name.startsWith("aria-") || name === "tabindex" || name === "for" || name === "data-dialog-focus" || name === "inert") continue;
    if (name === "alt" && node.tagName === "IMG") continue;
    if (name === "id" && attribute.value.startsWith("xa-")) continue;
    let value = attribute.value;
    if (name === "class") value = value.split(/\s+/).filter(c => c && c !== "x-loaded" && c !== "x-broken").join(" ");
    if (name === "style" && node.hasAttribute("data-contrast")) value = node.getAttribute("data-contrast");
    if (name === "style" && value === "") continue;
    attributes[name] = value;
  }
  let children = Array.from(node.childNodes).map(walk).filter(child => child !== null && child !== "");
  if (node.matches(".x-screen, .x-inline, .x-dialog")) {
    children = children.map(c => [JSON.stringify(c), c]).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(p => p[1]);
  }
  return [tagOf(node), attributes, ...children];
}
return Array.from(document.getElementById("screen").childNodes).map(walk).filter(child => child !== null && child !== "");
"""
# The component-error alert of the simulator's debug client, as state alerts.
COMPONENT_ALERTS = r"""
return Array.from(document.querySelectorAll('#screen .x-alert-message[data-kind="components"]'))
  .map(p => ({kind: "components", message: p.textContent}));
"""
CASES = [(name, device) for name, device in cases() if state_path(name, device).name in STATE_FILES]


@pytest.fixture(scope="module")
def page():
    harness = Page()
    yield harness
    harness.quit()


def components(packet):
    def walk(items):
        for item in items or []:
            yield item
            yield from walk(item.get("components"))
    return list(walk(packet.get("components")))


def without_cell_texts(tree):
    """The tree with the texts of table cells left out."""
    if not isinstance(tree, list):
        return tree
    if tree[0] == "span" and tree[1].get("class") == "x-cell-text":
        return tree[:2]
    return tree[:2] + [without_cell_texts(child) for child in tree[2:]]


def first_difference(web, simulator, where="#screen"):
    """Where two serialised trees first differ, as a readable line; None when they agree."""
    if isinstance(web, str) or isinstance(simulator, str):
        return None if web == simulator else f"{where}: text {web!r} where the simulator has {simulator!r}"
    if not isinstance(web, list) or not isinstance(simulator, list):
        return f"{where}: {web!r} where the simulator has {simulator!r}"
    if web[0] != simulator[0]:
        return f"{where}: <{web[0]}> where the simulator has <{simulator[0]}>"
    here = f"{where} > {web[0]}" + (f".{web[1]['class'].replace(' ', '.')}" if web[1].get("class") else "")
    if web[1] != simulator[1]:
        keys = sorted(set(web[1]) | set(simulator[1]))
        changed = [f"{key}={web[1].get(key)!r} (simulator {simulator[1].get(key)!r})" for key in keys
                   if web[1].get(key) != simulator[1].get(key)]
        return f"{here}: " + ", ".join(changed)
    for index, (a, b) in enumerate(zip(web[2:], simulator[2:])):
        difference = first_difference(a, b, f"{here}[{index}]")
        if difference:
            return difference
    if len(web) != len(simulator):
        return f"{here}: {len(web) - 2} children where the simulator has {len(simulator) - 2}"
    return None


@pytest.mark.parametrize("name,device", CASES, ids=[f"{device}-{name}" for name, device in CASES])
def test_the_web_renderer_draws_the_simulators_dom(page, phone, name, device):
    phone.show(load(VALID / name), device)
    simulator = phone.driver.execute_script(SERIALIZE)
    state = load_state(state_path(name, device).name)
    if not state["alerts"]:
        state["alerts"] = phone.driver.execute_script(COMPONENT_ALERTS)
    page.show(state)
    web, simulator = ["div", {}, *page.script(SERIALIZE)], ["div", {}, *simulator]
    if any(component.get("type") == "table" and not component.get("cell") for component in components(state["packet"])):
        web, simulator = without_cell_texts(web), without_cell_texts(simulator)
    difference = first_difference(web, simulator)
    assert difference is None, f"{name} on {device} ({DEVICES[device][0]}×{DEVICES[device][1]}): {difference}"
