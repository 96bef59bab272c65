// The engine's reader: protocol/read.js (both dialects, read leniently as XpediteClient reads
// them), its issues with their paths as text.

import { readDataResponse, readResponse } from "../protocol/read.js";
import { describePath } from "../protocol/path.js";

/**
 * @param {import("../protocol/issues.js").Issue[]} issues
 * @returns {import("./alerts.js").Issue[]}
 */
function textIssues(issues) {
  return issues.map((issue) => ({ path: describePath(issue.path), message: issue.message, severity: issue.severity }));
}

/**
 * Reads a screen answer (its parsed JSON).
 * @param {unknown} json
 * @param {{isConnectionReply: boolean}} options
 * @returns {import("./engine.js").ReadResult}
 */
export function readScreen(json, options) {
  const result = readResponse(/** @type {any} */ (json), { mode: "lenient", isConnectionReply: options.isConnectionReply });
  return {
    packet: result.packet,
    issues: textIssues(result.issues),
    dropped: result.dropped,
    ...(result.error !== undefined ? { error: result.error } : {}),
  };
}

/**
 * Reads a data answer (its parsed JSON) into the canonical data response, or throws with the
 * reader's error text.
 * @param {unknown} json
 * @returns {Record<string, any>}
 */
export function readData(json) {
  const result = readDataResponse(/** @type {any} */ (json), { mode: "lenient" });
  if (!result.packet) throw new Error(result.error ?? "the answer cannot be read");
  return result.packet;
}
