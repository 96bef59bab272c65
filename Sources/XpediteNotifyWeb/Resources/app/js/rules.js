// The rules of a form (docs/notify.md#rules) as the app shows them: which fields are shown,
// which `requiredIf` fields are required now, the `checkMessage` of every failed check, and the
// value of every computed field; and the values an answer carries (hidden fields dropped,
// computed fields added). A pure function of the compiled rules and the form's values: the form
// calls it on every keystroke, the tests call it directly.
//
// The expression language is the web app's (js/expressions, served here under the same path from
// its one copy, decision 0460): this module receives its compiled `PayloadRules` and its
// `valueToJSON`, and imports nothing at run time.

/** @typedef {import("../../../../XpediteWebApp/Resources/web/js/expressions/rules.js").PayloadRules} PayloadRules */
/** @typedef {import("../../../../XpediteWebApp/Resources/web/js/expressions/values.js").Clock} Clock */
/** @typedef {import("../../../../XpediteWebApp/Resources/web/js/expressions/values.js").Value} Value */

/**
 * The rules evaluated, by field id: `visible` for every input field; `required` for the fields
 * with a `requiredIf` (false while hidden); `errors` the message of each shown field whose check
 * is false; `computed` the JSON value of each computed field (null while hidden).
 * @typedef {object} FormState
 * @property {Record<string, boolean>} visible
 * @property {Record<string, boolean>} required
 * @property {Record<string, string>} errors
 * @property {Record<string, unknown>} computed
 */

/**
 * Evaluates every rule of a form.
 * @param {PayloadRules} rules the payload's rules, compiled once
 * @param {Record<string, unknown>} values the form's values as JSON, by field id (hidden fields' too)
 * @param {Clock} clock what today() and now() read
 * @param {(value: Value) => unknown} toJSON the language's valueToJSON
 * @returns {FormState}
 */
export function evaluateForm(rules, values, clock, toJSON) {
  const state = rules.evaluate(values, clock);
  /** @type {FormState} */
  const result = { visible: {}, required: {}, errors: {}, computed: {} };
  for (const entry of rules.entries) {
    const id = entry.id;
    const shown = !state.hidden.has(id);
    result.visible[id] = shown;
    if (entry.requiredIf !== undefined) result.required[id] = shown && state.required.has(id);
    if (entry.field.type === "computed") result.computed[id] = toJSON(state.values.get(id) ?? null);
    if (shown && state.failedChecks.has(id)) {
      const message = entry.field.checkMessage;
      const check = entry.field.check;
      result.errors[id] = typeof message === "string" && message !== ""
        ? message
        : `The value fails the field's check ${typeof check === "string" ? check : ""}`.trim();
    }
  }
  return result;
}

/**
 * The values an answer carries: the form's, without the hidden fields (docs/notify.md#rules:
 * a hidden field is not sent), each computed field with its computed value.
 * @param {Record<string, unknown>} values the form's values, by field id
 * @param {FormState} state
 * @returns {Record<string, unknown>}
 */
export function answerValues(values, state) {
  /** @type {Record<string, unknown>} */
  const answer = {};
  for (const [id, value] of Object.entries(values)) {
    if (state.visible[id] === false) continue;
    answer[id] = Object.hasOwn(state.computed, id) ? state.computed[id] : value;
  }
  for (const [id, value] of Object.entries(state.computed)) {
    if (state.visible[id] !== false && !Object.hasOwn(answer, id)) answer[id] = value;
  }
  return answer;
}
