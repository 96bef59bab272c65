// The rewrites the normaliser makes on many kinds of object (DialectNormalizer's shared
// rewrites): `colour` renamed `color`, number strings read as numbers and numbers as strings,
// method strings read as method dicts, empty arrays read as empty objects, and components sent
// as an object with numeric keys read as an array.

import { formatNumber } from "./canonical-json.js";
import { warning } from "./issues.js";
import { parseSwiftDouble, trimSpaces } from "./swift-double.js";
import { has, isObject } from "./values.js";

/** @typedef {import("./json-types").JSONValue} JSONValue */
/** @typedef {import("./json-types").JSONObject} JSONObject */
/** @typedef {import("./normalizer.js").DialectNormalizer} DialectNormalizer */

/**
 * `colour` becomes `color`, unless `color` is present.
 * @param {DialectNormalizer} normalizer
 * @param {JSONObject} members
 */
export function renameColour(normalizer, members) {
  if (!has(members, "colour")) return;
  const colour = members.colour;
  delete members.colour;
  if (!has(members, "color")) {
    members.color = colour;
    normalizer.alias(["color"], ["colour"]);
    normalizer.note("colour", "\"colour\" is old dialect; read as \"color\"");
  } else {
    normalizer.issues.push(warning("superseded-key", [...normalizer.stack, "colour"], "\"colour\" is ignored because \"color\" is present"));
  }
}

/**
 * A number sent as a string becomes the number.
 * @param {DialectNormalizer} normalizer
 * @param {JSONObject} members
 * @param {string} key
 */
export function numericString(normalizer, members, key) {
  const text = members[key];
  if (typeof text !== "string") return;
  const number = parseSwiftDouble(trimSpaces(text));
  if (number === undefined || !Number.isFinite(number)) return;
  members[key] = number;
  if (key === "fontsize") {
    normalizer.note(key, `a fontsize string is old dialect; read as the number ${formatNumber(number)}`);
  }
}

/**
 * A number sent where a string belongs becomes its text.
 * @param {DialectNormalizer} normalizer
 * @param {JSONObject} members
 * @param {string} key
 */
export function stringifyNumber(normalizer, members, key) {
  const number = members[key];
  if (typeof number !== "number") return;
  const text = formatNumber(number);
  members[key] = text;
  normalizer.issues.push(warning("type-mismatch", [...normalizer.stack, key], `expected a string, got ${text}; read as "${text}"`));
}

/**
 * A method sent as a string becomes a method dict; empty `parameters` arrays become objects.
 * @param {DialectNormalizer} normalizer
 * @param {JSONObject} members
 * @param {string} key
 * @param {boolean} formdata
 */
export function methodString(normalizer, members, key, formdata) {
  const value = members[key];
  if (typeof value === "string") {
    /** @type {JSONObject} */
    const method = { function: value };
    if (formdata) method.formdata = true;
    members[key] = method;
    normalizer.alias([key, "function"], [key]);
    normalizer.note(key, `a method string is old dialect; read as {"function": "${value}"${formdata ? ", \"formdata\": true" : ""}}`);
  } else if (isObject(value)) {
    const parameters = value.parameters;
    if (Array.isArray(parameters) && parameters.length === 0) value.parameters = {};
  }
}

/**
 * An empty array where an object belongs becomes an empty object (PHP encodes an empty dict so).
 * @param {JSONObject} members
 * @param {string} key
 */
export function emptyArrayAsObject(members, key) {
  const value = members[key];
  if (Array.isArray(value) && value.length === 0) members[key] = {};
}

/**
 * Components sent as an object with numeric keys become an array in key order.
 * @param {DialectNormalizer} normalizer
 * @param {JSONObject} members
 */
export function orderNumericKeys(normalizer, members) {
  const keyed = members.components;
  if (!isObject(keyed)) return;
  /** @type {Array<{number: number, key: string, value: JSONValue}>} */
  const numbered = [];
  for (const key of Object.keys(keyed)) {
    const number = parseSwiftDouble(trimSpaces(key));
    if (number === undefined) return;
    numbered.push({ number, key, value: keyed[key] });
  }
  numbered.sort((left, right) => left.number - right.number);
  members.components = numbered.map((entry) => entry.value);
  numbered.forEach((entry, index) => {
    normalizer.alias(["components", index], ["components", entry.key]);
  });
  normalizer.note("components", "components sent as an object with numeric keys; read in key order");
}
