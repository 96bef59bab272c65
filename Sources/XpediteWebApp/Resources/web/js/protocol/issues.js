// Validation issues as XpediteProtocol's ValidationIssue: a path, a stable code, a severity, a
// message, and whether a lenient reader repairs it (else it drops the innermost component).

import { comparePaths, describePath } from "./path.js";

/** @typedef {import("./path.js").JSONPath} JSONPath */

/**
 * One issue, as the reader reports it.
 * @typedef {object} Issue
 * @property {JSONPath} path where the sender wrote the value
 * @property {string} code the stable code (`type-mismatch`, `old-dialect`, …)
 * @property {"error" | "warning"} severity
 * @property {string} message a readable sentence
 * @property {boolean} repairable whether a lenient reader repairs it instead of dropping the component
 */

/**
 * An error.
 * @param {string} code
 * @param {JSONPath} path
 * @param {string} message
 * @param {boolean} [repairable]
 * @returns {Issue}
 */
export function error(code, path, message, repairable = false) {
  return { path, code, severity: "error", message, repairable };
}

/**
 * A warning (always repairable).
 * @param {string} code
 * @param {JSONPath} path
 * @param {string} message
 * @returns {Issue}
 */
export function warning(code, path, message) {
  return { path, code, severity: "warning", message, repairable: true };
}

/**
 * The line `xpedite validate` prints: `path: message`, `path: warning: message`.
 * @param {Issue} issue
 * @returns {string}
 */
export function describeIssue(issue) {
  const path = describePath(issue.path);
  return issue.severity === "error" ? `${path}: ${issue.message}` : `${path}: warning: ${issue.message}`;
}

/**
 * Issues by path, errors before warnings at one path, then by message.
 * @param {Issue[]} issues
 * @returns {Issue[]}
 */
export function sortIssues(issues) {
  return [...issues].sort((left, right) => {
    const byPath = comparePaths(left.path, right.path);
    if (byPath !== 0) return byPath;
    if (left.severity !== right.severity) return left.severity === "error" ? -1 : 1;
    if (left.message === right.message) return 0;
    return left.message < right.message ? -1 : 1;
  });
}
