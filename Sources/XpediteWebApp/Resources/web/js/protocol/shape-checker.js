// Checks a normalised tree against the wire format's shapes (XpediteProtocol's ShapeChecker): the
// kind of every value, required keys, ranges, enumerations, colours, dates, bounds, unknown keys
// (with a "did you mean" suggestion) and component types.

import { parseBounds } from "./bounds.js";
import { COMPONENT_SHAPES, COMPONENT_TYPES, shapeNamed } from "./catalogue.js";
import { error, warning } from "./issues.js";
import { conflictingSizeKeys } from "./normalizer.js";
import { expectation } from "./shapes.js";
import { canonicalColour, closestSuggestion, intValue, isCanonicalColourForm, isObject, isValidDate, summary } from "./values.js";

/** @typedef {import("./json-types").JSONValue} JSONValue */
/** @typedef {import("./json-types").JSONObject} JSONObject */
/** @typedef {import("./path.js").PathStep} PathStep */
/** @typedef {import("./issues.js").Issue} Issue */
/** @typedef {import("./shapes.js").Shape} Shape */
/** @typedef {import("./shapes.js").ObjectShape} ObjectShape */

/**
 * What "expected …" says for a shape.
 * @param {Shape} shape
 * @returns {string}
 */
function expected(shape) {
  return expectation(shape, shapeNamed);
}

/** One check of one tree. */
export class ShapeChecker {
  constructor() {
    /** @type {Issue[]} */
    this.issues = [];
    /** @type {PathStep[]} */
    this.stack = [];
    /** Whether size dicts are checked for conflicting keys (the normaliser does it for received packets). */
    this.checksSizeConflicts = false;
  }

  /**
   * Checks the root object.
   * @param {JSONObject} members
   * @param {ObjectShape} definition
   * @param {boolean} [reportUnknownKeys]
   */
  checkRoot(members, definition, reportUnknownKeys = true) {
    this.checkObject(members, definition, definition.displayName, reportUnknownKeys);
  }

  /**
   * @param {JSONValue} value
   * @param {Shape} shape
   * @param {boolean} required
   */
  check(value, shape, required) {
    switch (shape.kind) {
      case "any":
        return;
      case "string":
        if (typeof value === "string") return;
        break;
      case "number":
        if (typeof value === "number") return;
        break;
      case "boundedNumber": {
        if (typeof value !== "number") break;
        const tooLow = shape.minimum !== undefined && (shape.exclusive ? value <= shape.minimum : value < shape.minimum);
        const tooHigh = shape.maximum !== undefined && value > shape.maximum;
        if (tooLow || tooHigh) this.report("out-of-range", `expected ${expected(shape)}, got ${summary(value)}`, !required);
        return;
      }
      case "integer":
        if (intValue(value) !== undefined) return;
        break;
      case "boundedInteger": {
        const number = intValue(value);
        if (number === undefined) break;
        if (number < shape.minimum) this.report("out-of-range", `expected ${expected(shape)}, got ${summary(value)}`, !required);
        return;
      }
      case "boolean":
        if (typeof value === "boolean") return;
        break;
      case "null":
        if (value === null) return;
        break;
      case "oneOf": {
        if (typeof value !== "string") break;
        if (!shape.values.includes(value)) {
          let message = `expected ${expected(shape)}, got ${summary(value)}`;
          const suggestion = closestSuggestion(value, shape.values);
          if (suggestion !== undefined) message += `; did you mean "${suggestion}"?`;
          this.report("invalid-value", message, !required);
        }
        return;
      }
      case "colour":
        if (typeof value !== "string") break;
        if (canonicalColour(value) === undefined) {
          this.report("invalid-colour", `expected a colour "#RRGGBB", got ${summary(value)}`, true);
        } else if (!isCanonicalColourForm(value)) {
          this.issues.push(warning("colour-form", [...this.stack],
            `colour ${summary(value)} is accepted, but the protocol's form is "#RRGGBB"`));
        }
        return;
      case "date":
        if (typeof value !== "string") break;
        if (!isValidDate(value)) this.report("invalid-date", `expected a date "yyyy-MM-dd", got ${summary(value)}`, !required);
        return;
      case "bounds":
        if (typeof value !== "string") break;
        if (parseBounds(value) === undefined) {
          const signed = parseBounds(value.replaceAll("-", "")) !== undefined;
          const detail = signed ? " with a width and height of at least 0" : "";
          this.report("invalid-bounds", `expected bounds "(x, y, width, height)"${detail}, got ${summary(value)}`, !required);
        }
        return;
      case "array":
        if (!Array.isArray(value)) break;
        if (shape.element.kind === "map" && shape.element.element.kind === "any" && value.every(isObject)) return;
        value.forEach((item, index) => {
          this.stack.push(index);
          this.check(item, shape.element, true);
          this.stack.pop();
        });
        return;
      case "map": {
        if (!isObject(value)) break;
        if (shape.element.kind === "any") return;
        const element = shape.element;
        for (const key of Object.keys(value)) {
          this.stack.push(key);
          this.check(value[key], element, true);
          this.stack.pop();
        }
        return;
      }
      case "object": {
        if (!isObject(value)) break;
        const definition = shapeNamed(shape.name);
        if (definition) {
          this.checkObject(value, definition, definition.displayName, true);
          if (this.checksSizeConflicts && shape.name === "size") this.issues.push(...conflictingSizeKeys(value, [...this.stack]));
        }
        return;
      }
      case "component":
        if (!isObject(value)) break;
        this.checkComponent(value);
        return;
      case "anyOf": {
        const match = shape.shapes.find((alternative) => fits(value, alternative));
        if (match) {
          this.check(value, match, required);
          return;
        }
        break;
      }
      default:
        break;
    }
    this.report("type-mismatch", `expected ${expected(shape)}, got ${summary(value)}`, !required);
  }

  /**
   * @param {JSONObject} members
   * @param {ObjectShape} definition
   * @param {string} context
   * @param {boolean} reportUnknownKeys
   */
  checkObject(members, definition, context, reportUnknownKeys) {
    let requiredSeen = 0;
    /** @type {string[]} */
    const unknown = [];
    for (const key of Object.keys(members)) {
      const entry = definition.byKey.get(key);
      if (!entry) {
        unknown.push(key);
        continue;
      }
      if (entry.required) requiredSeen += 1;
      this.stack.push(key);
      this.check(members[key], entry.shape, entry.required);
      this.stack.pop();
    }
    if (requiredSeen < definition.requiredCount) {
      for (const entry of definition.properties) {
        if (entry.required && !Object.hasOwn(members, entry.key)) {
          this.issues.push(error("missing-key", [...this.stack], `${context} requires "${entry.key}"`));
        }
      }
    }
    if (reportUnknownKeys) {
      for (const key of unknown.sort()) {
        let message = `unknown key "${key}" in ${context}; ignored`;
        const suggestion = closestSuggestion(key, definition.keys);
        if (suggestion !== undefined) message += `; did you mean "${suggestion}"?`;
        this.issues.push(warning("unknown-key", [...this.stack, key], message));
      }
    }
  }

  /**
   * @param {JSONObject} members
   */
  checkComponent(members) {
    if (!Object.hasOwn(members, "type")) {
      this.issues.push(error("missing-key", [...this.stack], "component requires \"type\""));
      return;
    }
    const type = members.type;
    if (typeof type !== "string") {
      this.issues.push(error("type-mismatch", [...this.stack, "type"], `expected a component type string, got ${summary(type)}`));
      return;
    }
    const definition = COMPONENT_SHAPES.get(type);
    if (!definition) {
      let message = `unknown component "${type}"`;
      const suggestion = closestSuggestion(type, COMPONENT_TYPES);
      if (suggestion !== undefined) message += `; did you mean "${suggestion}"?`;
      this.issues.push(error("unknown-component", [...this.stack, "type"], message));
      return;
    }
    this.checkObject(members, definition, type, true);
  }

  /**
   * @param {string} code
   * @param {string} message
   * @param {boolean} repairable
   */
  report(code, message, repairable) {
    this.issues.push(error(code, [...this.stack], message, repairable));
  }
}

/**
 * Whether a value has the kind a shape asks for (the alternative `anyOf` picks).
 * @param {JSONValue} value
 * @param {Shape} shape
 * @returns {boolean}
 */
function fits(value, shape) {
  switch (shape.kind) {
    case "any": return true;
    case "string": case "colour": case "date": case "bounds": return typeof value === "string";
    case "oneOf": return typeof value === "string" && shape.values.includes(value);
    case "number": case "boundedNumber": return typeof value === "number";
    case "integer": case "boundedInteger": return intValue(value) !== undefined;
    case "boolean": return typeof value === "boolean";
    case "null": return value === null;
    case "array": return Array.isArray(value);
    case "map": case "object": case "component": return isObject(value);
    case "anyOf": return shape.shapes.some((alternative) => fits(value, alternative));
    default: return false;
  }
}
