// The app embedded in a host page (the simulator's phone frame, issue 26 step 5): every exchange
// with the server is recorded (the request, the answer or why there was none, the time it took,
// and the strict reader's issues at their JSON paths) and posted to the host; the host's commands
// act on the app: the offline switch (the transport refuses to send, so the engine falls back to
// its cache as with no network), the appearance, and re-sending a recorded request. Messages go
// to and come from the app's own origin only (the simulator serves the app beside its page).
// The recording itself is js/app/recording.js; this module is loaded after the first screen (or
// at once in a frame), and gives the recording its strict reading (`inspectAnswer`).

import { contrastIssues } from "../protocol/contrast-check.js";
import { describePath } from "../protocol/path.js";
import { readPacket } from "../protocol/read.js";
import { describe } from "../engine/transport.js";

/** @typedef {import("./recording.js").RecordingTransport} RecordingTransport */
/** @typedef {import("./recording.js").ExchangeIssue} ExchangeIssue */
/** @typedef {import("./recording.js").Exchange} Exchange */

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
