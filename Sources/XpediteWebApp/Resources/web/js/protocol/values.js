// The protocol's value forms as XpediteProtocol reads them: colours, dates, bounds, integers,
// the short summary of a value in messages, and the "did you mean" suggestion.

import { formatNumber } from "./canonical-json.js";

/** @typedef {import("./json-types").JSONValue} JSONValue */
/** @typedef {import("./json-types").JSONObject} JSONObject */

/**
 * Whether a value is a JSON object (not an array, not null).
 * @param {JSONValue | undefined} value
 * @returns {value is JSONObject}
 */
export function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * The integer a number holds (integral, within ±2^53), else undefined (JSONValue.intValue).
 * @param {JSONValue | undefined} value
 * @returns {number | undefined}
 */
export function intValue(value) {
  if (typeof value !== "number" || !Number.isInteger(value) || Math.abs(value) > 9_007_199_254_740_992) return undefined;
  return value + 0;
}

/**
 * A colour "#RGB", "#RRGGBB" or "#RRGGBBAA" in its canonical form, "#RRGGBB" (uppercase) or
 * "#RRGGBBAA" when not opaque; undefined when it is no colour (Colour(hex:), Colour.hex).
 * @param {string} text
 * @returns {string | undefined}
 */
export function canonicalColour(text) {
  if (!/^#(?:[0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$/.test(text)) return undefined;
  let digits = text.slice(1).toUpperCase();
  if (digits.length === 3) digits = [...digits].map((digit) => digit + digit).join("");
  if (digits.length === 8 && digits.endsWith("FF")) digits = digits.slice(0, 6);
  return `#${digits}`;
}

/**
 * Whether a colour is in the protocol's form "#RRGGBB".
 * @param {string} text
 * @returns {boolean}
 */
export function isCanonicalColourForm(text) {
  return text.length === 7 && canonicalColour(text) !== undefined;
}

/**
 * Whether `text` is a real calendar date "yyyy-MM-dd" (CalendarDate.isValid).
 * @param {string} text
 * @returns {boolean}
 */
export function isValidDate(text) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return day <= lengths[month - 1];
}

/**
 * A value as messages show it: `"text"` (cut at 40 characters), a number, `an object`…
 * @param {JSONValue | undefined} value
 * @returns {string}
 */
export function summary(value) {
  if (value === undefined || value === null) return "null";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") return formatNumber(value);
  if (typeof value === "string") {
    const characters = Array.from(value);
    const shown = characters.length > 40 ? `${characters.slice(0, 37).join("")}...` : value;
    return `"${shown}"`;
  }
  return Array.isArray(value) ? "an array" : "an object";
}

/**
 * The name of a value's JSON type.
 * @param {JSONValue} value
 * @returns {string}
 */
export function typeName(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "object") return "object";
  return typeof value === "boolean" ? "boolean" : typeof value;
}

/**
 * The candidate closest to `word` (case-insensitive edit distance with transpositions), when it
 * is close enough to be a likely typo (Suggestion.closest).
 * @param {string} word
 * @param {readonly string[]} candidates
 * @returns {string | undefined}
 */
export function closestSuggestion(word, candidates) {
  const lowered = Array.from(word.toLowerCase());
  /** @type {{candidate: string, distance: number} | undefined} */
  let best;
  for (const candidate of candidates) {
    const distance = editDistance(lowered, Array.from(candidate.toLowerCase()));
    if (distance < (best?.distance ?? Number.POSITIVE_INFINITY)) best = { candidate, distance };
  }
  if (!best || best.distance > 2 || !(best.distance * 2 < Math.max(lowered.length, 2) || best.distance === 0)) {
    return undefined;
  }
  return best.candidate;
}

/**
 * @param {string[]} a
 * @param {string[]} b
 * @returns {number}
 */
function editDistance(a, b) {
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let previousPrevious = new Array(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  let current = new Array(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        current[j] = Math.min(current[j], previousPrevious[j - 2] + 1);
      }
    }
    [previousPrevious, previous, current] = [previous, current, previousPrevious];
  }
  return previous[b.length];
}
