// The web engine's parts one by one: the text measurer, the table row layout and columns, canonical
// JSON, bounds, which answer is which, and the reader's promises (no mutation, no throw on
// bad text, drops the same component XpediteClient drops).

import assert from "node:assert/strict";
import { test } from "node:test";
import {
  EstimatedTextMeasurer, TableRowLayout, columnPercentages, layoutScreen, parseBounds,
} from "../../Sources/XpediteWebApp/Resources/web/js/layout/layout.js";
import {
  canonicalJSON, formatNumber, isDataResponse, packetKind, readDataResponse, readResponse,
} from "../../Sources/XpediteWebApp/Resources/web/js/protocol/read.js";

const measurer = new EstimatedTextMeasurer();
const body = { name: undefined, size: 17 };

test("a 17 pt line holds floor(width / 8.5) characters and is 20.4 pt tall", () => {
  assert.equal(measurer.charactersPerLine(body, 85), 10);
  assert.equal(measurer.charactersPerLine(body, 84.9), 9);
  assert.equal(measurer.charactersPerLine(body, 0), 1);
  assert.equal(measurer.height("", body, 100), 0);
  assert.ok(Math.abs(measurer.height("Hello", body, 100) - 20.4) < 1e-9);
});

test("words wrap greedily at spaces; a long word fills whole lines", () => {
  assert.equal(measurer.lineCount("aaaa bbbb", body, 85), 1);
  assert.equal(measurer.lineCount("aaaa bbbbbb", body, 85), 2);
  assert.equal(measurer.lineCount("aaaaaaaaaaaaaaaaaaaaaaaaa", body, 85), 3);
  assert.equal(measurer.lineCount("a  b", body, 85), 1);
});

test("paragraphs split at \\n, \\r\\n and \\r; an empty paragraph is one line", () => {
  assert.equal(measurer.lineCount("a\nb\r\nc\rd", body, 85), 4);
  assert.equal(measurer.lineCount("a\n\nb", body, 85), 3);
});

test("characters are grapheme clusters, as Swift counts them", () => {
  const family = "\u{1F468}\u200D\u{1F469}\u200D\u{1F467}";
  assert.equal(measurer.lineCount(family.repeat(10), body, 85), 1);
  assert.equal(measurer.lineCount(family.repeat(11), body, 85), 2);
  assert.equal(measurer.lineCount("e\u0301".repeat(10), body, 85), 1);
});

test("table rows: at least 44, the tallest cell plus 20, cut at lines (1 by default, 0 unlimited)", () => {
  const rows = new TableRowLayout({ type: "table", data: [] });
  assert.equal(rows.height(["Hello"], [undefined], [100]), 44);
  const long = "word ".repeat(20).trim();
  // 84 pt less 16 padding: 68 pt, 8 characters a line; 20 words of 4 take 20 lines.
  assert.equal(rows.height([long], [{ lines: 2 }], [84]), 60.8);
  assert.equal(rows.height([long], [{ lines: 0 }], [84]), 428);
  assert.equal(rows.height([long], [undefined], [84]), 44);
  const big = new TableRowLayout({ type: "table", data: [], fontsize: 34 });
  assert.equal(big.height(["X"], [undefined], [300]), 60.8);
  assert.equal(big.font({ font: "caption" }).size, 34);
  assert.equal(new TableRowLayout({ type: "table", data: [] }).font({ font: "caption" }).size, 12);
});

test("columns: width% first, the rest shared, scaled down past 100", () => {
  assert.deepEqual(columnPercentages([30, undefined, undefined]), { percentages: [30, 35, 35], scaled: false });
  assert.deepEqual(columnPercentages([100, 100]), { percentages: [50, 50], scaled: true });
  assert.deepEqual(columnPercentages([-5, Number.POSITIVE_INFINITY, undefined]), { percentages: [0, 0, 100], scaled: false });
});

test("canonical JSON: sorted keys, Swift's numbers, JSONEncoder's pretty form, slashes unescaped", () => {
  assert.equal(canonicalJSON({ b: 1, a: [0.5, 1e-5, 2 ** 60, -0], c: "a/b" }), '{"a":[0.5,1e-05,1.152921504606847e+18,0],"b":1,"c":"a/b"}');
  assert.equal(canonicalJSON({ a: [], b: { c: true } }, true), '{\n  "a" : [\n\n  ],\n  "b" : {\n    "c" : true\n  }\n}');
  assert.equal(formatNumber(20.4), "20.4");
  assert.equal(formatNumber(3), "3");
});

test("bounds: decimals only, a sign on x and y only, four parts", () => {
  assert.deepEqual(parseBounds("(0.0, -10, 393.0, 852.0)"), { x: 0, y: -10, width: 393, height: 852 });
  assert.deepEqual(parseBounds("0,0,393,852"), { x: 0, y: 0, width: 393, height: 852 });
  assert.equal(parseBounds("(0, 0, -393, 852)"), undefined);
  assert.equal(parseBounds("(0, 0, 393)"), undefined);
  assert.equal(parseBounds("(0, 0, 1e3, 852)"), undefined);
});

test("which answer is which: data and no components is a data response (decision 8)", () => {
  assert.equal(isDataResponse({ rc: 0, data: [] }), true);
  assert.equal(isDataResponse({ rc: 0, data: [], components: [] }), false);
  assert.equal(packetKind({ method: "x", data: [] }), "request");
  assert.equal(packetKind("text"), "response");
});

test("the reader leaves its input unchanged and never throws on bad text", () => {
  const answer = { rc: 0, components: [{ type: "label", text: "Hi", colour: "#ff0000" }] };
  const copy = structuredClone(answer);
  const read = readResponse(answer);
  assert.deepEqual(answer, copy);
  assert.deepEqual(read.packet, { rc: 0, components: [{ type: "label", text: "Hi", color: "#FF0000" }] });
  const broken = readResponse("<html>");
  assert.equal(broken.packet, null);
  assert.match(broken.error ?? "", /^not JSON/);
  const noCode = readResponse({ rc: true, components: [] });
  assert.equal(noCode.packet, null);
  assert.equal(noCode.error, "$.rc: expected an integer or a string, got true");
});

test("a lenient read drops the innermost broken component and keeps the rest", () => {
  const read = readResponse({
    rc: 0,
    components: [
      { type: "form", id: "f", components: [{ type: "textbox" }, { type: "textbox", name: "ok" }] },
      { type: "buton", text: "typo" },
    ],
  });
  assert.deepEqual(read.dropped, ["$.components[0].components[0]", "$.components[1]"]);
  assert.deepEqual(read.packet, {
    rc: 0,
    components: [{ type: "form", id: "f", components: [{ type: "textbox", name: "ok" }] }],
  });
  const strict = readResponse({ rc: 0, components: [{ type: "buton" }] }, { mode: "strict" });
  assert.equal(strict.packet, null);
  assert.equal(strict.error, '$.components[0].type: unknown component "buton"; did you mean "button"?');
});

test("data responses: rows kept as objects, HTML as text, no rc refused", () => {
  assert.deepEqual(readDataResponse({ rc: 0, data: [{ a: 1 }, 2], max: 40 }).packet, { rc: 0, data: [{ a: 1 }], max: 40 });
  assert.deepEqual(readDataResponse({ rc: 0, data: "<p>hi</p>" }).packet, { rc: 0, data: "<p>hi</p>" });
  assert.equal(readDataResponse({ data: [] }).packet, null);
});

test("every label is measured once, however deep its containers: layout work grows linearly", () => {
  let measured = 0;
  const counting = {
    /**
     * @param {string} text
     * @param {import("../../Sources/XpediteWebApp/Resources/web/js/layout/text-measurer.js").TextFont} font
     * @param {number} width
     * @returns {number}
     */
    height(text, font, width) {
      measured += 1;
      return measurer.height(text, font, width);
    },
  };
  /**
   * Labels inside fit-to-content containers (a form in a scroll view), whose heights need their
   * children laid out first.
   * @param {number} count
   * @returns {import("../../Sources/XpediteWebApp/Resources/web/js/protocol/json-types").JSONObject}
   */
  const screen = (count) => {
    /** @type {import("../../Sources/XpediteWebApp/Resources/web/js/protocol/json-types").JSONObject[]} */
    const components = [];
    for (let index = 0; index < count; index += 1) {
      const label = { type: "label", text: `Label ${index} with some words that wrap across the width of the phone` };
      components.push(index % 2 === 0
        ? label
        : { type: "scrollview", components: [{ type: "form", id: `form${index}`, components: [label] }] });
    }
    return { rc: 0, title: "Many", components };
  };
  for (const count of [200, 2000]) {
    measured = 0;
    const packet = readResponse(screen(count)).packet;
    assert.ok(packet);
    const tree = layoutScreen(packet, "(0.0, 0.0, 393.0, 852.0)", { configuration: { textMeasurer: counting } });
    assert.equal(tree.components.length, count);
    assert.equal(measured, count, `${count} labels measured ${measured} times`);
  }
});
