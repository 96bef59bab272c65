// The normaliser's rewrites of the choice components (DialectNormalizer's checkbox, options and
// select rewrites): a checkbox's boolean or number value read as "1" or "0", options sent as an
// array read as an object keyed "0", "1", …, and a select's old `values` flags read as its
// initial selection.

import { error, warning } from "./issues.js";
import { emptyArrayAsObject } from "./shared-rewrites.js";
import { has, isObject } from "./values.js";

/** @typedef {import("./json-types").JSONObject} JSONObject */
/** @typedef {import("./normalizer.js").DialectNormalizer} DialectNormalizer */

/**
 * Option keys in display order: plain code-point order (Options.sorted).
 * @param {string[]} keys
 * @returns {string[]}
 */
export function sortOptionKeys(keys) {
  return [...keys].sort((left, right) => {
    const a = Array.from(left, (character) => character.codePointAt(0) ?? 0);
    const b = Array.from(right, (character) => character.codePointAt(0) ?? 0);
    for (let index = 0; index < Math.min(a.length, b.length); index += 1) {
      if (a[index] !== b[index]) return a[index] - b[index];
    }
    return a.length - b.length;
  });
}

/**
 * @param {DialectNormalizer} normalizer
 * @param {JSONObject} members
 */
export function normalizeCheckbox(normalizer, members) {
  const value = members.value;
  /** @type {boolean | undefined} */
  let checked;
  if (typeof value === "boolean") {
    checked = value;
    normalizer.note("value", `checkbox value ${value} is old dialect; read as "${value ? "1" : "0"}"`);
  } else if (value === 0 || value === 1) {
    checked = value === 1;
  } else if (value === "true") {
    checked = true;
  } else if (value === "false") {
    checked = false;
  }
  if (checked !== undefined) members.value = checked ? "1" : "0";
}

/**
 * @param {DialectNormalizer} normalizer
 * @param {JSONObject} members
 */
export function normalizeOptions(normalizer, members) {
  const elements = members.options;
  if (!Array.isArray(elements)) return;
  /** @type {JSONObject} */
  const options = {};
  elements.forEach((label, index) => {
    options[String(index)] = label;
    normalizer.alias(["options", String(index)], ["options", index]);
  });
  members.options = options;
  if (elements.length > 0) {
    normalizer.issues.push(error("options-not-object", [...normalizer.stack, "options"],
      `options must be an object with string keys, got an array; read with keys "0" to "${elements.length - 1}"`, true));
  }
}

/**
 * @param {DialectNormalizer} normalizer
 * @param {JSONObject} members
 */
export function normalizeSelectValues(normalizer, members) {
  emptyArrayAsObject(members, "values");
  const values = members.values;
  if (!isObject(values)) return;
  delete members.values;
  if (has(members, "value")) {
    normalizer.issues.push(warning("superseded-key", [...normalizer.stack, "values"], "\"values\" is ignored because \"value\" is present"));
    return;
  }
  normalizer.note("values", "select values is old dialect; read as the initial selection in value");
  const chosen = sortOptionKeys(Object.keys(values)).filter((key) => {
    const flag = values[key];
    return flag === true || flag === 1 || flag === "1" || flag === "true";
  });
  if (members.multi === true) {
    members.value = chosen;
  } else if (chosen.length > 0) {
    members.value = chosen[0];
  }
}
