// Reads the server's answers as XpediteClient does (docs/decisions.md, "Strict and lenient"):
// both dialects rewritten into the new one (as `xpedite normalize` prints it), checked, and read
// LENIENTLY: the innermost component holding an error that cannot be repaired is dropped, the
// rest is kept, and every issue is reported at the path the sender wrote. A response without a
// usable `rc` is refused even leniently. The packet is plain JSON in the canonical new dialect.

import { buildDataResponse, buildRequest, buildResponse } from "./build.js";
import { canonicalJSON } from "./canonical-json.js";
import { comparePaths, describePath } from "./path.js";
import { describeIssue } from "./issues.js";
import { packetKind, validatePacket } from "./validator.js";

export { canonicalJSON, formatNumber } from "./canonical-json.js";
export { describeIssue, sortIssues } from "./issues.js";
export { describePath } from "./path.js";
export { packetKind } from "./validator.js";
export { parseBounds, formatBounds } from "./bounds.js";

/** @typedef {import("./json-types").JSONValue} JSONValue */
/** @typedef {import("./json-types").JSONObject} JSONObject */
/** @typedef {import("./issues.js").Issue} Issue */
/** @typedef {import("./validator.js").PacketKind} PacketKind */

/**
 * How to read: `lenient` (the phone, the default) or `strict` (refuses a packet with any error);
 * `isConnectionReply` when the answer answers setConnection (it must carry `version` and `token`).
 * @typedef {object} ReadOptions
 * @property {"lenient" | "strict"} [mode]
 * @property {boolean} [isConnectionReply]
 */

/**
 * What a read gives: the canonical packet (null when it is refused: no usable `rc`, or any error
 * in strict mode), every issue (errors and warnings, by path), the JSON paths of the dropped
 * components (in the new dialect's tree, sorted), and, when refused, the error text XpediteClient
 * shows after "The server's answer breaks the protocol: ".
 * @typedef {object} ReadResult
 * @property {JSONObject | null} packet
 * @property {Issue[]} issues
 * @property {string[]} dropped
 * @property {string} [error]
 */

/**
 * Parses the text of an answer; a text that is no JSON gives a refused read.
 * @param {string | JSONValue} json the answer's text, or its parsed value
 * @returns {{value: JSONValue} | {error: string}}
 */
function parse(json) {
  if (typeof json !== "string") return { value: structuredClone(json) };
  try {
    return { value: JSON.parse(json) };
  } catch (failure) {
    return { error: `not JSON: ${failure instanceof Error ? failure.message : String(failure)}` };
  }
}

/**
 * Reads a packet of a known kind.
 * @param {string | JSONValue} json
 * @param {PacketKind | undefined} kind
 * @param {ReadOptions} options
 * @returns {ReadResult}
 */
function read(json, kind, options) {
  const parsed = parse(json);
  if ("error" in parsed) return { packet: null, issues: [], dropped: [], error: parsed.error };
  const report = validatePacket(parsed.value, { kind, isConnectionReply: options.isConnectionReply });
  const errors = report.issues.filter((issue) => issue.severity === "error");
  const refusal = errors.map(describeIssue).join("\n");
  const strict = options.mode === "strict";
  if (strict && errors.length > 0) return { packet: null, issues: report.issues, dropped: [], error: refusal };
  const normalized = report.normalized;
  const dropped = strict ? new Set() : new Set(report.broken.map(describePath));
  /** @type {JSONObject | undefined} */
  let packet;
  if (normalized !== null && typeof normalized === "object" && !Array.isArray(normalized)) {
    if (report.kind === "request") packet = buildRequest(normalized);
    else if (report.kind === "data") packet = buildDataResponse(normalized);
    else packet = buildResponse(normalized, /** @type {Set<string>} */ (dropped));
  }
  if (!packet) return { packet: null, issues: report.issues, dropped: [], error: refusal };
  const droppedPaths = strict ? [] : [...report.broken].sort(comparePaths).map(describePath);
  return { packet, issues: report.issues, dropped: droppedPaths };
}

/**
 * Reads a screen answer (a response packet) as XpediteClient does.
 * @param {string | JSONValue} json the answer's text (or its parsed value, which is not changed)
 * @param {ReadOptions} [options]
 * @returns {ReadResult}
 */
export function readResponse(json, options = {}) {
  return read(json, "response", options);
}

/**
 * Reads a data response (table rows, menu entries, a dynamic web view's HTML) as XpediteClient does.
 * @param {string | JSONValue} json
 * @param {ReadOptions} [options]
 * @returns {ReadResult}
 */
export function readDataResponse(json, options = {}) {
  return read(json, "data", options);
}

/**
 * Reads any packet, its kind recognised from its keys (decision 8) unless `kind` says it, as
 * `xpedite normalize` does.
 * @param {string | JSONValue} json
 * @param {ReadOptions & {kind?: PacketKind}} [options]
 * @returns {ReadResult & {kind: PacketKind}}
 */
export function readPacket(json, options = {}) {
  const parsed = parse(json);
  if ("error" in parsed) return { kind: "response", packet: null, issues: [], dropped: [], error: parsed.error };
  const kind = options.kind ?? packetKind(parsed.value);
  return { kind, ...read(parsed.value, kind, options) };
}

/**
 * Whether an answer is a data response rather than a screen (decision 8): it has `data` and no
 * `components` (and no `method`).
 * @param {JSONValue} value the parsed answer
 * @returns {boolean}
 */
export function isDataResponse(value) {
  return packetKind(value) === "data";
}

/**
 * The canonical text of a read packet, as `xpedite normalize` prints it.
 * @param {JSONObject} packet
 * @param {boolean} [pretty]
 * @returns {string}
 */
export function normalizedText(packet, pretty = false) {
  return canonicalJSON(packet, pretty);
}
