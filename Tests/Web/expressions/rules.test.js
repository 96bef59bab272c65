// The rules of payload fields in the web app (js/expressions/rules.js, docs/notify.md#rules):
// the same issues as PayloadRules in Swift for the shared fixtures, the evaluation of showIf,
// requiredIf, check and computed fields, and the time of a 50-field payload's evaluation.
/// <reference path="./node.d.ts" />

import { strict as assert } from "node:assert";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { clockAt, PayloadRules, systemClock, valueToJSON } from "../../../Sources/XpediteWebApp/Resources/web/js/expressions/expression.js";

const fixtures = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "Fixtures", "notify");
const clock = clockAt("2026-11-27T16:45:00+01:00");

/** @param {string} name */
function payload(name) {
  return JSON.parse(readFileSync(join(fixtures, name), "utf8"));
}

test("the inspection payload's rules compile without issues", () => {
  assert.deepEqual(new PayloadRules(payload("valid/rules-inspection.json").fields).issues, []);
});

test("bad expressions: the paths and columns PayloadValidator reports", () => {
  const issues = new PayloadRules(payload("invalid/rules-bad-expressions.json").fields).issues;
  assert.deepEqual(
    issues.map((issue) => [issue.path, issue.code, issue.column]),
    [
      ["$.fields[0].check", "invalid-expression", 8],
      ["$.fields[1].showIf", "invalid-expression", 1],
      ["$.fields[2].check", "invalid-expression", 7],
      ["$.fields[2].requiredIf", "invalid-expression", 13],
      ["$.fields[3].showIf", "invalid-expression", 1],
      ["$.fields[4].expression", "invalid-expression", 1],
    ],
  );
});

test("circles are refused where they close; a check may read its own field", () => {
  const issues = new PayloadRules(payload("invalid/rules-cycle.json").fields).issues;
  assert.deepEqual(
    issues.map((issue) => [issue.path, issue.code, issue.column]),
    [
      ["$.fields[1].showIf", "expression-cycle", 11],
      ["$.fields[3].expression", "expression-cycle", 10],
      ["$.fields[4].showIf", "expression-cycle", 1],
    ],
  );
  assert.match(issues[0].message, /"a" → "b" → "a"$/);
});

test("showIf hides, requiredIf requires, check fails only on false, computed values are computed", () => {
  const rules = new PayloadRules(payload("valid/rules-inspection.json").fields);
  const ok = rules.evaluate({ state: "OK", adults: 2, children: 1, opened: "2026-11-02" }, clock);
  assert.deepEqual([...ok.hidden], ["photo"]);
  assert.equal(ok.values.get("total"), 3);
  assert.deepEqual([...ok.failedChecks], []);
  const broken = rules.evaluate({ state: "Broken", adults: 50, children: 20, opened: "2026-11-02", closed: "2026-11-01" }, clock);
  assert.deepEqual([...broken.hidden], []);
  assert.deepEqual([...broken.required], ["photo"]);
  assert.deepEqual([...broken.failedChecks].sort(), ["closed", "total"]);
  const service = rules.evaluate({ state: "Needs service", adults: 1, children: null, notes: "Short" }, clock);
  assert.deepEqual([...service.required], []);
  assert.equal(service.values.get("total"), null);
  assert.deepEqual([...service.failedChecks], []);
});

test("a chain of showIfs and a computed date-time follow each other, in dependency order", () => {
  const rules = new PayloadRules([
    { type: "inputString", id: "detail", showIf: "not empty($what)" },
    { type: "inputString", id: "what", showIf: "$more" },
    { type: "checkbox", id: "more" },
    { type: "computed", id: "due", expression: "if($more, now(), null)" },
  ]);
  assert.deepEqual(rules.issues, []);
  const off = rules.evaluate({ more: false, what: "x", detail: "y" }, clock);
  assert.deepEqual([...off.hidden].sort(), ["detail", "what"]);
  assert.equal(off.values.get("due"), null);
  const on = rules.evaluate({ more: true, what: "x" }, clock);
  assert.deepEqual([...on.hidden], []);
  assert.equal(valueToJSON(on.values.get("due") ?? null), "2026-11-27T16:45:00+01:00");
});

test("every rule of a 50-field payload is evaluated in well under 1 ms", () => {
  /** @type {Record<string, unknown>[]} */
  const fields = [];
  /** @type {Record<string, unknown>} */
  const values = {};
  for (let i = 0; i < 50; i += 1) {
    if (i % 5 === 4) {
      fields.push({ type: "computed", id: `f${i}`, expression: `$f${i - 1} + $f${i - 2} * 2`, check: `$f${i} < 1000` });
    } else {
      fields.push({
        type: "inputInteger", id: `f${i}`, showIf: i > 0 ? `$f${i - 1} == null or $f${i - 1} >= 0` : "true",
        requiredIf: `count($f0, $f1) > 1`, check: `$f${i} <= 100 and $f${i} >= 0`, checkMessage: "0 to 100",
      });
      values[`f${i}`] = i;
    }
  }
  const rules = new PayloadRules(fields);
  assert.deepEqual(rules.issues, []);
  for (let i = 0; i < 200; i += 1) rules.evaluate(values, clock);
  const runs = 2000;
  const started = performance.now();
  for (let i = 0; i < runs; i += 1) {
    values.f0 = i % 100;
    rules.evaluate(values, clock);
  }
  const each = (performance.now() - started) / runs;
  assert.ok(each < 1, `${each.toFixed(3)} ms per evaluation`);
});

test("the system clock reads this device's time and offset; a fixed clock reads its own", () => {
  const moment = new Date(Date.UTC(2026, 10, 27, 15, 45, 0));
  const clock = systemClock(moment);
  assert.equal(clock.now.ms, moment.getTime());
  const offset = 0 - moment.getTimezoneOffset();
  assert.match(clock.now.text, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
  assert.equal(clock.today.text, clock.now.text.slice(0, 10));
  assert.equal(Math.round((Date.parse(`${clock.now.text.slice(0, 19)}Z`) - moment.getTime()) / 60000), offset);
  assert.equal(clockAt("2027-01-01T01:00:00+14:00").today.text, "2027-01-01");
});
