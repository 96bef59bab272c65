// The normaliser's rewrites of a size dict (DialectNormalizer's size rewrites): number strings
// read as numbers, the old centring flags read as their keys, and two keys for one quantity
// reported as `conflicting-size-keys`.

import { error } from "./issues.js";
import { numericString } from "./shared-rewrites.js";
import { has } from "./values.js";

/** @typedef {import("./json-types").JSONObject} JSONObject */
/** @typedef {import("./path.js").JSONPath} JSONPath */
/** @typedef {import("./issues.js").Issue} Issue */
/** @typedef {import("./normalizer.js").DialectNormalizer} DialectNormalizer */

/** @type {ReadonlyArray<[string, string[]]>} */
const SIZE_QUANTITIES = [
  ["horizontal position", ["centrex", "center-x", "centre-x", "x+", "x", "x%"]],
  ["vertical position", ["centrey", "centre-y", "center-y", "y+", "y", "y%"]],
  ["width", ["width", "width%"]],
  ["height", ["height", "height%", "relative-height%"]],
];

/** @type {ReadonlyArray<[string, string]>} old centring flags and the key they become */
const CENTRE_FLAGS = [["center-x", "centrex"], ["centre-x", "centrex"], ["centre-y", "centrey"], ["center-y", "centrey"]];

/**
 * The `conflicting-size-keys` errors of a size dict: two keys for one quantity.
 * @param {JSONObject} size
 * @param {JSONPath} path
 * @returns {Issue[]}
 */
export function conflictingSizeKeys(size, path) {
  /** @type {Issue[]} */
  const issues = [];
  for (const [quantity, keys] of SIZE_QUANTITIES) {
    const given = keys.filter((key) => has(size, key));
    if (given.length <= 1) continue;
    const list = given.map((key) => `"${key}"`).join(" and ");
    issues.push(error("conflicting-size-keys", path,
      `${list} both set the ${quantity}; "${given[0]}" wins, send only one`, true));
  }
  return issues;
}

/**
 * Rewrites a size dict in place.
 * @param {DialectNormalizer} normalizer
 * @param {JSONObject} size
 */
export function normalizeSize(normalizer, size) {
  for (const key of Object.keys(size)) {
    if (typeof size[key] === "string") numericString(normalizer, size, key);
  }
  normalizer.issues.push(...conflictingSizeKeys(size, [...normalizer.stack]));
  for (const [old, replacement] of CENTRE_FLAGS) {
    if (!has(size, old)) continue;
    delete size[old];
    if (!has(size, replacement)) {
      size[replacement] = 0;
      normalizer.alias([replacement], [old]);
      // centre-y is what the SDK itself emits for vertical centring.
      if (old !== "centre-y") normalizer.note(old, `"${old}" is old dialect; read as "${replacement}": 0`);
    }
  }
}
