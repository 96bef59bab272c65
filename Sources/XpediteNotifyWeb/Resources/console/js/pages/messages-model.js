// What the Messages section shows, without the DOM (so that Node can test it, Tests/Web/console):
// the API paths it reads (docs/notify-api.md#get-messages), the texts of counts and states, and
// an answer's values as text or as a document to show.

import { resourcePath, withQuery } from "../api.js";

/** The states a message can be in, as `GET /messages?state=` takes them. */
export const messageStates = /** @type {const} */ (["active", "withdrawn", "expired"]);

/** The states of a push, in the order the console lists them. */
export const deliveryStates = /** @type {const} */ (["pending", "delivered", "gone", "failed"]);

/**
 * A message of `GET /messages`.
 * @typedef {object} MessageSummary
 * @property {string} messageId
 * @property {string} title
 * @property {string} body
 * @property {string} sentAt
 * @property {string} state
 * @property {string} [payloadName]
 * @property {string} [expiresAt]
 * @property {string} [withdrawnAt]
 * @property {{total: number, answered: number, pending: number}} recipients
 * @property {Record<string, number>} deliveries
 */

/**
 * A page of `GET /messages`.
 * @typedef {{messages: MessageSummary[], next: string | null}} MessagePage
 */

/**
 * One push of a message (`deliveries` or `withdrawalPushes` of `GET /messages/{id}`).
 * @typedef {{deviceId: string, provider: string, state: string, attempts: number, lastError?: string}} Delivery
 */

/**
 * A field of a payload, as far as the console reads it.
 * @typedef {{id?: string, type: string, label?: string}} Field
 */

/**
 * A message of `GET /messages/{id}`.
 * @typedef {object} MessageDetail
 * @property {string} messageId
 * @property {string} title
 * @property {string} body
 * @property {{responseTopic: string, fields?: Field[]}} payload
 * @property {string} [payloadName]
 * @property {string} sentAt
 * @property {string} state
 * @property {string} [expiresAt]
 * @property {string} [withdrawnAt]
 * @property {string} [reason]
 * @property {{username: string, state: string, answeredAt?: string}[]} recipients
 * @property {Delivery[]} deliveries
 * @property {Delivery[]} [withdrawalPushes]
 */

/**
 * A response object of `GET /responses`.
 * @typedef {object} Answer
 * @property {string} responseId
 * @property {string} username
 * @property {string} [deviceName]
 * @property {string} [receivedAt]
 * @property {number} submitValue
 * @property {Record<string, unknown>} values
 */

/**
 * What the list asks for: the search text and the state, as the address keeps them.
 * @typedef {{q: string, state: string}} ListFilter
 */

/**
 * The filter the address holds (`#/messages?q=…&state=…`); an unknown state is left out.
 * @param {URLSearchParams} query
 * @returns {ListFilter}
 */
export function listFilter(query) {
  const state = query.get("state") ?? "";
  return {
    q: (query.get("q") ?? "").trim(),
    state: /** @type {readonly string[]} */ (messageStates).includes(state) ? state : "",
  };
}

/**
 * The API path of a page of the list.
 * @param {ListFilter} filter
 * @param {string | null} [after] the previous page's `next`
 * @param {number} [limit]
 * @returns {string}
 */
export function listPath(filter, after = null, limit = 50) {
  return withQuery("messages", { q: filter.q, state: filter.state, after, limit });
}

/**
 * The API path of one message.
 * @param {string} messageId
 * @returns {string}
 */
export function messagePath(messageId) {
  return resourcePath("messages", messageId);
}

/**
 * The API path of a message's answers: the responses on its payload's topic to this message.
 * @param {MessageDetail} message
 * @returns {string}
 */
export function answersPath(message) {
  return withQuery("responses", { topic: message.payload.responseTopic, messageId: message.messageId, limit: 1000 });
}

/**
 * `answered/total` of a listed message.
 * @param {MessageSummary["recipients"]} recipients
 * @returns {string}
 */
export function answeredText(recipients) {
  return `${recipients.answered}/${recipients.total}`;
}

/**
 * The push states of a message that have any pushes, in order, with their counts.
 * @param {Record<string, number>} counts
 * @returns {{state: string, count: number}[]}
 */
export function deliveryCounts(counts) {
  return deliveryStates.map((state) => ({ state, count: counts[state] ?? 0 })).filter((entry) => entry.count > 0);
}

/**
 * A readable state of a message.
 * @param {string} state
 * @returns {string}
 */
export function stateText(state) {
  switch (state) {
    case "active":
      return "Active";
    case "withdrawn":
      return "Withdrawn";
    case "expired":
      return "Expired";
    default:
      return state;
  }
}

/**
 * How many pushes of a message's own deliveries are in each state (for its detail).
 * @param {Delivery[]} deliveries
 * @returns {Record<string, number>}
 */
export function countDeliveries(deliveries) {
  /** @type {Record<string, number>} */
  const counts = {};
  for (const delivery of deliveries) counts[delivery.state] = (counts[delivery.state] ?? 0) + 1;
  return counts;
}

/** The document kinds the server names uploads by (`rcs/image/<uuid>.jpg`, …). */
const documentPattern = /^rcs\/(image|audio|video)\/[A-Za-z0-9._-]+$/;

/**
 * The kind of an uploaded document a value names, or null when it names none.
 * @param {unknown} value
 * @returns {"image" | "audio" | "video" | null}
 */
export function documentKind(value) {
  if (typeof value !== "string") return null;
  const match = documentPattern.exec(value);
  if (!match || value.includes("..")) return null;
  return /** @type {"image" | "audio" | "video"} */ (match[1]);
}

/**
 * The API path of an uploaded document (`documents/rcs/image/<uuid>.jpg`), each segment encoded.
 * @param {string} name
 * @returns {string}
 */
export function documentPath(name) {
  return resourcePath("documents", ...name.split("/"));
}

/**
 * An answer's value as text: strings as they are, numbers and booleans written out, a location
 * as `latitude, longitude`, a list joined by commas, nothing as a dash; anything else as JSON.
 * @param {unknown} value
 * @returns {string}
 */
export function valueText(value) {
  if (value === null || value === undefined) return "—";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return value.map(valueText).join(", ");
  if (typeof value === "object") {
    const record = /** @type {Record<string, unknown>} */ (value);
    if (typeof record.latitude === "number" && typeof record.longitude === "number") {
      return `${record.latitude}, ${record.longitude}`;
    }
    if (record.type === "Point" && Array.isArray(record.coordinates) && record.coordinates.length === 2) {
      return `${record.coordinates[1]}, ${record.coordinates[0]}`;
    }
  }
  return JSON.stringify(value);
}

/**
 * The rows of an answer: each input field of the payload that has a value, in payload order
 * (label, or id when it has none), then values of ids the payload does not name.
 * @param {Field[] | undefined} fields
 * @param {Record<string, unknown>} values
 * @returns {{id: string, label: string, value: unknown}[]}
 */
export function answerRows(fields, values) {
  /** @type {{id: string, label: string, value: unknown}[]} */
  const rows = [];
  const seen = new Set();
  for (const field of fields ?? []) {
    if (!field.id || seen.has(field.id) || !Object.hasOwn(values, field.id)) continue;
    seen.add(field.id);
    rows.push({ id: field.id, label: field.label || field.id, value: values[field.id] });
  }
  for (const [id, value] of Object.entries(values)) {
    if (!seen.has(id)) rows.push({ id, label: id, value });
  }
  return rows;
}
