// Every exchange of the app with its server, recorded (docs/phone-app.md#embedded-in-the-simulator):
// the request, the answer or why there was none, the time it took, and the strict reader's issues
// at their JSON paths, for the simulator's inspector (js/app/embed.js posts them to it) and
// `window.xpedite.transport`. The strict reading (embed.js's `inspectAnswer`) is given by the app,
// so that neither it nor the contrast check is loaded before the first screen.

import { TransportError, describe } from "../engine/transport.js";

/**
 * One issue of an answer, as the inspector lists it.
 * @typedef {object} ExchangeIssue
 * @property {string} path the JSON path ("$.components[0].type")
 * @property {string} code the stable code
 * @property {"error" | "warning"} severity
 * @property {string} message
 */

/**
 * One request and what came back.
 * @typedef {object} Exchange
 * @property {number} id the exchange's number in this app's life, from 1
 * @property {string} endpoint the URL the request was posted to
 * @property {string} method the request's `method` ("" when none)
 * @property {string} request the request's JSON text, as sent
 * @property {number} startedAt when it was sent (ms since the epoch)
 * @property {number} ms how long the answer took
 * @property {string} [answer] the answer's text
 * @property {string} [contentType] the answer's Content-Type
 * @property {string} [kind] the answer's packet kind (response, data)
 * @property {string} [error] why there is no answer (a transport error's text)
 * @property {ExchangeIssue[]} issues the strict reader's issues of the answer
 * @property {boolean} resent whether the host asked for it again (its answer does not reach the engine)
 */

/** @typedef {import("../engine/transport.js").Transport} Transport */
/** @typedef {import("../engine/transport.js").Answer} Answer */

/**
 * The request's `method` (or the old dialect's `methodname`).
 * @param {string} body
 */
function methodOf(body) {
  try {
    const request = JSON.parse(body);
    const method = request?.method ?? request?.methodname;
    return typeof method === "string" ? method : "";
  } catch {
    return "";
  }
}

/**
 * What the strict reader found in an exchange's answer.
 * @typedef {(text: string, method: string) => {kind?: string, issues: ExchangeIssue[], error?: string}} Inspector
 */

/**
 * Puts the strict reader's findings on an answered exchange.
 * @param {Exchange} exchange
 * @param {Inspector} inspect
 */
function record(exchange, inspect) {
  const inspected = inspect(exchange.answer ?? "", exchange.method);
  exchange.issues = inspected.issues;
  if (inspected.kind !== undefined) exchange.kind = inspected.kind;
  if (inspected.error !== undefined) exchange.error = inspected.error;
}

/** A transport that records every exchange of the one it wraps, and can be switched off. */
export class RecordingTransport {
  /**
   * @param {Transport} inner
   * @param {string} endpoint the URL the inner transport posts to (for the record and curl)
   * @param {{now?: () => number, limit?: number, inspect?: Inspector}} [options] the clock (ms), how many
   *   exchanges are kept (200), and the strict reading of each answer (without it, the answers wait
   *   for `inspectWith`)
   */
  constructor(inner, endpoint, options = {}) {
    this.inner = inner;
    this.endpoint = endpoint;
    this.now = options.now ?? (() => Date.now());
    this.limit = options.limit ?? 200;
    /** When set, nothing is sent: every request fails as with no network. */
    this.offline = false;
    /** @type {Exchange[]} */
    this.exchanges = [];
    /** @type {Set<(exchange: Exchange) => void>} */
    this.listeners = new Set();
    this.count = 0;
    /** @type {Inspector | undefined} */
    this.inspect = options.inspect;
    /** The exchanges kept whose answers wait for an inspector. @type {Set<Exchange>} */
    this.uninspected = new Set();
  }

  /**
   * Reads every answer strictly from now on, and the kept ones that were not yet (the app gives
   * the inspector once its first screen is drawn: js/app/embed.js is not part of the start).
   * @param {Inspector} inspect
   */
  inspectWith(inspect) {
    this.inspect = inspect;
    for (const exchange of this.uninspected) record(exchange, inspect);
    this.uninspected.clear();
  }

  /**
   * Calls `listener` with every exchange once it is done; returns the unsubscribe function.
   * @param {(exchange: Exchange) => void} listener
   */
  subscribe(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * @param {string} body
   * @returns {Promise<Answer>}
   */
  async send(body) {
    return this.exchange(body, false).then(({ answer, error }) => {
      if (error !== undefined) throw error;
      return /** @type {Answer} */ (answer);
    });
  }

  /**
   * Sends a recorded request again (the inspector's re-send); the answer is recorded, not shown.
   * @param {number} id
   * @returns {Promise<Exchange | undefined>}
   */
  async resend(id) {
    const original = this.exchanges.find((exchange) => exchange.id === id);
    if (!original) return undefined;
    return (await this.exchange(original.request, true)).exchange;
  }

  /**
   * @param {string} body
   * @param {boolean} resent
   * @returns {Promise<{exchange: Exchange, answer?: Answer, error?: unknown}>}
   */
  async exchange(body, resent) {
    this.count += 1;
    const method = methodOf(body);
    const startedAt = this.now();
    /** @type {Exchange} */
    const exchange = { id: this.count, endpoint: this.endpoint, method, request: body, startedAt, ms: 0, issues: [], resent };
    /** @type {{exchange: Exchange, answer?: Answer, error?: unknown}} */
    let outcome;
    try {
      if (this.offline) throw new TransportError("network", "the connection failed: the simulator's offline switch is on");
      const answer = await this.inner.send(body);
      exchange.answer = answer.text;
      exchange.contentType = answer.contentType;
      if (this.inspect) record(exchange, this.inspect);
      else this.uninspected.add(exchange);
      outcome = { exchange, answer };
    } catch (error) {
      exchange.error = describe(error);
      outcome = { exchange, error };
    }
    exchange.ms = Math.max(0, this.now() - startedAt);
    this.exchanges.push(exchange);
    if (this.exchanges.length > this.limit) {
      for (const dropped of this.exchanges.splice(0, this.exchanges.length - this.limit)) this.uninspected.delete(dropped);
    }
    for (const listener of this.listeners) listener(exchange);
    return outcome;
  }
}
