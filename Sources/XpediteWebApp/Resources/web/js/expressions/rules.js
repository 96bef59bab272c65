// The rules of a payload's fields (docs/notify.md#rules) compiled once and evaluated on every
// change, as PayloadRules does in Swift: showIf, requiredIf, check and computed fields, each field
// after the fields its showIf and expression read; circles refused where they close.

import { article, check, fieldType } from "./checker.js";
import { ExpressionError } from "./errors.js";
import { evaluate } from "./evaluator.js";
import { parse } from "./parser.js";
import { valueFromJSON } from "./values.js";

/** @typedef {import("./parser.js").Node} Node */
/** @typedef {import("./checker.js").Type} Type */
/** @typedef {import("./values.js").Value} Value */

/** The field types whose fields give a value (`map` only with an id). */
const INPUT_TYPES = new Set([
  "audio", "barcode", "camera", "checkbox", "computed", "currentDateTime", "currentLocation", "date", "datetime",
  "droplist", "inputInteger", "inputReal", "inputString", "map", "markupImage", "radioButtons", "video",
]);

/**
 * A payload field as JSON.
 * @typedef {{type?: unknown, id?: unknown, values?: unknown, expression?: unknown, showIf?: unknown, requiredIf?: unknown, check?: unknown, checkMessage?: unknown}} FieldJSON
 */

/**
 * One issue of a rule: at `$.fields[i].<attribute>`, with the column of the error.
 * @typedef {{path: string, code: "invalid-expression" | "expression-cycle", column: number, message: string}} RuleIssue
 */

/**
 * The rules evaluated: hidden fields, current values, requiredIf that are true, failed checks.
 * @typedef {{hidden: Set<string>, values: Map<string, Value>, required: Set<string>, failedChecks: Set<string>}} RuleState
 */

/**
 * @typedef {object} Entry
 * @property {number} index
 * @property {string} id
 * @property {FieldJSON} field
 * @property {Record<string, Node>} parsed
 * @property {Node} [showIf]
 * @property {Node} [requiredIf]
 * @property {Node} [check]
 * @property {Node} [computed]
 */

/**
 * The expressions of a field, by attribute.
 * @param {FieldJSON} field
 * @returns {[string, string][]}
 */
function expressionsOf(field) {
  const computed = field.type === "computed";
  /** @type {[string, string][]} */
  const all = [];
  for (const key of ["showIf", "requiredIf", "check"]) {
    const text = /** @type {Record<string, unknown>} */ (field)[key];
    if (typeof text === "string" && !(computed && key === "requiredIf")) all.push([key, text]);
  }
  if (computed && typeof field.expression === "string") all.push(["expression", field.expression]);
  return all;
}

/**
 * The field references of a tree, in the order written.
 * @param {Node} root
 * @returns {{id: string, column: number}[]}
 */
function references(root) {
  /** @type {{id: string, column: number}[]} */
  const found = [];
  const pending = [root];
  while (pending.length > 0) {
    const node = /** @type {Node} */ (pending.pop());
    if (node.kind === "field") found.push({ id: node.id ?? "", column: node.column });
    for (const child of [node.operand, node.left, node.right, ...(node.args ?? [])]) if (child !== undefined) pending.push(child);
  }
  return found.sort((a, b) => a.column - b.column);
}

export class PayloadRules {
  /**
   * Compiles the rules of a payload's fields.
   * @param {FieldJSON[]} fields
   */
  constructor(fields) {
    /** @type {Entry[]} */
    const entries = [];
    /** @type {Map<string, number>} */
    const position = new Map();
    fields.forEach((field, index) => {
      if (typeof field !== "object" || field === null || typeof field.type !== "string" || !INPUT_TYPES.has(field.type)) return;
      const id = field.id;
      if (typeof id !== "string" || id === "" || position.has(id)) return;
      position.set(id, entries.length);
      entries.push({ index, id, field, parsed: {} });
    });
    /** @type {{issue: RuleIssue, index: number, key: string}[]} */
    const issues = [];
    /**
     * @param {ExpressionError} error
     * @param {Entry} entry
     * @param {string} key
     */
    const report = (error, entry, key) => {
      const code = error.code === "cycle" ? "expression-cycle" : "invalid-expression";
      const issue = { path: `$.fields[${entry.index}].${key}`, code, column: error.column, message: error.message };
      issues.push({ issue: /** @type {RuleIssue} */ (issue), index: entry.index, key });
    };
    /**
     * @param {() => void} body
     * @param {Entry} entry
     * @param {string} key
     */
    const guarded = (body, entry, key) => {
      try {
        body();
      } catch (error) {
        if (!(error instanceof ExpressionError)) throw error;
        report(error, entry, key);
      }
    };

    // 1. Parse every expression.
    for (const entry of entries) {
      for (const [key, text] of expressionsOf(entry.field)) {
        guarded(() => {
          entry.parsed[key] = parse(text);
        }, entry, key);
      }
    }

    // 2. What each field's visibility and value read; a circle is refused where it closes.
    const dependencies = entries.map((entry) =>
      ["showIf", "expression"].flatMap((key) => {
        const root = entry.parsed[key];
        if (root === undefined) return [];
        return references(root).flatMap(({ id, column }) => {
          const target = position.get(id);
          return target === undefined ? [] : [{ target, key, column }];
        });
      }),
    );
    const state = entries.map(() => 0);
    /** @type {number[]} */
    const order = [];
    for (let first = 0; first < entries.length; first += 1) {
      if (state[first] !== 0) continue;
      /** @type {{node: number, next: number}[]} */
      const stack = [{ node: first, next: 0 }];
      state[first] = 1;
      while (stack.length > 0) {
        const top = stack[stack.length - 1];
        const edges = dependencies[top.node];
        if (top.next >= edges.length) {
          state[top.node] = 2;
          order.push(top.node);
          stack.pop();
          continue;
        }
        const edge = edges[top.next];
        top.next += 1;
        if (state[edge.target] === 0) {
          state[edge.target] = 1;
          stack.push({ node: edge.target, next: 0 });
        } else if (state[edge.target] === 1) {
          const start = Math.max(0, stack.findIndex((item) => item.node === edge.target));
          const circle = [...stack.slice(start).map((item) => item.node), edge.target].map((n) => `"${entries[n].id}"`);
          const message = `$${entries[edge.target].id} closes a circle of fields that depend on each other: ${circle.join(" → ")}`;
          report(new ExpressionError("cycle", edge.column, message), entries[top.node], edge.key);
          delete entries[top.node].parsed[edge.key];
        }
      }
    }

    // 3. Check types, each field's value typed before the fields that read it.
    /** @type {Map<string, Type>} */
    const types = new Map();
    const typeOf = (/** @type {string} */ id) => types.get(id);
    for (const number of order) {
      const entry = entries[number];
      if (entry.field.type !== "computed") {
        const type = fieldType(entry.field);
        if (type !== undefined) types.set(entry.id, type);
        continue;
      }
      types.set(entry.id, "any");
      const root = entry.parsed.expression;
      if (root === undefined) continue;
      guarded(() => {
        const type = check(root, typeOf);
        if (type === "document" || type === "location") {
          throw new ExpressionError(
            "type",
            root.start,
            `a computed field gives a number, a text, a boolean, a date or a date-time, not ${article(type)}`,
          );
        }
        entry.computed = root;
        types.set(entry.id, type);
      }, entry, "expression");
    }
    for (const entry of entries) {
      for (const key of /** @type {const} */ (["showIf", "requiredIf", "check"])) {
        const root = entry.parsed[key];
        if (root === undefined) continue;
        guarded(() => {
          const type = check(root, typeOf);
          if (type !== "boolean" && type !== "any") {
            throw new ExpressionError("type", root.start, `expected true or false, got ${article(type)}`);
          }
          entry[key] = root;
        }, entry, key);
      }
    }
    /** @type {readonly Entry[]} */
    this.entries = entries;
    /** @type {readonly number[]} */
    this.order = order;
    issues.sort((a, b) => a.index - b.index || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    /** Every issue, in field order. @type {readonly RuleIssue[]} */
    this.issues = issues.map((item) => item.issue);
  }

  /**
   * Evaluates the rules against the form's values (JSON, by field id; computed fields are computed).
   * @param {Record<string, unknown>} values
   * @param {import("./values.js").Clock} clock
   * @returns {RuleState}
   */
  evaluate(values, clock) {
    /** @type {RuleState} */
    const result = { hidden: new Set(), values: new Map(), required: new Set(), failedChecks: new Set() };
    const context = { value: (/** @type {string} */ id) => result.values.get(id) ?? null, clock };
    for (const number of this.order) {
      const entry = this.entries[number];
      if (entry.showIf !== undefined && evaluate(entry.showIf, context) !== true) {
        result.hidden.add(entry.id);
        result.values.set(entry.id, null);
        continue;
      }
      if (entry.field.type === "computed") {
        result.values.set(entry.id, entry.computed === undefined ? null : evaluate(entry.computed, context));
      } else {
        result.values.set(entry.id, valueFromJSON(String(entry.field.type), values[entry.id]));
      }
    }
    for (const entry of this.entries) {
      if (result.hidden.has(entry.id)) continue;
      if (entry.requiredIf !== undefined && evaluate(entry.requiredIf, context) === true) result.required.add(entry.id);
      if (entry.check !== undefined && evaluate(entry.check, context) === false) result.failedChecks.add(entry.id);
    }
    return result;
  }
}
