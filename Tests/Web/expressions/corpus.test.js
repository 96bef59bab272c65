// Runs the conformance corpus of the expression language (Tests/Fixtures/expressions/*.json,
// docs/notify.md#expressions) against the web app's implementation; the Swift one runs the same
// files (Tests/XpediteProtocolTests/ExpressionCorpusTests.swift).

import { strict as assert } from "node:assert";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { clockAt, Expression, ExpressionError, fieldType, valueFromJSON, valueToJSON } from "../../../Sources/XpediteWebApp/Resources/web/js/expressions/expression.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "Fixtures", "expressions");

/**
 * The expression of a case: its text, or parts repeated.
 * @param {string | {repeat: [string, number][]}} expression
 */
function text(expression) {
  if (typeof expression === "string") return expression;
  return expression.repeat.map(([part, times]) => part.repeat(times)).join("");
}

/** @param {string | {repeat: [string, number][]}} expression */
function label(expression) {
  const full = text(expression);
  return full.length > 60 ? `${full.slice(0, 40)}… (${Array.from(full).length} characters)` : JSON.stringify(full);
}

const files = readdirSync(root).filter((/** @type {string} */ name) => name.endsWith(".json")).sort();
let total = 0;

for (const file of files) {
  const corpus = JSON.parse(readFileSync(join(root, file), "utf8"));
  for (const [index, testCase] of corpus.cases.entries()) {
    total += 1;
    test(`${file} #${index + 1} ${label(testCase.expression)}`, () => {
      /** @type {Record<string, {type: string, values?: unknown, value: unknown}>} */
      const fields = { ...corpus.fields, ...(testCase.fields ?? {}) };
      const typeOf = (/** @type {string} */ id) => (Object.hasOwn(fields, id) ? fieldType(fields[id]) : undefined);
      const clock = clockAt(testCase.clock ?? corpus.clock);
      if (testCase.error !== undefined) {
        /** @type {unknown} */
        let thrown;
        try {
          new Expression(text(testCase.expression), typeOf);
        } catch (error) {
          thrown = error;
        }
        assert.ok(thrown instanceof ExpressionError, `expected the error ${JSON.stringify(testCase.error)}`);
        assert.deepEqual({ code: thrown.code, column: thrown.column }, testCase.error, thrown.message);
        return;
      }
      const expression = new Expression(text(testCase.expression), typeOf);
      assert.equal(expression.type, testCase.type);
      const value = expression.evaluate({ value: (id) => valueFromJSON(fields[id].type, fields[id].value), clock });
      assert.deepEqual(valueToJSON(value), testCase.result);
    });
  }
}

test("the corpus has at least 200 cases", () => {
  assert.ok(total >= 200, `${total} cases`);
});
