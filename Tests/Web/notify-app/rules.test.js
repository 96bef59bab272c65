// The notification app's form rules (Sources/XpediteNotifyWeb/Resources/app/js/rules.js): the pure
// step the form runs on every change (payload + values → visible, required, errors, computed) and
// the values an answer carries, on the inspection payload the Swift tests use too.
/// <reference path="../expressions/node.d.ts" />

import { strict as assert } from "node:assert";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { answerValues, evaluateForm } from "../../../Sources/XpediteNotifyWeb/Resources/app/js/rules.js";
import { clockAt, PayloadRules, valueToJSON } from "../../../Sources/XpediteWebApp/Resources/web/js/expressions/expression.js";

const fixtures = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "Fixtures", "notify");
const clock = clockAt("2026-11-27T16:45:00+01:00");
const inspection = new PayloadRules(JSON.parse(readFileSync(join(fixtures, "valid/rules-inspection.json"), "utf8")).fields);

/** @param {Record<string, unknown>} values */
const evaluate = (values) => evaluateForm(inspection, values, clock, valueToJSON);

test("showIf: the photo is shown unless the state is OK, and required only when Broken", () => {
  const ok = evaluate({ state: "OK", adults: 2, children: 1 });
  assert.equal(ok.visible.photo, false);
  assert.equal(ok.visible.state, true);
  assert.deepEqual(ok.required, { photo: false });
  const service = evaluate({ state: "Needs service" });
  assert.equal(service.visible.photo, true);
  assert.deepEqual(service.required, { photo: false });
  assert.deepEqual(evaluate({ state: "Broken" }).required, { photo: true });
});

test("computed: the total follows the numbers at once, null while one is empty", () => {
  assert.equal(evaluate({ adults: 2, children: 1 }).computed.total, 3);
  assert.equal(evaluate({ adults: 40, children: 7 }).computed.total, 47);
  assert.equal(evaluate({ adults: 2, children: null }).computed.total, null);
});

test("check: the field's checkMessage when false, nothing when true or not answered", () => {
  const bad = evaluate({ adults: 50, children: 20, opened: "2026-11-02", closed: "2026-11-01", notes: "x".repeat(21) });
  assert.deepEqual(bad.errors, {
    total: "At most 60 people in all.",
    closed: "The closing date cannot come before the opening date.",
    notes: "Notes are at most 20 characters.",
  });
  assert.deepEqual(evaluate({ adults: 5, children: 5, opened: "2026-11-02", closed: "2026-11-03", notes: "short" }).errors, {});
  assert.deepEqual(evaluate({}).errors, {});
});

test("a check without a checkMessage says which check failed", () => {
  const rules = new PayloadRules([{ type: "inputInteger", id: "n", check: "$n > 3" }]);
  assert.deepEqual(evaluateForm(rules, { n: 1 }, clock, valueToJSON).errors, { n: "The value fails the field's check $n > 3" });
});

test("a hidden field shows no check message and is not required", () => {
  const rules = new PayloadRules([
    { type: "checkbox", id: "more" },
    { type: "inputInteger", id: "n", showIf: "$more", requiredIf: "true", check: "$n > 3", checkMessage: "More than 3." },
  ]);
  const hidden = evaluateForm(rules, { more: false, n: 1 }, clock, valueToJSON);
  assert.deepEqual(hidden, { visible: { more: true, n: false }, required: { n: false }, errors: {}, computed: {} });
  const shown = evaluateForm(rules, { more: true, n: 1 }, clock, valueToJSON);
  assert.deepEqual(shown, { visible: { more: true, n: true }, required: { n: true }, errors: { n: "More than 3." }, computed: {} });
});

test("the answer drops hidden fields (kept in the form) and carries computed values", () => {
  const values = { state: "OK", photo: "rcs/image/kept.jpg", adults: 2, children: 1, total: null, opened: null, closed: null, notes: null };
  const answer = answerValues(values, evaluate(values));
  assert.deepEqual(answer, { state: "OK", adults: 2, children: 1, total: 3, opened: null, closed: null, notes: null });
  assert.equal(values.photo, "rcs/image/kept.jpg");
  const broken = { ...values, state: "Broken" };
  assert.equal(answerValues(broken, evaluate(broken)).photo, "rcs/image/kept.jpg");
  // A computed field the form did not list is added.
  assert.deepEqual(answerValues({ adults: 1, children: 1 }, evaluate({ adults: 1, children: 1 })).total, 2);
});

test("a date computed from a date field is sent as its text", () => {
  const rules = new PayloadRules([
    { type: "date", id: "start" },
    { type: "computed", id: "due", expression: "if(days($start, today()) > 3, $start, null)" },
  ]);
  assert.deepEqual(rules.issues, []);
  assert.equal(evaluateForm(rules, { start: "2026-11-20" }, clock, valueToJSON).computed.due, "2026-11-20");
  assert.equal(evaluateForm(rules, { start: "2026-11-26" }, clock, valueToJSON).computed.due, null);
});
