/// <reference path="../engine/node.d.ts" />
// Unit tests of the contrast rule (Sources/XpediteWebApp/Resources/web/js/render/contrast.js,
// docs/accessibility.md#colours): WCAG's ratio, the OKLCH round trip, and the adjustment of a
// server's colour that is not readable on its background.

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  composite,
  contrastRatio,
  fromOKLCH,
  hexOf,
  MINIMUM_RATIO,
  parseColour,
  readableColour,
  toOKLCH,
} from "../../../Sources/XpediteWebApp/Resources/web/js/render/contrast.js";

/** @param {string} text */
const colour = (text) => {
  const parsed = parseColour(text);
  assert.ok(parsed, `${text} parses`);
  return parsed;
};

test("colours parse from hex and from computed styles", () => {
  assert.deepEqual(parseColour("#0af"), { r: 0, g: 170, b: 255, a: 1 });
  assert.deepEqual(parseColour("#00000080"), { r: 0, g: 0, b: 0, a: 128 / 255 });
  assert.deepEqual(parseColour("rgb(28, 28, 30)"), { r: 28, g: 28, b: 30, a: 1 });
  assert.deepEqual(parseColour("rgba(0, 0, 0, 0)"), { r: 0, g: 0, b: 0, a: 0 });
  assert.deepEqual(parseColour("rgb(10 20 30 / 50%)"), { r: 10, g: 20, b: 30, a: 0.5 });
  assert.equal(parseColour("red"), null);
  assert.equal(parseColour("url(x)"), null);
});

test("the contrast ratio is WCAG's", () => {
  assert.equal(contrastRatio(colour("#000"), colour("#fff")).toFixed(2), "21.00");
  assert.equal(contrastRatio(colour("#fff"), colour("#fff")), 1);
  // Known pairs: iOS blue on white 4.02, grey #767676 on white 4.54 (the lightest AA grey).
  assert.equal(contrastRatio(colour("#007aff"), colour("#ffffff")).toFixed(2), "4.02");
  assert.equal(contrastRatio(colour("#767676"), colour("#ffffff")).toFixed(2), "4.54");
  assert.equal(contrastRatio(colour("#ffffff"), colour("#767676")).toFixed(2), "4.54");
});

test("OKLCH round-trips sRGB colours", () => {
  for (const text of ["#000000", "#FFFFFF", "#1F3A93", "#FF9500", "#34C759", "#8E8E93"]) {
    assert.equal(hexOf(fromOKLCH(toOKLCH(colour(text)))), text);
  }
  assert.ok(Math.abs(toOKLCH(colour("#ffffff")).l - 1) < 1e-6);
  assert.ok(toOKLCH(colour("#808080")).c < 1e-6, "a grey has no chroma");
});

test("a readable colour is kept", () => {
  const result = readableColour(colour("#1c1c1e"), colour("#ffffff"));
  assert.equal(result.changed, false);
  assert.equal(hexOf(result.colour), "#1C1C1E");
});

test("a navy on black is made lighter, keeping its hue, just enough", () => {
  const navy = colour("#1F3A93");
  const black = colour("#000000");
  assert.ok(contrastRatio(navy, black) < MINIMUM_RATIO);
  const result = readableColour(navy, black);
  assert.equal(result.changed, true);
  const ratio = contrastRatio(result.colour, black);
  assert.ok(ratio >= MINIMUM_RATIO, `ratio ${ratio}`);
  assert.ok(ratio < MINIMUM_RATIO + 0.3, `the least change (ratio ${ratio})`);
  const before = toOKLCH(navy);
  const after = toOKLCH(result.colour);
  assert.ok(after.l > before.l, "lighter");
  assert.ok(Math.abs(after.h - before.h) < 6, `hue kept (${before.h} → ${after.h})`);
});

test("a light colour on white is made darker", () => {
  const white = colour("#ffffff");
  const result = readableColour(colour("#ff9500"), white);
  assert.equal(result.changed, true);
  assert.ok(contrastRatio(result.colour, white) >= MINIMUM_RATIO);
  assert.ok(toOKLCH(result.colour).l < toOKLCH(colour("#ff9500")).l);
});

test("a translucent colour is judged as drawn on its background", () => {
  const white = colour("#ffffff");
  const drawn = composite(colour("#00000080"), white);
  assert.equal(hexOf(drawn), "#7F7F7F");
  const result = readableColour(colour("#00000080"), white);
  assert.ok(contrastRatio(result.colour, white) >= MINIMUM_RATIO);
});

test("on any background the result reaches the ratio (black or white at worst)", () => {
  const steps = ["00", "33", "66", "77", "99", "cc", "ff"];
  for (const r of steps)
    for (const g of steps)
      for (const b of steps) {
        const background = colour(`#${r}${g}${b}`);
        for (const text of ["#ff0000", "#00ff00", "#0000ff", "#7a7a7a", "#ffcc00", "#1f3a93"]) {
          const result = readableColour(colour(text), background);
          const ratio = contrastRatio(result.colour, background);
          assert.ok(ratio >= MINIMUM_RATIO, `${text} on #${r}${g}${b}: ${ratio}`);
        }
      }
});

test("a higher ratio can be asked for", () => {
  const white = colour("#ffffff");
  const result = readableColour(colour("#767676"), white, 7);
  assert.ok(contrastRatio(result.colour, white) >= 7);
});
