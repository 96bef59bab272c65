// The bounds string the phone sends in setConnection (XpediteProtocol's Bounds):
// "(x, y, width, height)", decimals only, a sign allowed on x and y.

import { doubleDescription } from "./canonical-json.js";

/**
 * @typedef {object} Bounds
 * @property {number} x
 * @property {number} y
 * @property {number} width
 * @property {number} height
 */

const DECIMAL = /^\d+(?:\.\d+)?$/;
const SIGNED_DECIMAL = /^-?\d+(?:\.\d+)?$/;

/**
 * Reads a bounds string; undefined when it is not "(x, y, width, height)" with a non-negative size.
 * @param {string} text
 * @returns {Bounds | undefined}
 */
export function parseBounds(text) {
  let body = trimSpaces(text);
  if (body.startsWith("(")) body = body.slice(1);
  if (body.endsWith(")")) body = body.slice(0, -1);
  const parts = body.split(",").map(trimSpaces);
  if (parts.length !== 4) return undefined;
  /** @type {number[]} */
  const numbers = [];
  for (const [index, part] of parts.entries()) {
    if (!(index < 2 ? SIGNED_DECIMAL : DECIMAL).test(part)) return undefined;
    numbers.push(Number(part));
  }
  return { x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3] };
}

/**
 * Trims spaces and tabs (Swift's `.whitespaces`, not line breaks).
 * @param {string} text
 * @returns {string}
 */
function trimSpaces(text) {
  return text.replace(/^[ \t\u00a0\u2000-\u200a\u202f\u205f\u3000\u1680]+|[ \t\u00a0\u2000-\u200a\u202f\u205f\u3000\u1680]+$/g, "");
}

/**
 * The text a Swift phone sends: "(0.0, 0.0, 393.0, 852.0)".
 * @param {Bounds} bounds
 * @returns {string}
 */
export function formatBounds(bounds) {
  const { x, y, width, height } = bounds;
  return `(${doubleDescription(x)}, ${doubleDescription(y)}, ${doubleDescription(width)}, ${doubleDescription(height)})`;
}
