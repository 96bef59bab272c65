// `node scripts/web/bench-rules.mjs`: the time the notification app spends on the rules of a
// 50-field payload per keystroke (docs/notify.md#rules): js/rules.js's evaluateForm, the step the
// form runs on every input event (every showIf, requiredIf, check and computed expression
// evaluated, in dependency order), one keystroke changing one number each time. Prints one JSON
// line: the median, 90th percentile and slowest of the keystrokes, in milliseconds.
// Compiling the rules happens once per form, before the first keystroke; it is timed apart.
// With --payload, prints the 50 fields as JSON instead (scripts/bench-rules sends them to the
// server).

import { argv, stdout } from "node:process";
import { answerValues, evaluateForm } from "../../Sources/XpediteNotifyWeb/Resources/app/js/rules.js";
import { PayloadRules, systemClock, valueToJSON } from "../../Sources/XpediteWebApp/Resources/web/js/expressions/expression.js";

/** The 50 fields: 40 numbers with a showIf, a requiredIf and a check each, 10 computed. */
export function fiftyFields() {
  /** @type {Record<string, unknown>[]} */
  const fields = [];
  for (let i = 0; i < 50; i += 1) {
    if (i % 5 === 4) {
      fields.push({ type: "computed", id: `f${i}`, expression: `$f${i - 1} + $f${i - 2} * 2`, check: `$f${i} < 1000`, checkMessage: "Too many." });
    } else {
      fields.push({
        type: "inputInteger", id: `f${i}`, minValue: 0, maxValue: 100,
        showIf: i > 0 ? `$f${i - 1} == null or $f${i - 1} >= 0` : "true",
        requiredIf: "count($f0, $f1) > 1", check: `$f${i} <= 100 and $f${i} >= 0`, checkMessage: "0 to 100",
      });
    }
  }
  return fields;
}

/**
 * The percentile `p` (0…1) of sorted numbers.
 * @param {number[]} sorted
 * @param {number} p
 */
function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

const fields = fiftyFields();
if (argv.includes("--payload")) {
  stdout.write(`${JSON.stringify(fields)}\n`);
} else {
  measure();
}

/** Times the keystrokes and prints the figures. */
function measure() {
  const compileStarted = performance.now();
  const rules = new PayloadRules(fields);
  const compileMs = performance.now() - compileStarted;
  if (rules.issues.length > 0) throw new Error(`the benchmark's rules do not compile: ${JSON.stringify(rules.issues)}`);
  /** @type {Record<string, unknown>} */
  const values = {};
  for (const field of fields) if (field.type !== "computed") values[String(field.id)] = 1;
  const clock = systemClock();
  // Warm up, as a form does on its first keystrokes.
  for (let i = 0; i < 500; i += 1) evaluateForm(rules, values, clock, valueToJSON);
  const keystrokes = 5000;
  /** @type {number[]} */
  const times = [];
  let sink = 0;
  for (let i = 0; i < keystrokes; i += 1) {
    values[`f${(i * 5) % 40}`] = i % 120;       // one number changes: sometimes out of range
    const started = performance.now();
    const state = evaluateForm(rules, values, clock, valueToJSON);
    times.push(performance.now() - started);
    sink += Object.keys(answerValues(values, state)).length;
  }
  times.sort((a, b) => a - b);
  stdout.write(`${JSON.stringify({
    fields: fields.length, keystrokes, compileMs: Number(compileMs.toFixed(3)),
    medianMs: Number(percentile(times, 0.5).toFixed(4)), p90Ms: Number(percentile(times, 0.9).toFixed(4)),
    maxMs: Number(times[times.length - 1].toFixed(4)), answered: sink > 0,
  })}\n`);
}
