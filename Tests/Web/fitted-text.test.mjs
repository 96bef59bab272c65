// Text that grows (issue 30, decision 0570): the browser's text measurer (over a stand-in canvas
// context whose glyphs are 0.6 em wide), the CSS font it measures in, and the layout's fitted
// text (`fitsText`): a button that grows to hold its widest word, a navigation bar that grows to
// hold its title. Without `fitsText` the layout is XpediteLayout's (layout-fixtures.test.mjs).

import assert from "node:assert/strict";
import { test } from "node:test";
import { MAXIMUM_TEXT_SCALE, fittedRowHeight, fittedTextConfiguration, textScale } from "../../Sources/XpediteWebApp/Resources/web/js/app/fitted-text.js";
import { CanvasTextMeasurer } from "../../Sources/XpediteWebApp/Resources/web/js/layout/canvas-text-measurer.js";
import { EstimatedTextMeasurer, layoutScreen } from "../../Sources/XpediteWebApp/Resources/web/js/layout/layout.js";
import { characterCount } from "../../Sources/XpediteWebApp/Resources/web/js/layout/text-measurer.js";
import { cssFont } from "../../Sources/XpediteWebApp/Resources/web/js/render/css-font.js";

/** @typedef {import("../../Sources/XpediteWebApp/Resources/web/js/protocol/json-types").JSONObject} JSONObject */
/** @typedef {import("../../Sources/XpediteWebApp/Resources/web/js/layout/text-measurer.js").TextFont} TextFont */

/**
 * A canvas context whose every character (grapheme cluster) is 0.6 em wide (the size read from its font) and whose
 * font is `ascent` + `descent` em tall; it counts what it is asked.
 * @param {number} [ascent]
 * @param {number} [descent]
 */
function standInContext(ascent = 0.9, descent = 0.2) {
  const context = {
    font: "10px sans-serif",
    fontSets: 0,
    /** @type {string[]} */
    measured: [],
    get size() {
      return Number(/(\d+(?:\.\d+)?)px/.exec(this.font)?.[1] ?? 10);
    },
    /** @param {string} text */
    measureText(text) {
      this.measured.push(text);
      return { width: characterCount(text) * 0.6 * this.size, fontBoundingBoxAscent: ascent * this.size, fontBoundingBoxDescent: descent * this.size };
    },
  };
  return new Proxy(context, {
    set(target, key, value) {
      if (key === "font") target.fontSets += 1;
      return Reflect.set(target, key, value);
    },
  });
}

/** @param {TextFont} font */
const plainFont = (font) => `${font.bold ? 600 : 400} ${font.size}px sans-serif`;
const body = { name: undefined, size: 10 };

test("the browser measurer wraps at spaces with the glyphs' widths, 1.2 em a line", () => {
  const measurer = new CanvasTextMeasurer(standInContext(), plainFont);
  // 6 points a character: "aaa bbb" is 42 wide; it fits 42.5 (half a point of slack), not 42.
  assert.equal(measurer.lineCount("aaa bbb", body, 42.5), 1);
  assert.equal(measurer.lineCount("aaa bbb", body, 42), 2);
  assert.equal(measurer.height("aaa bbb", body, 42), 24);
  assert.equal(measurer.height("", body, 100), 0);
  // Paragraphs, and every space of pre-wrap text counts.
  assert.equal(measurer.lineCount("aaa\nbbb", body, 1000), 2);
  assert.equal(measurer.lineCount("aa   b", body, 42.5), 1);
  assert.equal(measurer.lineCount("aa     b", body, 42.5), 2);
});

test("a word wider than the line breaks between characters, and the next word may join its last line", () => {
  const measurer = new CanvasTextMeasurer(standInContext(), plainFont);
  // 30.5 wide holds 5 characters: "abcdefghijkl" is 5 + 5 + 2, then " x" joins the last line.
  assert.equal(measurer.lineCount("abcdefghijkl x", body, 30.5), 3);
  assert.equal(measurer.lineCount("abcdefghijkl xyz", body, 30.5), 4);
  assert.equal(measurer.lineCount("é́é́é́é́é́é́", body, 30.5), 2, "grapheme clusters are not split");
});

test("lines are the font's own height when it is taller than 1.2 em", () => {
  const tall = new CanvasTextMeasurer(standInContext(1.1, 0.3), plainFont);
  assert.equal(tall.height("a\nb", body, 100), 28);
});

test("every width is measured once per font and word, and the font is set only when it changes", () => {
  const context = standInContext();
  const measurer = new CanvasTextMeasurer(/** @type {any} */ (context), plainFont);
  for (let round = 0; round < 3; round += 1) {
    measurer.height("one two one", body, 1000);
    measurer.height("one two", { ...body, bold: true }, 1000);
  }
  // "Hg" and " " for each font's metrics, then "one" and "two" for each font.
  assert.deepEqual([...context.measured].sort(), ["Hg", "Hg", " ", " ", "one", "one", "two", "two"].sort());
  assert.equal(context.fontSets, 2);
  assert.equal(measurer.widestWord("one three  two", body), 30);
});

test("the CSS font is the one the renderer draws: a text style's size and weight, a family with its fallbacks", () => {
  const family = "system-ui, sans-serif";
  assert.equal(cssFont({ name: undefined, size: 17 }, family), "normal 400 17px system-ui, sans-serif");
  assert.equal(cssFont({ name: undefined, size: 17, bold: true }, family), "normal 600 17px system-ui, sans-serif");
  assert.equal(cssFont({ name: "headline", size: 17 }, family), "normal 600 17px system-ui, sans-serif");
  assert.equal(cssFont({ name: "footnote", size: 20 }, family), "normal 400 20px system-ui, sans-serif", "fontsize overrides the style's size");
  assert.match(cssFont({ name: "Georgia-BoldItalic", size: 12 }, family), /^italic 600 12px 'Georgia',ui-serif,.*serif$/);
});

/**
 * The customer list's search row at 200 % (a 390-point phone in a 195-point window).
 * @type {JSONObject}
 */
const searchRow = {
  rc: 0,
  components: [
    { type: "textbox", name: "search", size: { "width%": 70 } },
    { type: "button", text: "Search", style: "button", size: { "x+": 8, "width%": 26, "relative-height%": 100 } },
    { type: "label", text: "Below" },
  ],
};
const narrow = "(0.0, 0.0, 195.0, 422.0)";
const fitted = { textMeasurer: new EstimatedTextMeasurer(), fitsText: true };

/** @param {import("../../Sources/XpediteWebApp/Resources/web/js/layout/layout.js").FrameTree} tree */
const frames = (tree) => tree.components.map((node) => [node.frame.x, node.frame.y, node.frame.width, node.frame.height]);

test("without fitted text a button keeps its frame, narrower than its word (XpediteLayout's rule)", () => {
  assert.deepEqual(frames(layoutScreen(searchRow, narrow)), [[0, 0, 136.5, 44], [144.5, 0, 50.7, 44], [0, 44, 195, 20.4]]);
});

test("with fitted text a button narrower than its widest word grows to hold it, on the next row when its own is full", () => {
  // "Search": 6 × 8.5 + 2 × 8 of padding = 67.
  assert.deepEqual(frames(layoutScreen(searchRow, narrow, { configuration: fitted })),
    [[0, 0, 136.5, 44], [0, 44, 67, 44], [0, 88, 195, 20.4]]);
  // Wide enough, nothing moves.
  assert.deepEqual(frames(layoutScreen(searchRow, "(0.0, 0.0, 393.0, 852.0)", { configuration: fitted })),
    frames(layoutScreen(searchRow, "(0.0, 0.0, 393.0, 852.0)")));
});

test("a button placed at x grows within its container, not past its right edge; a centred one about its centre", () => {
  /** @type {JSONObject} */
  const screen = {
    rc: 0,
    components: [
      { type: "button", text: "Continue", size: { x: 100, width: 20 } },
      { type: "button", text: "Go", size: { x: 10, width: 20 } },
      { type: "button", text: "Continue", size: { x: 150, width: 20 } },
      { type: "button", text: "Pneumonoultramicroscopic", size: { width: 20 } },
    ],
  };
  // "Continue" needs 8 × 8.5 + 16 = 84: it gets them at x 100, and the 45 left at x 150; "Go"
  // needs 33; a word wider than the container gets its width (and breaks between characters).
  assert.deepEqual(frames(layoutScreen(screen, narrow, { configuration: fitted })),
    [[100, 0, 84, 44], [10, 44, 33, 44], [150, 88, 45, 44], [0, 132, 195, 44]]);
  // A centred button grows about its centre.
  /** @type {JSONObject} */
  const centred = { rc: 0, components: [{ type: "button", text: "Continue", size: { width: 20, centrex: 0 } }] };
  assert.deepEqual(frames(layoutScreen(centred, narrow, { configuration: fitted })), [[55.5, 0, 84, 44]]);
});

test("with fitted text the bar grows to hold its title, wrapped between the bar buttons", () => {
  /**
   * @param {string} position
   * @returns {JSONObject}
   */
  const menu = (position) => ({
    type: "navigation", implementation: { style: "slidefrom", position }, components: [{ type: "menuEntry", text: "Home" }],
  });
  /** @type {JSONObject} */
  const screen = { rc: 0, title: "Customers matching Fischer", components: [menu("left"), { type: "label", text: "x" }] };
  const fixed = layoutScreen(screen, narrow);
  assert.equal(fixed.screen.navigationBar?.height, 44);
  assert.equal(fixed.screen.title, undefined);
  // 195 less 44 each side: 107 wide holds 12 characters of the estimate; three lines of 20.4.
  const tree = layoutScreen(screen, narrow, { configuration: fitted });
  assert.deepEqual(tree.screen.title, { x: 44, y: 59, width: 107, height: 61.2 });
  assert.deepEqual(tree.screen.navigationBar, { x: 0, y: 59, width: 195, height: 61.2 });
  assert.deepEqual(tree.screen.frame, { x: 0, y: 120.2, width: 195, height: 267.8 });
  // A short title keeps the bar's 44 points; with no bar buttons the title has all but 8 each side.
  const short = layoutScreen({ rc: 0, title: "About", components: [] }, narrow, { configuration: fitted });
  assert.deepEqual(short.screen.title, { x: 8, y: 59, width: 179, height: 44 });
  assert.equal(short.screen.navigationBar?.height, 44);
});

test("table rows are measured with the app's measurer", () => {
  const measurer = new CanvasTextMeasurer(standInContext(), plainFont);
  const rowHeight = fittedRowHeight({ textMeasurer: measurer, fitsText: true });
  const table = { type: "table", fontsize: 10 };
  // 6 points a character in a 100-wide column (84 for the text): 14 a line; 3 lines of 12 + 20.
  assert.equal(rowHeight(table, {}, ["a".repeat(30)], [{ lines: 0 }], [100]), 56);
  assert.equal(rowHeight(table, {}, ["a".repeat(30)], [null], [100]), 44);
});

test("the page's ?text=estimate, or a browser without a canvas, keeps XpediteLayout's estimate", () => {
  /** @type {any} */
  const noCanvas = { createElement: () => ({ getContext: () => null }) };
  /** @type {any} */
  const untouched = { createElement: () => assert.fail("the page was measured") };
  assert.equal(fittedTextConfiguration(untouched, "?text=estimate"), undefined);
  assert.equal(fittedTextConfiguration(noCanvas, ""), undefined);
});

test("the browser's default font size zooms the screen by its ratio to 16 pixels, never below 1 (decision 0600)", () => {
  assert.equal(textScale(16), 1, "the web's default: the protocol's points as pixels");
  assert.equal(textScale(20), 1.25);
  assert.equal(textScale(32), 2, "a 32-pixel default size: as the browser's zoom at 200 %");
  assert.equal(textScale(12), 1, "a smaller default size never shrinks the protocol's sizes");
  assert.equal(textScale(Number.NaN), 1, "a page that cannot say: 1");
  assert.equal(textScale(200), MAXIMUM_TEXT_SCALE);
});
