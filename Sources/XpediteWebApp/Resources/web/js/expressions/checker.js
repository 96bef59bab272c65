// The type checker of the expression language (docs/notify.md#expressions): what type an
// expression gives, against the types of the payload's fields, or the first error, at its column.

import { ExpressionError } from "./errors.js";
import { parseDate, parseDateTime } from "./values.js";

/**
 * The static types. `null` is the type of the literal null; `any` that of a choice whose values
 * mix strings and numbers: both fit anywhere, and are checked when evaluated.
 * @typedef {"number" | "string" | "boolean" | "date" | "datetime" | "document" | "location" | "null" | "any"} Type
 */

/** @typedef {import("./parser.js").Node} Node */

const ORDERED = ["number", "string", "date", "datetime"];

/**
 * How messages name a type: "a number", "a text".
 * @param {Type} type
 */
export function article(type) {
  switch (type) {
    case "number":
      return "a number";
    case "string":
      return "a text";
    case "boolean":
      return "a boolean";
    case "date":
      return "a date";
    case "datetime":
      return "a date-time";
    case "document":
      return "a document";
    case "location":
      return "a location";
    case "null":
      return "null";
    default:
      return "any value";
  }
}

/** @param {Type} type */
function isLoose(type) {
  return type === "null" || type === "any";
}

/**
 * The type both `a` and `b` fit, or undefined.
 * @param {Type} a
 * @param {Type} b
 * @returns {Type | undefined}
 */
export function unify(a, b) {
  if (a === "null") return b;
  if (b === "null") return a;
  if (a === "any" || b === "any") return "any";
  return a === b ? a : undefined;
}

/**
 * The field type of a payload field's JSON definition, or undefined when it gives no value.
 * Computed fields are typed by the caller, from their expression.
 * @param {{type?: unknown, values?: unknown}} field
 * @returns {Type | undefined}
 */
export function fieldType(field) {
  switch (field.type) {
    case "inputInteger":
    case "inputReal":
      return "number";
    case "inputString":
    case "barcode":
      return "string";
    case "checkbox":
      return "boolean";
    case "date":
      return "date";
    case "datetime":
    case "currentDateTime":
      return "datetime";
    case "camera":
    case "markupImage":
    case "audio":
    case "video":
      return "document";
    case "currentLocation":
    case "map":
      return "location";
    case "droplist":
    case "radioButtons": {
      const values = Array.isArray(field.values) ? field.values : [];
      const kinds = new Set(
        values.map((v) => (typeof v === "object" && v !== null ? /** @type {{value?: unknown}} */ (v).value : v)).map((v) => typeof v),
      );
      if (kinds.size === 1 && kinds.has("number")) return "number";
      if (kinds.size === 1 && kinds.has("string")) return "string";
      return kinds.size === 0 ? "string" : "any";
    }
    default:
      return undefined;
  }
}

/**
 * The type of `node` as `other`'s partner in a comparison or days(): a text literal next to a date
 * (date-time) is read as one, and must be one.
 * @param {Node} node
 * @param {Type} type
 * @param {Type} other
 * @returns {Type}
 */
function beside(node, type, other) {
  if (type !== "string" || node.kind !== "literal" || typeof node.value !== "string") return type;
  if (other === "date") {
    if (parseDate(node.value) === null) throw new ExpressionError("type", node.column, `expected a date like '2026-11-27', got '${node.value}'`);
    return "date";
  }
  if (other === "datetime") {
    if (parseDateTime(node.value) === null) {
      throw new ExpressionError("type", node.column, `expected a date-time like '2026-11-27T09:30:00+01:00', got '${node.value}'`);
    }
    return "datetime";
  }
  return type;
}

/**
 * Checks the tree against the fields' types.
 * @param {Node} node
 * @param {(id: string) => Type | undefined} typeOf the type of an input field, undefined when there is none
 * @returns {Type}
 * @throws {ExpressionError}
 */
export function check(node, typeOf) {
  switch (node.kind) {
    case "literal":
      if (node.value === null || node.value === undefined) return "null";
      return /** @type {Type} */ (typeof node.value);
    case "field": {
      const id = node.id ?? "";
      const type = typeOf(id);
      if (type === undefined) throw new ExpressionError("unknown-field", node.column, `unknown field $${id}: no input field has this id`);
      return type;
    }
    case "unary":
      return checkUnary(node, typeOf);
    case "binary":
      return checkBinary(node, typeOf);
    default:
      return checkCall(node, typeOf);
  }
}

/**
 * @param {Node} node
 * @param {(id: string) => Type | undefined} typeOf
 * @returns {Type}
 */
function checkUnary(node, typeOf) {
  const operand = check(/** @type {Node} */ (node.operand), typeOf);
  const wanted = node.operator === "not" ? "boolean" : "number";
  if (operand !== wanted && !isLoose(operand)) {
    throw new ExpressionError("type", node.column, `${node.operator} needs ${article(wanted)}, got ${article(operand)}`);
  }
  return wanted;
}

/**
 * @param {Node} node
 * @param {(id: string) => Type | undefined} typeOf
 * @returns {Type}
 */
function checkBinary(node, typeOf) {
  const leftNode = /** @type {Node} */ (node.left);
  const rightNode = /** @type {Node} */ (node.right);
  let left = check(leftNode, typeOf);
  let right = check(rightNode, typeOf);
  const operator = node.operator ?? "";
  const fail = () => {
    throw new ExpressionError("type", node.column, `${operator} cannot take ${article(left)} and ${article(right)}`);
  };
  switch (operator) {
    case "and":
    case "or":
      if ((left !== "boolean" && !isLoose(left)) || (right !== "boolean" && !isLoose(right))) fail();
      return "boolean";
    case "==":
    case "!=":
      left = beside(leftNode, left, right);
      right = beside(rightNode, right, left);
      if (unify(left, right) === undefined) fail();
      return "boolean";
    case "<":
    case "<=":
    case ">":
    case ">=":
      left = beside(leftNode, left, right);
      right = beside(rightNode, right, left);
      if ((!ORDERED.includes(left) && !isLoose(left)) || (!ORDERED.includes(right) && !isLoose(right))) fail();
      if (unify(left, right) === undefined) fail();
      return "boolean";
    case "+": {
      if (unify(left, right) === undefined) fail();
      const known = isLoose(left) ? right : left;
      if (isLoose(known)) return "any";
      if (known !== "number" && known !== "string") fail();
      return known;
    }
    default:
      if ((left !== "number" && !isLoose(left)) || (right !== "number" && !isLoose(right))) fail();
      return "number";
  }
}

/**
 * @param {Node} node
 * @param {(id: string) => Type | undefined} typeOf
 * @returns {Type}
 */
function checkCall(node, typeOf) {
  const args = node.args ?? [];
  const name = node.name ?? "";
  const types = args.map((arg) => check(arg, typeOf));
  /**
   * @param {number} index
   * @param {string} wanted
   */
  const fail = (index, wanted) => {
    throw new ExpressionError("type", args[index].start, `${name} needs ${wanted}, got ${article(types[index])}`);
  };
  switch (name) {
    case "empty":
      return "boolean";
    case "count":
      return "number";
    case "len":
      if (types[0] !== "string" && !isLoose(types[0])) fail(0, "a text");
      return "number";
    case "round":
      types.forEach((type, index) => {
        if (type !== "number" && !isLoose(type)) fail(index, "a number");
      });
      return "number";
    case "min":
    case "max": {
      /** @type {Type} */
      let result = "null";
      types.forEach((type, index) => {
        if (!ORDERED.includes(type) && !isLoose(type)) fail(index, "numbers, texts, dates or date-times");
        const joined = unify(result, type);
        if (joined === undefined) fail(index, `values of one type, ${article(result)} before`);
        result = /** @type {Type} */ (joined);
      });
      return result;
    }
    case "if": {
      if (types[0] !== "boolean" && !isLoose(types[0])) fail(0, "a boolean condition");
      const result = unify(types[1], types[2]);
      if (result === undefined) fail(2, `the same type in both branches, ${article(types[1])} first`);
      return /** @type {Type} */ (result);
    }
    case "today":
      return "date";
    case "now":
      return "datetime";
    default: {
      const first = beside(args[0], types[0], types[1]);
      const second = beside(args[1], types[1], first);
      types[0] = first;
      types[1] = second;
      if (first !== "date" && first !== "datetime" && !isLoose(first)) fail(0, "a date or a date-time");
      if (second !== "date" && second !== "datetime" && !isLoose(second)) fail(1, "a date or a date-time");
      if (unify(first, second) === undefined) fail(1, `${article(first)} like the first argument`);
      return "number";
    }
  }
}
