// JSON paths as XpediteProtocol's JSONPath prints and orders them: `$.components[1].name`; a key
// holding `.`, `[`, `]`, `"`, a space or `'` (or an empty key) is written in brackets, `$.options["a b"]`.

/**
 * One step of a path: a key (string) or an index (number).
 * @typedef {string | number} PathStep
 */

/**
 * A path: the steps from the root.
 * @typedef {readonly PathStep[]} JSONPath
 */

const BRACKETED = /[.[\]" ']/;

/**
 * The text of a path, `$` for the root.
 * @param {JSONPath} path
 * @returns {string}
 */
export function describePath(path) {
  let text = "$";
  for (const step of path) {
    if (typeof step === "number") {
      text += `[${step}]`;
    } else if (step.length > 0 && !BRACKETED.test(step)) {
      text += `.${step}`;
    } else {
      text += `["${step.replaceAll('"', '\\"')}"]`;
    }
  }
  return text;
}

/**
 * Orders paths as JSONPath's `<`: step by step, indexes before keys, a prefix first.
 * @param {JSONPath} left
 * @param {JSONPath} right
 * @returns {number}
 */
export function comparePaths(left, right) {
  const count = Math.min(left.length, right.length);
  for (let index = 0; index < count; index += 1) {
    const a = left[index];
    const b = right[index];
    if (a === b) continue;
    if (typeof a === "number" && typeof b === "number") return a < b ? -1 : 1;
    if (typeof a === "string" && typeof b === "string") return a < b ? -1 : 1;
    return typeof a === "number" ? -1 : 1;
  }
  return left.length - right.length;
}

/**
 * Whether `path` starts with `prefix`.
 * @param {JSONPath} path
 * @param {JSONPath} prefix
 * @returns {boolean}
 */
export function hasPrefix(path, prefix) {
  if (path.length < prefix.length) return false;
  for (let index = 0; index < prefix.length; index += 1) {
    if (path[index] !== prefix[index]) return false;
  }
  return true;
}

/**
 * Whether two paths are the same.
 * @param {JSONPath} left
 * @param {JSONPath} right
 * @returns {boolean}
 */
export function samePath(left, right) {
  return left.length === right.length && hasPrefix(left, right);
}
