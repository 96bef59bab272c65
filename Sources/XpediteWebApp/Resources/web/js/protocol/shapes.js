// The shapes of the wire format (XpediteProtocol's Shape and ObjectShape): what a value must look
// like, and the words messages use for it ("expected a colour \"#RRGGBB\", got …").

import { formatNumber } from "./canonical-json.js";

/**
 * A value's shape.
 * @typedef {{kind: "string"} | {kind: "number"} | {kind: "integer"} | {kind: "boolean"} | {kind: "null"}
 *   | {kind: "colour"} | {kind: "date"} | {kind: "bounds"} | {kind: "component"} | {kind: "any"}
 *   | {kind: "boundedNumber", minimum?: number, maximum?: number, exclusive: boolean}
 *   | {kind: "boundedInteger", minimum: number}
 *   | {kind: "oneOf", values: readonly string[]}
 *   | {kind: "array", element: Shape}
 *   | {kind: "map", element: Shape}
 *   | {kind: "object", name: string}
 *   | {kind: "anyOf", shapes: readonly Shape[]}} Shape
 */

/**
 * One key of an object shape.
 * @typedef {object} Property
 * @property {string} key
 * @property {Shape} shape
 * @property {boolean} required
 */

/**
 * An object's definition.
 * @typedef {object} ObjectShape
 * @property {string} name
 * @property {string} displayName how messages name it ("method dict")
 * @property {string} expectation what "expected …" says ("a method dict {\"function\": name}")
 * @property {Property[]} properties in declaration order
 * @property {Map<string, Property>} byKey
 * @property {string[]} keys
 * @property {number} requiredCount
 */

/** @type {Shape} */ export const STRING = { kind: "string" };
/** @type {Shape} */ export const NUMBER = { kind: "number" };
/** @type {Shape} */ export const INTEGER = { kind: "integer" };
/** @type {Shape} */ export const BOOLEAN = { kind: "boolean" };
/** @type {Shape} */ export const NULL = { kind: "null" };
/** @type {Shape} */ export const COLOUR = { kind: "colour" };
/** @type {Shape} */ export const DATE = { kind: "date" };
/** @type {Shape} */ export const BOUNDS = { kind: "bounds" };
/** @type {Shape} */ export const COMPONENT = { kind: "component" };
/** @type {Shape} */ export const ANY = { kind: "any" };

/**
 * @param {number | undefined} minimum
 * @param {number | undefined} maximum
 * @param {boolean} exclusive
 * @returns {Shape}
 */
export function boundedNumber(minimum, maximum, exclusive) {
  return { kind: "boundedNumber", minimum, maximum, exclusive };
}

/**
 * @param {number} minimum
 * @returns {Shape}
 */
export function boundedInteger(minimum) {
  return { kind: "boundedInteger", minimum };
}

/**
 * @param {readonly string[]} values
 * @returns {Shape}
 */
export function oneOf(values) {
  return { kind: "oneOf", values };
}

/**
 * @param {Shape} element
 * @returns {Shape}
 */
export function arrayOf(element) {
  return { kind: "array", element };
}

/**
 * @param {Shape} element
 * @returns {Shape}
 */
export function mapOf(element) {
  return { kind: "map", element };
}

/**
 * @param {string} name
 * @returns {Shape}
 */
export function objectNamed(name) {
  return { kind: "object", name };
}

/**
 * @param {readonly Shape[]} shapes
 * @returns {Shape}
 */
export function anyOf(shapes) {
  return { kind: "anyOf", shapes };
}

/**
 * A property.
 * @param {string} key
 * @param {Shape} shape
 * @param {boolean} [required]
 * @returns {Property}
 */
export function property(key, shape, required = false) {
  return { key, shape, required };
}

/**
 * An object shape.
 * @param {string} name
 * @param {Property[]} properties
 * @param {{displayName?: string, expectation?: string}} [words]
 * @returns {ObjectShape}
 */
export function objectShape(name, properties, words = {}) {
  /** @type {Map<string, Property>} */
  const byKey = new Map();
  for (const entry of properties) if (!byKey.has(entry.key)) byKey.set(entry.key, entry);
  return {
    name,
    displayName: words.displayName ?? name,
    expectation: words.expectation ?? "an object",
    properties,
    byKey,
    keys: properties.map((entry) => entry.key),
    requiredCount: properties.filter((entry) => entry.required).length,
  };
}

/**
 * What "expected …" says for a shape (Shape.expectation).
 * @param {Shape} shape
 * @param {(name: string) => ObjectShape | undefined} lookup the named object shapes
 * @returns {string}
 */
export function expectation(shape, lookup) {
  switch (shape.kind) {
    case "string": return "a string";
    case "number": return "a number";
    case "boundedNumber": {
      const { minimum, maximum, exclusive } = shape;
      if (minimum !== undefined && maximum !== undefined) {
        return `a number from ${formatNumber(minimum)} to ${formatNumber(maximum)}`;
      }
      if (minimum !== undefined) {
        return exclusive ? `a number greater than ${formatNumber(minimum)}` : `a number of at least ${formatNumber(minimum)}`;
      }
      if (maximum !== undefined) return `a number of at most ${formatNumber(maximum)}`;
      return "a number";
    }
    case "integer": return "an integer";
    case "boundedInteger": return shape.minimum === 1 ? "a positive integer" : `an integer of at least ${shape.minimum}`;
    case "boolean": return "a boolean";
    case "null": return "null";
    case "oneOf":
      return shape.values.length === 1
        ? `"${shape.values[0]}"`
        : `one of ${shape.values.map((value) => `"${value}"`).join(", ")}`;
    case "colour": return "a colour \"#RRGGBB\"";
    case "date": return "a date \"yyyy-MM-dd\"";
    case "bounds": return "bounds \"(x, y, width, height)\"";
    case "array": return "an array";
    case "map": return "an object";
    case "object": return lookup(shape.name)?.expectation ?? "an object";
    case "component": return "a component object";
    case "anyOf": {
      /** @type {string[]} */
      const seen = [];
      for (const alternative of shape.shapes) {
        const text = expectation(alternative, lookup);
        if (!seen.includes(text)) seen.push(text);
      }
      return seen.length <= 2 ? seen.join(" or ") : `${seen.slice(0, -1).join(", ")} or ${seen[seen.length - 1]}`;
    }
    default: return "any value";
  }
}
