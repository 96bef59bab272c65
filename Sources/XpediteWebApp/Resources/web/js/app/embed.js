// The app embedded in a host page (the simulator's phone frame, issue 26 step 5): every exchange
// with the server is recorded (the request, the answer or why there was none, the time it took,
// and the strict reader's issues at their JSON paths) and posted to the host; the host's commands
// act on the app: the offline switch (the transport refuses to send, so the engine falls back to
// its cache as with no network), the appearance, and re-sending a recorded request. Messages go
// to and come from the app's own origin only (the simulator serves the app beside its page).

import { contrastIssues } from "../protocol/contrast-check.js";
import { describePath } from "../protocol/path.js";
import { readPacket } from "../protocol/read.js";
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
 * Reads an answer strictly, for its issues only (the engine reads it leniently itself), with the
 * `low-contrast` warnings of a screen's own colours.
 * @param {string} text the answer's text
 * @param {string} method the request's method (setConnection's answer must carry version and token)
 * @returns {{kind?: string, issues: ExchangeIssue[], error?: string}}
 */
export function inspectAnswer(text, method) {
  const result = readPacket(text, { mode: "strict", isConnectionReply: method === "setConnection" });
  // A screen's own colours that fail 4.5:1, as `xpedite validate` warns (decision 0549).
  const found = result.kind === "response" && result.packet ? [...result.issues, ...contrastIssues(result.packet)] : result.issues;
  const issues = found.map((issue) => ({ path: describePath(issue.path), code: issue.code, severity: issue.severity, message: issue.message }));
  if (result.issues.length === 0 && result.error !== undefined) return { issues, error: result.error };
  return { kind: result.kind, issues };
}

/**
 * A shell command that posts the same request: single-quoted, so nothing in it is expanded.
 * @param {string} endpoint
 * @param {string} body
 */
export function curlCommand(endpoint, body) {
  /** @param {string} text */
  const quote = (text) => `'${text.replaceAll("'", "'\\''")}'`;
  return `curl -sS -X POST -H 'Content-Type: application/json' --data-binary ${quote(body)} ${quote(endpoint)}`;
}

/** A transport that records every exchange of the one it wraps, and can be switched off. */
export class RecordingTransport {
  /**
   * @param {Transport} inner
   * @param {string} endpoint the URL the inner transport posts to (for the record and curl)
   * @param {{now?: () => number, limit?: number}} [options] the clock (ms), how many exchanges are kept (200)
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
      const inspected = inspectAnswer(answer.text, method);
      exchange.issues = inspected.issues;
      if (inspected.kind !== undefined) exchange.kind = inspected.kind;
      if (inspected.error !== undefined) exchange.error = inspected.error;
      outcome = { exchange, answer };
    } catch (error) {
      exchange.error = describe(error);
      outcome = { exchange, error };
    }
    exchange.ms = Math.max(0, this.now() - startedAt);
    this.exchanges.push(exchange);
    if (this.exchanges.length > this.limit) this.exchanges.splice(0, this.exchanges.length - this.limit);
    for (const listener of this.listeners) listener(exchange);
    return outcome;
  }
}

/**
 * A command from the host page.
 * @typedef {{xpedite: "command", command: "offline", offline: boolean}
 *   | {xpedite: "command", command: "appearance", appearance: "light" | "dark" | "system"}
 *   | {xpedite: "command", command: "resend", id: number}
 *   | {xpedite: "command", command: "clearCaches"}
 *   | {xpedite: "command", command: "exchanges"}} HostCommand
 */

/**
 * Applies an appearance to the app's page: light or dark whatever the system says, or the system's.
 * @param {HTMLElement} body
 * @param {"light" | "dark" | "system"} appearance
 */
export function applyAppearance(body, appearance) {
  body.classList.toggle("x-dark", appearance === "dark");
  body.classList.toggle("x-light", appearance === "light");
}

/**
 * Handles one command; returns the message to post back (or undefined).
 * @param {RecordingTransport} transport
 * @param {{body: HTMLElement, online: () => void, clearCaches?: () => Promise<void>}} app the page's body, what to do
 *   when the offline switch goes off, and how the app's caches are cleared
 * @param {unknown} data the message's data
 * @returns {Promise<Record<string, unknown> | undefined>}
 */
export async function handleCommand(transport, app, data) {
  if (!data || typeof data !== "object") return undefined;
  const command = /** @type {Partial<HostCommand> & Record<string, unknown>} */ (data);
  if (command.xpedite !== "command") return undefined;
  switch (command.command) {
    case "offline": {
      const was = transport.offline;
      transport.offline = command.offline === true;
      if (was && !transport.offline) app.online();
      return { xpedite: "offline", offline: transport.offline };
    }
    case "appearance": {
      const appearance = command.appearance === "dark" || command.appearance === "light" ? command.appearance : "system";
      applyAppearance(app.body, appearance);
      return { xpedite: "appearance", appearance };
    }
    case "resend": {
      const exchange = typeof command.id === "number" ? await transport.resend(command.id) : undefined;
      return exchange ? undefined : { xpedite: "error", message: `no exchange ${String(command.id)} to send again` };
    }
    case "clearCaches":
      if (!app.clearCaches) return { xpedite: "error", message: "the app cannot clear its caches" };
      await app.clearCaches();
      return { xpedite: "cachesCleared" };
    case "exchanges":
      return { xpedite: "exchanges", exchanges: transport.exchanges };
    default:
      return { xpedite: "error", message: `unknown command ${String(command.command)}` };
  }
}

/**
 * Connects the app to the page that embeds it (when there is one): exchanges are posted as they
 * happen (`{xpedite: "exchange", exchange}`), commands are answered, and `{xpedite: "ready"}` is
 * posted once. Returns whether the app is embedded.
 * @param {Window} window the app's window
 * @param {RecordingTransport} transport
 * @param {{online: () => void, clearCaches?: () => Promise<void>}} app what to do when the offline switch goes
 *   off, and how the app's caches are cleared
 */
export function installEmbedding(window, transport, app) {
  const host = window.parent;
  if (!host || host === window) return false;
  const origin = window.location.origin;
  /** @param {Record<string, unknown>} message */
  const post = (message) => host.postMessage(message, origin);
  transport.subscribe((exchange) => post({ xpedite: "exchange", exchange }));
  window.addEventListener("message", (event) => {
    if (event.source !== host || event.origin !== origin) return;
    handleCommand(transport, { ...app, body: window.document.body }, event.data)
      .then((reply) => {
        if (reply) post(reply);
      })
      .catch((error) => post({ xpedite: "error", message: describe(error) }));
  });
  window.document.body.dataset.embedded = "true";
  post({ xpedite: "ready", endpoint: transport.endpoint, exchanges: transport.exchanges });
  return true;
}
