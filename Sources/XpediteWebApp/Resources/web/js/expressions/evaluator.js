// The evaluator of the expression language (docs/notify.md#expressions). Total: every tree the
// checker accepts gives a value, never an exception; what cannot be computed (a division by zero,
// an empty field in arithmetic, an overflow) is null.

import { parseDate, parseDateTime } from "./values.js";

/** @typedef {import("./values.js").Value} Value */
/** @typedef {import("./parser.js").Node} Node */

/**
 * What an expression reads: the current value of each field (null when empty or hidden) and the clock.
 * @typedef {object} Context
 * @property {(id: string) => Value} value
 * @property {import("./values.js").Clock} clock
 */

/** Powers of ten for round(), written out so that Swift and JavaScript use the same numbers. */
const POWERS = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/** @param {number} n */
function finite(n) {
  return Number.isFinite(n) ? n : null;
}

/**
 * A text next to a date (date-time) is read as one; null when it is not one.
 * @param {Value} value
 * @param {Value} other
 * @returns {Value}
 */
function beside(value, other) {
  if (typeof value !== "string" || other === null || typeof other !== "object") return value;
  if (other.kind === "date") return parseDate(value);
  if (other.kind === "datetime") return parseDateTime(value);
  return value;
}

/**
 * Compares texts by Unicode code points.
 * @param {string} a
 * @param {string} b
 */
export function compareTexts(a, b) {
  const x = Array.from(a);
  const y = Array.from(b);
  const count = Math.min(x.length, y.length);
  for (let i = 0; i < count; i += 1) {
    const p = /** @type {number} */ (x[i].codePointAt(0));
    const q = /** @type {number} */ (y[i].codePointAt(0));
    if (p !== q) return p < q ? -1 : 1;
  }
  return x.length === y.length ? 0 : x.length < y.length ? -1 : 1;
}

/**
 * -1, 0 or 1; undefined when the two cannot be ordered (null, or different kinds).
 * @param {Value} a
 * @param {Value} b
 * @returns {number | undefined}
 */
export function compare(a, b) {
  const x = beside(a, b);
  const y = beside(b, a);
  if (x === null || y === null) return undefined;
  if (typeof x === "number" && typeof y === "number") return x < y ? -1 : x > y ? 1 : 0;
  if (typeof x === "string" && typeof y === "string") return compareTexts(x, y);
  if (typeof x === "object" && typeof y === "object") {
    if (x.kind === "date" && y.kind === "date") return x.day < y.day ? -1 : x.day > y.day ? 1 : 0;
    if (x.kind === "datetime" && y.kind === "datetime") return x.ms < y.ms ? -1 : x.ms > y.ms ? 1 : 0;
  }
  return undefined;
}

/**
 * Equality: null equals only null; values of different kinds are not equal.
 * @param {Value} a
 * @param {Value} b
 */
export function equal(a, b) {
  if (a === null || b === null) return a === null && b === null;
  const x = beside(a, b);
  const y = beside(b, a);
  if (x === null || y === null) return false;
  if (typeof x !== "object" || typeof y !== "object") return x === y;
  switch (x.kind) {
    case "date":
      return y.kind === "date" && x.day === y.day;
    case "datetime":
      return y.kind === "datetime" && x.ms === y.ms;
    case "document":
      return y.kind === "document" && x.name === y.name;
    default:
      return y.kind === "location" && x.longitude === y.longitude && x.latitude === y.latitude;
  }
}

/**
 * Evaluates a checked tree.
 * @param {Node} node
 * @param {Context} context
 * @returns {Value}
 */
export function evaluate(node, context) {
  switch (node.kind) {
    case "literal":
      return node.value ?? null;
    case "field":
      return context.value(node.id ?? "") ?? null;
    case "unary": {
      const operand = evaluate(/** @type {Node} */ (node.operand), context);
      if (node.operator === "not") return typeof operand === "boolean" ? !operand : null;
      return typeof operand === "number" ? -operand : null;
    }
    case "binary":
      return binary(node, context);
    default:
      return call(node, context);
  }
}

/**
 * @param {Node} node
 * @param {Context} context
 * @returns {Value}
 */
function binary(node, context) {
  const leftNode = /** @type {Node} */ (node.left);
  const rightNode = /** @type {Node} */ (node.right);
  const left = evaluate(leftNode, context);
  switch (node.operator) {
    case "and": {
      if (left === false) return false;
      const right = evaluate(rightNode, context);
      if (right === false) return false;
      return left === true && right === true ? true : null;
    }
    case "or": {
      if (left === true) return true;
      const right = evaluate(rightNode, context);
      if (right === true) return true;
      return left === false && right === false ? false : null;
    }
    default:
      break;
  }
  const right = evaluate(rightNode, context);
  switch (node.operator) {
    case "==":
      return equal(left, right);
    case "!=":
      return !equal(left, right);
    case "<":
    case "<=":
    case ">":
    case ">=": {
      const order = compare(left, right);
      if (order === undefined) return null;
      if (node.operator === "<") return order < 0;
      if (node.operator === "<=") return order <= 0;
      if (node.operator === ">") return order > 0;
      return order >= 0;
    }
    case "+":
      if (typeof left === "number" && typeof right === "number") return finite(left + right);
      if (typeof left === "string" && typeof right === "string") return left + right;
      return null;
    default:
      break;
  }
  if (typeof left !== "number" || typeof right !== "number") return null;
  switch (node.operator) {
    case "-":
      return finite(left - right);
    case "*":
      return finite(left * right);
    default:
      return right === 0 ? null : finite(left / right);
  }
}

/**
 * @param {Node} node
 * @param {Context} context
 * @returns {Value}
 */
function call(node, context) {
  const args = node.args ?? [];
  const at = (/** @type {number} */ index) => evaluate(args[index], context);
  switch (node.name) {
    case "empty": {
      const value = at(0);
      return value === null || value === "";
    }
    case "len": {
      const value = at(0);
      return typeof value === "string" ? Array.from(value).length : null;
    }
    case "count":
      return args.reduce((total, _, index) => {
        const value = at(index);
        return value === null || value === "" || value === false ? total : total + 1;
      }, 0);
    case "round": {
      const value = at(0);
      const places = args.length > 1 ? at(1) : 0;
      if (typeof value !== "number" || typeof places !== "number") return null;
      if (!Number.isInteger(places) || places < 0 || places >= POWERS.length) return null;
      const power = POWERS[places];
      const rounded = Math.floor(Math.abs(value) * power + 0.5) / power;
      return finite(value < 0 ? -rounded : rounded);
    }
    case "min":
    case "max": {
      /** @type {Value} */
      let best = null;
      for (let index = 0; index < args.length; index += 1) {
        const value = at(index);
        if (value === null) continue;
        if (best === null) {
          best = value;
          continue;
        }
        const order = compare(value, best);
        if (order === undefined) return null;
        if (node.name === "min" ? order < 0 : order > 0) best = value;
      }
      return best;
    }
    case "if":
      return at(0) === true ? at(1) : at(2);
    case "today":
      return context.clock.today;
    case "now":
      return context.clock.now;
    default: {
      const first = at(0);
      const second = at(1);
      const a = beside(first, second);
      const b = beside(second, a);
      if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return null;
      if (a.kind === "date" && b.kind === "date") return b.day - a.day;
      if (a.kind === "datetime" && b.kind === "datetime") return finite((b.ms - a.ms) / 86400000);
      return null;
    }
  }
}
