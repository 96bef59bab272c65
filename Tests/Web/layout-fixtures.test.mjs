// Every case of Tests/Fixtures/layout through the web engine: the hand-computed frames (to the
// hundredth of a point, as XpediteLayout's FixtureTests), and the whole tree `xpedite layout`
// printed for it (Tests/Fixtures/web/layout), warnings and their messages included.

import assert from "node:assert/strict";
import { test } from "node:test";
import { allNodes, layoutScreen } from "../../Sources/XpediteWebApp/Resources/web/js/layout/layout.js";
import { canonicalJSON, readResponse } from "../../Sources/XpediteWebApp/Resources/web/js/protocol/read.js";
import { fixtureExists, fixtureJSON, fixtureNames, goldenText } from "./support/fixtures.mjs";

/** @typedef {import("../../Sources/XpediteWebApp/Resources/web/js/layout/layout.js").FrameTree} FrameTree */
/** @typedef {import("../../Sources/XpediteWebApp/Resources/web/js/layout/run.js").LayoutRect} LayoutRect */
/** @typedef {import("../../Sources/XpediteWebApp/Resources/web/js/protocol/json-types").JSONValue} JSONValue */
/** @typedef {import("../../Sources/XpediteWebApp/Resources/web/js/protocol/json-types").JSONObject} JSONObject */

const TOLERANCE = 0.006;

/**
 * @param {JSONValue | undefined} value
 * @returns {JSONObject}
 */
function object(value) {
  assert.ok(value !== null && typeof value === "object" && !Array.isArray(value), "expected an object");
  return /** @type {JSONObject} */ (value);
}

/**
 * Every way `tree` differs from the hand-computed expectation (LayoutFixture.mismatches).
 * @param {FrameTree} tree
 * @param {JSONObject} expected
 * @returns {string[]}
 */
function mismatches(tree, expected) {
  /** @type {string[]} */
  const problems = [];
  /**
   * @param {string} what
   * @param {LayoutRect | undefined} actual
   * @param {JSONValue | undefined} wanted
   */
  const rect = (what, actual, wanted) => {
    if (actual === undefined && wanted === undefined) return;
    /** @type {number[] | undefined} */
    const numbers = Array.isArray(wanted) ? wanted.flatMap((value) => (typeof value === "number" ? [value] : [])) : undefined;
    if (!actual || !numbers || numbers.length !== 4) {
      problems.push(`${what}: got ${JSON.stringify(actual)}, expected ${JSON.stringify(wanted)}`);
      return;
    }
    const values = [actual.x, actual.y, actual.width, actual.height];
    if (values.some((value, index) => Math.abs(value - numbers[index]) > TOLERANCE)) {
      problems.push(`${what}: got ${JSON.stringify(values)}, expected ${JSON.stringify(numbers)}`);
    }
  };
  /**
   * @param {string} what
   * @param {number | undefined} actual
   * @param {JSONValue | undefined} wanted
   */
  const number = (what, actual, wanted) => {
    if (typeof wanted === "number" && actual !== undefined && Math.abs(actual - wanted) <= TOLERANCE) return;
    problems.push(`${what}: got ${actual}, expected ${JSON.stringify(wanted)}`);
  };
  if (expected.bounds !== undefined) rect("bounds", tree.bounds, expected.bounds);
  const screen = object(expected.screen);
  rect("screen.frame", tree.screen.frame, screen.frame);
  number("screen.contentHeight", tree.screen.contentHeight, screen.contentHeight);
  rect("screen.navigationBar", tree.screen.navigationBar, screen.navigationBar);
  const nodes = new Map(allNodes(tree).map((node) => [node.indexPath.join("."), node]));
  const frames = object(expected.frames);
  for (const path of new Set([...nodes.keys(), ...Object.keys(frames)])) {
    rect(`[${path}] frame`, nodes.get(path)?.frame, frames[path]);
  }
  const contents = expected.content === undefined ? {} : object(expected.content);
  for (const [path, value] of Object.entries(contents)) {
    const wanted = object(value);
    const content = nodes.get(path)?.content;
    if (!content) {
      problems.push(`[${path}] has no content area`);
      continue;
    }
    rect(`[${path}] content.frame`, content.frame, wanted.frame);
    number(`[${path}] content.height`, content.height, wanted.height);
    number(`[${path}] content.visibleHeight`, content.visibleHeight, wanted.visibleHeight);
  }
  const partsByPath = expected.parts === undefined ? {} : object(expected.parts);
  for (const [path, value] of Object.entries(partsByPath)) {
    const parts = nodes.get(path)?.parts ?? [];
    const wantedParts = Array.isArray(value) ? value : [];
    if (parts.length !== wantedParts.length) {
      problems.push(`[${path}] has ${parts.length} parts, expected ${wantedParts.length}`);
      continue;
    }
    parts.forEach((part, index) => {
      const wanted = object(wantedParts[index]);
      if (part.kind !== wanted.kind || part.index !== wanted.index || part.key !== wanted.key) {
        problems.push(`[${path}] part ${index}: ${JSON.stringify(part)}, expected ${JSON.stringify(wanted)}`);
      }
      rect(`[${path}] part ${index} frame`, part.frame, wanted.frame);
    });
  }
  const warnings = (tree.warnings ?? []).map((warning) => `${warning.path} ${warning.code}`).sort();
  const wantedWarnings = (Array.isArray(expected.warnings) ? expected.warnings : []).map(String).sort();
  if (JSON.stringify(warnings) !== JSON.stringify(wantedWarnings)) {
    problems.push(`warnings: got ${JSON.stringify(warnings)}, expected ${JSON.stringify(wantedWarnings)}`);
  }
  return problems;
}

/**
 * The image sizes of a fixture ({"logo": "400x100"}).
 * @param {JSONObject} fixture
 * @returns {Map<string, {width: number, height: number}>}
 */
function imageSizes(fixture) {
  const sizes = new Map();
  const given = fixture.imageSizes === undefined ? {} : object(fixture.imageSizes);
  for (const [key, value] of Object.entries(given)) {
    const [width, height] = String(value).split("x").map(Number);
    sizes.set(key, { width, height });
  }
  return sizes;
}

const names = fixtureNames("layout");

test("the layout fixtures are there (at least 40 beyond the worked examples)", () => {
  assert.ok(names.filter((name) => !name.startsWith("spec-")).length >= 40);
});

for (const name of names) {
  test(`layout fixture ${name}`, () => {
    const fixture = object(fixtureJSON(`layout/${name}.json`));
    const read = readResponse(fixture.screen ?? null, { mode: fixture.lenient === true ? "lenient" : "strict" });
    if (fixture.expectedError !== undefined) {
      const message = String(object(fixture.expectedError).message);
      assert.equal(read.packet, null, "the strict read refuses the screen");
      assert.ok(read.error?.includes(message), `the refusal names "${message}": ${read.error}`);
      return;
    }
    assert.ok(read.packet, `the screen reads: ${read.error}`);
    const tree = layoutScreen(read.packet, String(fixture.bounds), { imageSizes: imageSizes(fixture) });
    assert.deepEqual(mismatches(tree, object(fixture.expected)), []);
    if (fixtureExists(`web/layout/${name}.layout.json`)) {
      assert.equal(canonicalJSON(tree), goldenText(`layout/${name}.layout.json`), "the tree xpedite layout prints");
    }
  });
}
