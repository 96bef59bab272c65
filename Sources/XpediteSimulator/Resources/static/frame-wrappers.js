// The notification app's frame, watched from outside (app-switch.js): its fetch, XMLHttpRequest
// and EventSource wrapped so that every call reaches the inspector (notify-inspector.js), and the
// calls made before the wrappers were in place read from its resource timing. The app needs
// nothing for it (the contract is in docs/simulator.md).
import { MAX_TEXT, describeBody } from "./notify-calls.js";

/** @typedef {import("./notify-calls.js").Call} Call */
/** @typedef {import("./notify-calls.js").FrameWindow} FrameWindow */

/**
 * Wraps the frame's current window once.
 * @param {FrameWindow} win
 * @param {import("./notify-inspector.js").Inspector} inspector
 */
export function inspectFrame(win, inspector) {
  const { addCall, draw, readAnswer } = inspector;
  const attachedAt = win.performance.now();

  /** @param {FrameWindow} win */
  function wrapFetch(win) {
    const original = win.fetch;
    /**
     * @param {RequestInfo | URL} input
     * @param {RequestInit} [init]
     * @returns {Promise<Response>}
     */
    const wrapped = (input, init) => {
      const isRequest = input instanceof win.Request;
      const method = init?.method || (isRequest ? input.method : "GET");
      const url = isRequest ? input.url : String(input);
      const described = describeBody(win, init ? init.body : undefined);
      const call = addCall(method, url, described.text);
      call.requestSize = described.size;
      if (isRequest && !init?.body && input.body) {
        input
          .clone()
          .text()
          .then(
            (t) => {
              call.request = t;
              call.requestSize = new Blob([t]).size;
              draw(call);
            },
            () => {
              /* the request's body was used already */
            },
          );
      }
      const promise = original.call(win, input, init);
      promise.then(
        (response) => {
          call.status = response.status;
          call.duration = performance.now() - call.started;
          draw(call);
          readAnswer(call, response);
        },
        (error) => {
          call.duration = performance.now() - call.started;
          call.failure = `no answer: ${error}`;
          draw(call);
        },
      );
      return promise;
    };
    win.fetch = Object.assign(wrapped, { xpediteInspected: true });
  }

  /** @param {FrameWindow} win */
  function wrapXHR(win) {
    const prototype = win.XMLHttpRequest.prototype;
    const open = prototype.open;
    const send = prototype.send;
    /** @type {WeakMap<XMLHttpRequest, {method: string, url: string}>} */
    const requests = new WeakMap();
    prototype.open = /** @type {XMLHttpRequest["open"]} */ (
      /**
       * @this {XMLHttpRequest}
       * @param {unknown[]} args method, url and the rest, as the app gave them
       */
      function (...args) {
        requests.set(this, { method: String(args[0]), url: String(args[1]) });
        return Reflect.apply(open, this, args);
      }
    );
    prototype.send = /** @type {XMLHttpRequest["send"]} */ (
      /**
       * @this {XMLHttpRequest}
       * @param {unknown[]} args the body, as the app gave it
       */
      function (...args) {
        const info = requests.get(this) || { method: "GET", url: "" };
        const described = describeBody(win, args[0]);
        const call = addCall(info.method, info.url, described.text);
        call.requestSize = described.size;
        this.addEventListener("loadend", () => {
          call.duration = performance.now() - call.started;
          if (this.status === 0) {
            call.failure = "no answer (network error or aborted)";
          } else {
            call.status = this.status;
            if (this.responseType === "" || this.responseType === "text") {
              call.response = this.responseText;
              call.responseSize = new Blob([this.responseText]).size;
            } else if (this.responseType === "json") {
              call.response = JSON.stringify(this.response);
            } else {
              call.response = `(${this.responseType} answer)`;
            }
          }
          draw(call);
        });
        return Reflect.apply(send, this, args);
      }
    );
  }

  /** @param {FrameWindow} win */
  function wrapEventSource(win) {
    const Original = win.EventSource;
    if (!Original) return;
    /** @type {WeakMap<EventSource, Set<string>>} */
    const logged = new WeakMap();
    /**
     * @param {EventSource} source
     * @param {Call} call
     * @param {string} type
     */
    function log(source, call, type) {
      const types = logged.get(source);
      if (!types || types.has(type)) return;
      types.add(type);
      Original.prototype.addEventListener.call(source, type, (event) => {
        call.events += 1;
        const line = `event: ${type}\ndata: ${/** @type {MessageEvent} */ (event).data}`;
        call.response =
          call.response && call.response !== "(connecting)" ? `${line}\n\n${call.response}`.slice(0, MAX_TEXT) : line;
        draw(call);
      });
    }
    /**
     * @param {string | URL} url
     * @param {EventSourceInit} [configuration]
     * @returns {EventSource}
     */
    const Wrapped = function EventSource(url, configuration) {
      const source = new Original(url, configuration);
      const call = addCall("GET", String(url), null);
      call.kind = "events";
      call.response = "(connecting)";
      logged.set(source, new Set());
      Original.prototype.addEventListener.call(source, "open", () => {
        call.status = 200;
        call.duration = performance.now() - call.started;
        draw(call);
      });
      Original.prototype.addEventListener.call(source, "error", () => {
        if (source.readyState === Original.CLOSED) call.failure = "the stream closed";
        draw(call);
      });
      log(source, call, "message");
      // Named events are logged once the app listens for them.
      source.addEventListener = /** @type {EventSource["addEventListener"]} */ (
        /** @param {unknown[]} args the type and the rest, as the app gave them */
        (...args) => {
          log(source, call, String(args[0]));
          return Reflect.apply(Original.prototype.addEventListener, source, args);
        }
      );
      return source;
    };
    Wrapped.prototype = Original.prototype;
    win.EventSource = /** @type {typeof EventSource} */ (
      /** @type {unknown} */ (
        Object.assign(Wrapped, { CONNECTING: Original.CONNECTING, OPEN: Original.OPEN, CLOSED: Original.CLOSED })
      )
    );
  }

  // Calls the app made before the wrappers were in place (its document started loading a moment
  // earlier): read from the frame's resource timing, with their status and duration.
  /**
   * @param {FrameWindow} win
   * @param {number} attachedAt
   */
  function backfill(win, attachedAt) {
    if (!win.PerformanceObserver) return;
    const observer = new win.PerformanceObserver((entries) => {
      for (const entry of entries.getEntries()) {
        if (entry.startTime >= attachedAt) continue;
        const timing = /** @type {PerformanceResourceTiming & {responseStatus?: number}} */ (entry);
        if (timing.initiatorType !== "fetch" && timing.initiatorType !== "xmlhttprequest") continue;
        const call = addCall("?", entry.name, null);
        call.kind = "seen";
        call.duration = entry.duration;
        call.status = timing.responseStatus || null;
        call.responseSize = timing.encodedBodySize || null;
        call.response = "(made before the inspector attached: only its timing is known)";
        draw(call);
      }
    });
    try {
      observer.observe({ type: "resource", buffered: true });
    } catch {
      /* an old browser */
    }
  }

  wrapFetch(win);
  wrapXHR(win);
  wrapEventSource(win);
  backfill(win, attachedAt);
}
