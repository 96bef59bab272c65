// scripts/web-layout as a command: the same JSON and exit statuses as `xpedite layout`.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import { goldenText } from "./support/fixtures.mjs";

const SCRIPT = new URL("../../scripts/web/layout.mjs", import.meta.url).pathname;

/**
 * Runs the script.
 * @param {string[]} args
 * @param {string} [input]
 */
function run(args, input) {
  return spawnSync("node", [SCRIPT, ...args], { input, encoding: "utf8" });
}

test("prints the tree xpedite layout prints, warnings on standard error", () => {
  const file = new URL("../Fixtures/valid/doc-new-form.json", import.meta.url).pathname;
  const result = run([file]);
  assert.equal(result.status, 0);
  assert.equal(result.stdout, `${goldenText("valid/doc-new-form.layout.json")}\n`);
  const wide = run(["-", "--bounds", "(0, 0, 400, 893)"], '{"rc":0,"components":[{"type":"button","size":{"width":500}}]}');
  assert.equal(wide.status, 0);
  assert.equal(wide.stderr, "<stdin>: $.components[0]: warning: spans x = 0…500, past the edges of its container (width 400)\n");
});

test("refuses malformed bounds and invalid screens with 1, unreadable input with 2", () => {
  const bounds = run(["-", "--bounds", "(0, 0, -1, 5)"], '{"rc":0,"components":[]}');
  assert.equal(bounds.status, 1);
  assert.match(bounds.stderr, /^--bounds: expected "\(x, y, width, height\)"/);
  const invalid = run(["-"], '{"rc":0,"components":[{"type":"buton"}]}');
  assert.equal(invalid.status, 1);
  assert.equal(invalid.stderr, '<stdin>: $.components[0].type: unknown component "buton"; did you mean "button"?\n');
  const lenient = run(["-", "--lenient"], '{"rc":0,"components":[{"type":"buton"}]}');
  assert.equal(lenient.status, 0);
  assert.equal(lenient.stderr, '<stdin>: $.components[0].type: unknown component "buton"; did you mean "button"? (dropped)\n');
  const notJSON = run(["-"], "<html>");
  assert.equal(notJSON.status, 2);
});
