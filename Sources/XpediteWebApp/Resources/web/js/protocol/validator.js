// Checks a packet as XpediteProtocol's PacketValidator does: rewrites it into the new dialect,
// checks its shape, lints it, reports every issue where the sender wrote the value, and finds
// the components a lenient reader drops (the innermost component of each error it cannot repair).

import { OBJECT_SHAPES } from "./catalogue.js";
import { error, sortIssues } from "./issues.js";
import { Linter } from "./linter.js";
import { DialectNormalizer } from "./normalizer.js";
import { describePath } from "./path.js";
import { ShapeChecker } from "./shape-checker.js";
import { isObject, summary } from "./values.js";

/** @typedef {import("./json-types").JSONValue} JSONValue */
/** @typedef {import("./path.js").JSONPath} JSONPath */
/** @typedef {import("./issues.js").Issue} Issue */

/**
 * What a packet is: a request, a screen (response) or a data response.
 * @typedef {"request" | "response" | "data"} PacketKind
 */

/**
 * @typedef {object} ValidationReport
 * @property {PacketKind} kind
 * @property {Issue[]} issues sorted by path, at the paths the sender wrote
 * @property {JSONValue} normalized the tree rewritten into the new dialect
 * @property {JSONPath[]} broken the components a lenient reader drops, at their rewritten paths
 */

const SHAPE_NAMES = { request: "request", response: "response", data: "dataResponse" };

/**
 * Which packet is which (decision 8): one with `method` is a request; one with `data` and no
 * `components` is a data response; anything else is a response.
 * @param {JSONValue} value
 * @returns {PacketKind}
 */
export function packetKind(value) {
  if (!isObject(value)) return "response";
  if (Object.hasOwn(value, "method")) return "request";
  if (Object.hasOwn(value, "data") && !Object.hasOwn(value, "components")) return "data";
  return "response";
}

/**
 * Validates `value` (rewritten in place: pass a copy to keep the original).
 * @param {JSONValue} value
 * @param {{kind?: PacketKind, isConnectionReply?: boolean}} [options]
 * @returns {ValidationReport}
 */
export function validatePacket(value, options = {}) {
  const kind = options.kind ?? packetKind(value);
  const definition = OBJECT_SHAPES.get(SHAPE_NAMES[kind]);
  const normalizer = new DialectNormalizer();
  if (kind === "request") normalizer.normalizeRequest(value);
  else normalizer.normalizeResponse(value);
  const issues = [...normalizer.issues];
  if (!isObject(value) || !definition) {
    issues.push(error("type-mismatch", [], `expected a ${definition?.displayName ?? kind} object, got ${summary(value)}`));
    return { kind, issues, normalized: value, broken: [] };
  }
  const checker = new ShapeChecker();
  // A request's unknown top-level keys are old servers' flattened arguments; the linter reports them.
  checker.checkRoot(value, definition, kind !== "request");
  const linter = new Linter();
  if (kind === "request") linter.lintRequest(value);
  else if (kind === "response") linter.lintResponse(value, { isConnectionReply: options.isConnectionReply ?? false });
  const found = [...checker.issues, ...linter.issues];
  const broken = brokenComponents(found);
  for (const issue of found) issues.push({ ...issue, path: normalizer.originalPath(issue.path) });
  return { kind, issues: sortIssues(issues), normalized: value, broken };
}

/**
 * The innermost component of every error a lenient reader cannot repair.
 * @param {Issue[]} issues
 * @returns {JSONPath[]}
 */
function brokenComponents(issues) {
  /** @type {Map<string, JSONPath>} */
  const broken = new Map();
  for (const issue of issues) {
    if (issue.severity !== "error" || issue.repairable) continue;
    const steps = issue.path;
    let innermost = -1;
    for (let index = 1; index < steps.length; index += 1) {
      if (typeof steps[index] === "number" && steps[index - 1] === "components") innermost = index;
    }
    if (innermost >= 0) {
      const path = steps.slice(0, innermost + 1);
      broken.set(describePath(path), path);
    }
  }
  return [...broken.values()];
}
