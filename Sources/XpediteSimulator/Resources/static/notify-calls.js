// The notification app's HTTP calls as the simulator's inspector describes them (app-switch.js):
// a call's record, its path, size, summary and row class, and a request body as text. Pure and
// exported for the unit tests of Tests/Web/simulator; nothing here touches the page.

/**
 * The elements of one call's row in the inspector.
 * @typedef {object} CallView
 * @property {HTMLLIElement} row
 * @property {HTMLSpanElement} method
 * @property {HTMLSpanElement} kind
 * @property {HTMLSpanElement} meta
 * @property {HTMLPreElement} request
 * @property {HTMLHeadingElement} answerTitle
 * @property {HTMLPreElement} answer
 */

/**
 * One HTTP call of the notification app, as the inspector shows it.
 * @typedef {object} Call
 * @property {number} number its number on this page, from 1
 * @property {string} method upper case; "?" when only its timing was seen
 * @property {string} url as the app gave it
 * @property {string} path the URL shown: path and query on this origin, else the whole URL
 * @property {Date} sentAt
 * @property {number} started performance.now() when it was sent
 * @property {number | null} duration in milliseconds, once answered
 * @property {number | null} status the HTTP status, once answered
 * @property {string | null} request the request's body as text (null: no body)
 * @property {string | null} response the answer as text
 * @property {number | null} requestSize in bytes, when known
 * @property {number | null} responseSize in bytes, when known
 * @property {string | null} failure why there is no answer
 * @property {"http" | "events" | "seen"} kind a request, an event stream, or seen late by its timing
 * @property {number} events how many events a stream delivered
 * @property {CallView} [view] its row, once drawn
 */

/**
 * A request body described for the inspector.
 * @typedef {object} DescribedBody
 * @property {string | null} text
 * @property {number | null} size in bytes, when known
 */

/** @typedef {Window & typeof globalThis} FrameWindow */

/** How many calls the inspector keeps. */
export const MAX_CALLS = 200;
/** The longest text shown in a `<pre>` before it is cut. */
export const MAX_TEXT = 64 * 1024;

/**
 * A value as text, cut at `MAX_TEXT` characters, saying how long it was.
 * @param {unknown} value
 * @returns {string}
 */
export function text(value) {
  const s = String(value);
  return s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}\n… (${s.length} characters)` : s;
}

/**
 * JSON text indented by two spaces; any other text as it is; nothing as "".
 * @param {string | null | undefined} value
 * @returns {string}
 */
export function pretty(value) {
  if (value === null || value === undefined) return "";
  try {
    return JSON.stringify(JSON.parse(value), null, 2);
  } catch {
    return value;
  }
}

/**
 * A size in bytes: "512 B", "1.5 KB"; nothing as "".
 * @param {number | null | undefined} bytes
 * @returns {string}
 */
export function size(bytes) {
  if (bytes === null || bytes === undefined) return "";
  return bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${bytes} B`;
}

/**
 * The URL shown for a call: path and query when it is on `origin`, else the whole URL.
 * @param {string} url as the app gave it
 * @param {string} baseURL what it is relative to (the frame's document)
 * @param {string} origin this page's origin
 * @returns {string}
 */
export function pathOf(url, baseURL, origin) {
  try {
    const parsed = new URL(url, baseURL);
    return parsed.origin === origin ? parsed.pathname + parsed.search : parsed.href;
  } catch {
    return String(url);
  }
}

/**
 * A new call, as recorded when it is sent.
 * @param {number} number
 * @param {string} method
 * @param {string} url
 * @param {string} path
 * @param {string | null} requestBody
 * @param {Date} sentAt
 * @param {number} started
 * @returns {Call}
 */
export function newCall(number, method, url, path, requestBody, sentAt, started) {
  return {
    number,
    method: method.toUpperCase(),
    url,
    path,
    sentAt,
    started,
    duration: null,
    status: null,
    request: requestBody,
    response: null,
    requestSize: requestBody === null ? 0 : null,
    responseSize: null,
    failure: null,
    kind: "http",
    events: 0,
  };
}

/**
 * Whether a call failed: no answer, or a status of 400 or more.
 * @param {Call} call
 * @returns {boolean}
 */
export function failed(call) {
  return call.failure !== null || (call.status !== null && call.status >= 400);
}

/**
 * The label of a call's kind: "event stream", "seen late" or nothing.
 * @param {Call} call
 * @returns {string}
 */
export function kindLabel(call) {
  return call.kind === "events" ? "event stream" : call.kind === "seen" ? "seen late" : "";
}

/**
 * A call's one-line summary: time, duration (or pending), status, sizes, events, failure.
 * @param {Call} call
 * @returns {string}
 */
export function meta(call) {
  const parts = [call.sentAt.toISOString().slice(11, 23)];
  if (call.duration !== null) parts.push(`${call.duration.toFixed(1)} ms`);
  else if (call.kind !== "events") parts.push("pending");
  if (call.status !== null) parts.push(String(call.status));
  if (call.requestSize !== null && call.kind === "http") parts.push(`→ ${size(call.requestSize)}`);
  if (call.responseSize !== null) parts.push(`← ${size(call.responseSize)}`);
  if (call.kind === "events") parts.push(`${call.events} event(s)`);
  if (call.failure !== null) parts.push("failed");
  return parts.join(" · ");
}

/**
 * A request body as text: JSON and text as they are, form fields one a line, binary bodies by
 * their size and type. `win` is the window whose classes the app used (the frame's).
 * @param {Pick<typeof globalThis, "URLSearchParams" | "FormData" | "ArrayBuffer">} win
 * @param {unknown} value
 * @returns {DescribedBody}
 */
export function describeBody(win, value) {
  if (value === undefined || value === null) return { text: null, size: 0 };
  if (typeof value === "string") return { text: value, size: new Blob([value]).size };
  if (value instanceof win.URLSearchParams) return { text: value.toString(), size: value.toString().length };
  if (value instanceof win.FormData) {
    /** @type {string[]} */
    const fields = [];
    value.forEach((v, k) => {
      fields.push(`${k}=${typeof v === "string" ? v : `(file ${v.size} B, ${v.type})`}`);
    });
    return { text: fields.join("\n"), size: null };
  }
  if (typeof value === "object") {
    const blob = /** @type {{size?: unknown, type?: unknown}} */ (value);
    if (typeof blob.size === "number" && typeof blob.type === "string") {
      return { text: `(binary: ${blob.size} bytes${blob.type ? `, ${blob.type}` : ""})`, size: blob.size };
    }
  }
  if (value instanceof win.ArrayBuffer || win.ArrayBuffer.isView(value)) {
    const bytes = /** @type {ArrayBuffer | ArrayBufferView} */ (value);
    return { text: `(binary: ${bytes.byteLength} bytes)`, size: bytes.byteLength };
  }
  return { text: `(${Object.prototype.toString.call(value)})`, size: null };
}
