// The simulator's packet inspector for the notification app (app-switch.js): every call of the
// app's frame, newest first, in the packet inspector's style; the calls themselves are described
// by notify-calls.js. Everything shown is set as text, never as HTML.
import { MAX_CALLS, failed, kindLabel, meta, newCall, pathOf, pretty, text } from "./notify-calls.js";

/** @typedef {import("./notify-calls.js").Call} Call */
/** @typedef {import("./notify-calls.js").CallView} CallView */

/**
 * The inspector as the frame's wrappers (frame-wrappers.js) use it: a call made, a call changed,
 * an answer to read.
 * @typedef {object} Inspector
 * @property {(method: string, url: string, requestBody: string | null) => Call} addCall
 * @property {(call: Call) => void} draw
 * @property {(call: Call, response: Response) => void} readAnswer
 */

/**
 * The inspector drawing into `list` (the page's `data-notify-calls` counts its calls).
 * @param {HTMLElement} list
 * @param {() => string} baseURL what the app's relative URLs are resolved against (its frame's address)
 * @returns {Inspector}
 */
export function createInspector(list, baseURL) {
  const body = document.body;
  let callNumber = 0;
  /** @type {Call[]} */
  const calls = [];

  /**
   * @param {string} method
   * @param {string} url
   * @param {string | null} requestBody
   * @returns {Call}
   */
  function addCall(method, url, requestBody) {
    callNumber += 1;
    const call = newCall(
      callNumber,
      method,
      url,
      pathOf(url, baseURL(), location.origin),
      requestBody,
      new Date(),
      performance.now(),
    );
    calls.push(call);
    if (calls.length > MAX_CALLS) {
      const gone = calls.shift();
      if (gone?.view) gone.view.row.remove();
    }
    draw(call);
    return call;
  }

  /**
   * The row of a call, made the first time.
   * @param {Call} call
   * @returns {CallView}
   */
  function viewOf(call) {
    if (call.view) return call.view;
    const row = document.createElement("li");
    row.dataset.number = `n${call.number}`;
    row.dataset.source = "notify";
    const details = document.createElement("details");
    const summary = document.createElement("summary");
    const method = document.createElement("span");
    method.className = "x-packet-method";
    const kind = document.createElement("span");
    kind.className = "x-packet-kind";
    const metaElement = document.createElement("span");
    metaElement.className = "x-packet-meta";
    summary.append(method, kind, metaElement);
    const requestTitle = document.createElement("h3");
    requestTitle.textContent = "Request";
    const request = document.createElement("pre");
    request.className = "x-json";
    const answerTitle = document.createElement("h3");
    const answer = document.createElement("pre");
    answer.className = "x-json";
    details.append(summary, requestTitle, request, answerTitle, answer);
    row.appendChild(details);
    list.insertBefore(row, list.firstChild);
    call.view = { row, method, kind, meta: metaElement, request, answerTitle, answer };
    return call.view;
  }

  /** @param {Call} call */
  function draw(call) {
    const view = viewOf(call);
    view.row.className = `x-packet ${failed(call) ? "x-failed" : "x-ok"}`;
    view.method.textContent = `${call.method} ${call.path}`;
    view.kind.textContent = kindLabel(call);
    view.meta.textContent = meta(call);
    view.request.textContent = call.request === null ? "(no body)" : text(pretty(call.request));
    view.answerTitle.textContent = `Answer${call.status !== null ? ` (${call.status})` : ""}`;
    view.answer.textContent =
      call.failure !== null ? call.failure : call.response === null ? "" : text(pretty(call.response));
    body.dataset.notifyCalls = String(calls.length);
  }

  /**
   * @param {Call} call
   * @param {Response} response
   */
  function readAnswer(call, response) {
    const type = (response.headers.get("content-type") || "").toLowerCase();
    if (type.indexOf("text/event-stream") === 0) {
      call.response = "(event stream)";
      draw(call);
      return;
    }
    const copy = response.clone();
    const textual =
      type === "" || type.indexOf("json") >= 0 || type.indexOf("text/") === 0 || type.indexOf("javascript") >= 0;
    /** @type {Promise<string | Blob>} */
    const content = textual ? copy.text() : copy.blob();
    content.then(
      (read) => {
        call.duration = performance.now() - call.started;
        if (typeof read === "string") {
          call.response = read;
          call.responseSize = new Blob([read]).size;
        } else {
          call.response = `(binary: ${read.size} bytes${type ? `, ${type}` : ""})`;
          call.responseSize = read.size;
        }
        draw(call);
      },
      (error) => {
        call.failure = `the answer's body could not be read: ${error}`;
        draw(call);
      },
    );
  }

  return { addCall, draw, readAnswer };
}
