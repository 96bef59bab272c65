/// <reference path="../engine/node.d.ts" />
// Unit tests of the web renderer's pure parts (no DOM): the description renderScreen builds from
// a state, and the style builder that keeps packet text out of declarations. The browser tests
// (Tests/Browser/test_web_renderer.py) draw it in Chromium.

import assert from "node:assert/strict";
import { test } from "node:test";

import { layoutScreen } from "../../../Sources/XpediteWebApp/Resources/web/js/layout/layout.js";
import { takeFarChildren } from "../../../Sources/XpediteWebApp/Resources/web/js/render/far-components.js";
import { defaultImageSource } from "../../../Sources/XpediteWebApp/Resources/web/js/render/image-source.js";
import { layoutRowHeight } from "../../../Sources/XpediteWebApp/Resources/web/js/render/row-height.js";
import { renderScreen } from "../../../Sources/XpediteWebApp/Resources/web/js/render/screen-renderer.js";
import { CSSStyle, colourHex, cssNumber } from "../../../Sources/XpediteWebApp/Resources/web/js/render/style.js";
import { glyph, knownGlyph } from "../../../Sources/XpediteWebApp/Resources/web/js/render/symbols.js";
import { cellText } from "../../../Sources/XpediteWebApp/Resources/web/js/render/table.js";
import { makeFrame, WEB_FRAME } from "../../../Sources/XpediteWebApp/Resources/web/js/render/web-frame.js";

/** @typedef {import("../../../Sources/XpediteWebApp/Resources/web/js/render/vnode.js").VNode} VNode */

const PAYLOAD = '<img src=x onerror="window.pwned=1">';

/**
 * The description of a packet laid out on an iPhone 16.
 * @param {Record<string, any>} packet
 * @param {Record<string, any>} [extra] more members of the state
 * @returns {VNode}
 */
function draw(packet, extra = {}) {
  const frames = /** @type {any} */ (layoutScreen(packet, "(0, 0, 393, 852)"));
  const state = { packet, frames, tables: {}, values: {}, alerts: [], offline: false, loading: false, ...extra };
  return renderScreen({ state, imageSource: defaultImageSource, rowHeight: layoutRowHeight, openMenus: new Set() });
}

/**
 * Every element of a description, depth first.
 * @param {VNode} node
 * @returns {VNode[]}
 */
function elements(node) {
  return [node, ...node.children.flatMap((child) => (typeof child === "string" ? [] : elements(child)))];
}

/**
 * @param {VNode} node
 * @param {string} name
 */
const withClass = (node, name) => elements(node).filter((element) => (element.attrs.class ?? "").split(" ").includes(name));

test("every component is drawn at its frame with its path", () => {
  const packet = {
    rc: 0,
    title: "Screen",
    components: [
      { type: "label", text: "Hello", size: { x: 10, y: 20, width: 200, height: 30 } },
      { type: "button", text: "Go", method: { function: "go" }, style: "button" },
    ],
  };
  const tree = draw(packet);
  const [label] = withClass(tree, "x-label");
  assert.equal(label.attrs["data-path"], "0");
  assert.equal(label.attrs.style, "left:10px;top:20px;width:200px;height:30px");
  assert.deepEqual(label.children, ["Hello"]);
  const [button] = withClass(tree, "x-button");
  assert.equal(button.attrs["data-action"], "press");
  assert.ok(button.attrs.class.includes("x-bordered"));
  assert.deepEqual(withClass(tree, "x-title")[0].children, ["Screen"]);
});

test("payload text stays a text child, never markup", () => {
  const packet = {
    rc: 0,
    title: PAYLOAD,
    components: [
      { type: "label", text: PAYLOAD },
      { type: "table", cell: [{ field: "name" }], data: [{ name: PAYLOAD }] },
    ],
  };
  const tree = draw(packet, { alerts: [{ kind: "rc", rc: PAYLOAD, message: PAYLOAD }] });
  assert.equal(elements(tree).filter((element) => element.tag === "img").length, 0);
  for (const name of ["x-label", "x-title", "x-cell-text", "x-alert-message"]) {
    assert.deepEqual(withClass(tree, name)[0].children, [PAYLOAD], name);
  }
});

test("a web view's HTML only goes into a web frame's srcdoc", () => {
  const tree = draw({ rc: 0, components: [{ type: "web", content: PAYLOAD }, { type: "web", web: "javascript:alert(1)" }] });
  assert.equal(elements(tree).filter((element) => element.tag === "iframe").length, 0, "frames are made by the web frame");
  const frames = elements(tree).filter((element) => element.tag === WEB_FRAME);
  assert.equal(frames.length, 1, "a URL that is not http(s) is not loaded");
  assert.deepEqual(frames[0].attrs, { srcdoc: PAYLOAD });
});

test("a web frame's iframe is always sandboxed, sends no referrer, and takes the frame's src or srcdoc", () => {
  /** @type {{name: string, attributes: Map<string, string>}[]} */
  const made = [];
  const frameAttributes = new Map([["srcdoc", PAYLOAD], ["sandbox", "allow-scripts"], ["class", "x"]]);
  const element = /** @type {HTMLElement} */ (/** @type {unknown} */ ({
    firstElementChild: null,
    getAttribute: (/** @type {string} */ name) => frameAttributes.get(name) ?? null,
    ownerDocument: {
      createElement: (/** @type {string} */ name) => {
        const attributes = new Map();
        made.push({ name, attributes });
        return { setAttribute: (/** @type {string} */ key, /** @type {string} */ value) => attributes.set(key, value) };
      },
    },
    appendChild: () => undefined,
  }));
  makeFrame(element);
  assert.equal(made.length, 1);
  assert.equal(made[0].name, "iframe");
  assert.deepEqual(Object.fromEntries(made[0].attributes), {
    sandbox: "",
    referrerpolicy: "no-referrer",
    title: "web content",
    srcdoc: PAYLOAD,
  });
});

test("styles take only numbers, colours and sanitised font names", () => {
  const style = new CSSStyle()
    .color("red;background:url(x)")
    .background("#abc")
    .fontSize("12px")
    .font("Evil';}body{display:none")
    .align("left;x:y");
  assert.equal(style.text, "background:#AABBCC;font-family:'Evilbodydisplaynone','Helvetica Neue',Helvetica,Arial,system-ui,sans-serif");
  assert.equal(new CSSStyle().font("footnote").text, "font-size:13px");
  assert.equal(new CSSStyle().fontSize(20).font("headline").text, "font-size:20px;font-weight:600");
  assert.equal(new CSSStyle().font("Georgia-Bold").text, "font-weight:600;font-family:'Georgia',ui-serif,Georgia,'Times New Roman',Times,serif");
  assert.equal(colourHex("#11223344"), "#11223344");
  assert.equal(colourHex("#112233ff"), "#112233");
  assert.equal(colourHex("blue"), null);
  assert.equal(cssNumber(1 / 3), "0.33");
  assert.equal(cssNumber(Number.NaN), "0");
});

test("symbols, their variants and unknown names", () => {
  assert.equal(knownGlyph("gear.circle.fill"), "⚙");
  assert.equal(knownGlyph("logo"), null);
  assert.equal(glyph("logo"), "◻︎");
});

test("cells show values as the engine does", () => {
  assert.equal(cellText("a"), "a");
  assert.equal(cellText(3), "3");
  assert.equal(cellText(2.5), "2.5");
  assert.equal(cellText(true), "true");
  assert.equal(cellText(null), "");
  assert.equal(cellText(undefined), "");
});

test("fields take the engine's values; selects list options in code-point order", () => {
  const packet = {
    rc: 0,
    components: [
      { type: "textbox", name: "a", title: "A" },
      { type: "checkbox", name: "b", title: "B" },
      { type: "select", name: "c", options: { z: "Zed", a: "Ay", B: "Bee" } },
    ],
  };
  const tree = draw(packet, { values: { 0: "typed", 1: "1", 2: "a" }, focus: "0" });
  const input = elements(tree).find((element) => element.tag === "input" && element.attrs["data-path"] === "0");
  assert.equal(input?.attrs.value, "typed");
  assert.equal(withClass(tree, "x-control")[0].attrs["data-focus"], "1");
  const checkbox = elements(tree).find((element) => element.attrs.type === "checkbox");
  assert.equal(checkbox?.attrs.checked, "");
  const options = elements(tree).filter((element) => element.tag === "option");
  assert.deepEqual(options.map((option) => option.attrs.value), ["B", "a", "z"]);
  assert.deepEqual(options.map((option) => "selected" in option.attrs), [false, true, false]);
});

test("a menu the person opened is drawn open, with the content shrunk by shrink%", () => {
  const packet = {
    rc: 0,
    components: [
      { type: "label", text: "x" },
      {
        type: "navigation",
        effects: { "shrink%": 10, "shade%": 40 },
        components: [{ type: "menuEntry", text: "Home", method: { function: "home" } }],
      },
    ],
  };
  const frames = /** @type {any} */ (layoutScreen(/** @type {any} */ (packet), "(0, 0, 393, 852)"));
  const state = { packet, frames, tables: {}, values: {}, alerts: [], offline: false, loading: false };
  const tree = renderScreen({ state, imageSource: defaultImageSource, rowHeight: layoutRowHeight, openMenus: new Set(["menu-1"]) });
  assert.ok(withClass(tree, "x-panel")[0].attrs.class.includes("x-open"));
  const [shade] = withClass(tree, "x-shade");
  assert.ok(shade.attrs.class.includes("x-open"));
  assert.equal(shade.attrs.style, "opacity:0.4");
  assert.equal(shade.attrs["data-shrink"], "0.9");
  assert.ok(withClass(tree, "x-content")[0].attrs.style?.endsWith("transform:scale(0.9)"));
});

test("a dynamic table asks for more only with rows in and no page in flight", () => {
  const packet = { rc: 0, components: [{ type: "table", cell: [{ field: "name" }], data: { dynamic: "rows" }, refresh: "Pull" }] };
  const rows = [{ name: "Alice" }, { name: "Bob" }];
  const body = (/** @type {Record<string, any>} */ tables) => withClass(draw(packet, { tables }), "x-tbody")[0];
  const more = body({ 0: { rows, hasMore: true } });
  assert.equal(more.attrs["data-more"], "1");
  assert.equal(more.attrs["data-refresh"], "1");
  assert.equal(withClass(more, "x-more").length, 1);
  const loading = body({ 0: { rows, hasMore: true, loading: true } });
  assert.equal(loading.attrs["data-more"], undefined);
  assert.deepEqual(withClass(loading, "x-more")[0].children, ["Loading…"]);
  const done = body({ 0: { rows, hasMore: false } });
  assert.equal(withClass(done, "x-more").length, 0);
  assert.equal(withClass(done, "x-row").length, 2);
  assert.equal(body({}).attrs["data-more"], undefined, "the engine asks for the first batch itself");
});

test("components more than a screen's height from the visible part are marked far", () => {
  // 40 labels of 100 pt: the content is 4000 pt tall on a screen of about 800.
  const components = Array.from({ length: 40 }, (_, i) => ({ type: "label", text: `Label ${i}`, size: { height: 100 } }));
  const packet = { rc: 0, title: "Long", components };
  const frames = /** @type {any} */ (layoutScreen(packet, "(0, 0, 393, 852)"));
  const height = frames.screen.frame.height;
  /** @param {number} [visibleTop] */
  const farPaths = (visibleTop) => {
    const state = { packet, frames, tables: {}, values: {}, alerts: [], offline: false, loading: false };
    const tree = renderScreen({ state, imageSource: defaultImageSource, rowHeight: layoutRowHeight, openMenus: new Set(), visibleTop });
    return new Set(withClass(tree, "x-far").map((node) => node.attrs["data-path"]));
  };
  /** @param {number} top */
  const expected = (top) =>
    new Set(
      frames.components
        .filter((/** @type {any} */ node) => node.frame.y >= top + 2 * height || node.frame.y + node.frame.height <= top - height)
        .map((/** @type {any} */ node) => node.indexPath.join(".")),
    );
  const atTop = farPaths();
  assert.ok(!atTop.has("0") && !atTop.has("10"), "the first screen and the next are drawn as they are");
  assert.ok(atTop.has("39"), "the last label is far");
  assert.deepEqual(atTop, expected(0));
  // Scrolled to the middle: what is above and below by more than a screen is far.
  const middle = farPaths(2000);
  assert.ok(middle.has("0") && middle.has("39") && !middle.has("20"));
  assert.deepEqual(middle, expected(2000));
  // A far component keeps its other classes.
  const state = { packet, frames, tables: {}, values: {}, alerts: [], offline: false, loading: false };
  const tree = renderScreen({ state, imageSource: defaultImageSource, rowHeight: layoutRowHeight, openMenus: new Set() });
  const last = elements(tree).find((node) => node.attrs["data-path"] === "39");
  assert.equal(last?.attrs.class, "x-node x-label x-far");
});

test("a new screen is built without what is inside its farthest components, which is kept in order", () => {
  // 40 labels of 100 pt and a select: the content is 4100 pt tall on a screen of about 800.
  /** @type {any[]} */
  const components = Array.from({ length: 40 }, (_, i) => ({ type: "label", text: `Label ${i}`, size: { height: 100 } }));
  components.push({ type: "select", name: "s", options: { a: "A", b: "B" }, value: "b", size: { height: 100 } });
  const packet = { rc: 0, title: "Long", components };
  const frames = /** @type {any} */ (layoutScreen(packet, "(0, 0, 393, 852)"));
  const height = frames.screen.frame.height;
  const state = { packet, frames, tables: {}, values: {}, alerts: [], offline: false, loading: false };
  const tree = renderScreen({ state, imageSource: defaultImageSource, rowHeight: layoutRowHeight, openMenus: new Set() });
  const far = withClass(tree, "x-far");
  const before = new Map(far.map((node) => [node.attrs["data-path"], JSON.stringify(node.children)]));
  const taken = takeFarChildren(tree);
  // Only what lies beyond the browser's own margin (three screens below the visible part) waits.
  const expected = frames.components
    .filter((/** @type {any} */ node) => node.frame.y >= 4 * height)
    .map((/** @type {any} */ node) => node.indexPath.join("."));
  assert.ok(expected.length > 0 && expected.length < far.length);
  assert.deepEqual(
    taken.map((entry) => entry.node.attrs["data-path"]),
    expected,
    "the farthest components, in document order",
  );
  for (const entry of taken) {
    assert.equal(entry.node.children.length, 0, "its box is left empty");
    assert.equal(JSON.stringify(entry.children), before.get(entry.node.attrs["data-path"]), "what was inside it is kept");
  }
  assert.ok(
    taken.some((entry) => JSON.stringify(entry.children).includes('"select"')),
    "a far field's select goes with its box",
  );
  for (const node of far.filter((node) => !taken.some((entry) => entry.node === node))) {
    assert.equal(JSON.stringify(node.children), before.get(node.attrs["data-path"]), "a nearer far component keeps what is inside it");
  }
  // The field with the screen's initial focus is built at once, wherever it is.
  const focused = renderScreen({
    state: { ...state, focus: "40" },
    imageSource: defaultImageSource,
    rowHeight: layoutRowHeight,
    openMenus: new Set(),
  });
  const takenWithFocus = takeFarChildren(focused, "40").map((entry) => entry.node.attrs["data-path"]);
  assert.deepEqual(
    takenWithFocus,
    expected.filter((/** @type {string} */ path) => path !== "40"),
  );
  assert.ok(JSON.stringify(focused).includes('"data-focus"'));
});
