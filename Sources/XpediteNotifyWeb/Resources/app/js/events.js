// GET /device/events as Server-Sent Events. EventSource cannot send Authorization, so this
// reads the stream with fetch() and parses it (the SSE format: blocks separated by a blank line,
// `event:`, `data:`, `id:` lines, `:` comments). Reconnects with backoff (0.5 s doubling to 15 s,
// with jitter) until stopped.

/**
 * An event of the stream: its `event:` type ("message" without one), its `data:` lines joined,
 * its `id:`.
 * @typedef {object} StreamEvent
 * @property {string} type
 * @property {string} data
 * @property {string | null} id
 */

/**
 * Splits SSE text into events; returns [events, rest]. Exported for tests.
 * @param {string} buffer the text read so far
 * @returns {[StreamEvent[], string]} the whole events, and the text of the one not ended yet
 */
export function parseEvents(buffer) {
  /** @type {StreamEvent[]} */
  const events = [];
  const text = buffer.replace(/\r\n?/g, "\n");
  let start = 0;
  for (;;) {
    const end = text.indexOf("\n\n", start);
    if (end < 0) break;
    const block = text.slice(start, end);
    start = end + 2;
    let type = "message";
    /** @type {string[]} */
    const data = [];
    /** @type {string | null} */
    let id = null;
    for (const line of block.split("\n")) {
      if (line === "" || line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      let value = colon < 0 ? "" : line.slice(colon + 1);
      if (value.startsWith(" ")) value = value.slice(1);
      if (field === "event") type = value;
      else if (field === "data") data.push(value);
      else if (field === "id") id = value;
    }
    if (data.length) events.push({ type, data: data.join("\n"), id });
  }
  return [events, text.slice(start)];
}

/**
 * What the stream tells: each event's type and JSON, the connection's state, a refused token.
 * @typedef {object} StreamHandlers
 * @property {(type: string, data: any) => void} event
 * @property {(open: boolean) => void} state
 * @property {() => void} unauthorized
 */

/**
 * Opens the stream: `handlers.event(type, json)`, `handlers.state(open)` on (re)connect and
 * loss, `handlers.unauthorized()` on a 401 (then it stops). Returns a function that stops it.
 * @param {import("./api.js").Api} api
 * @param {StreamHandlers} handlers
 * @returns {() => void}
 */
export function listen(api, handlers) {
  let stopped = false;
  /** @type {AbortController | null} */
  let controller = null;
  let delay = 500;

  async function once() {
    controller = new AbortController();
    const response = await fetch(api.url("/device/events"), {
      headers: api.headers({ Accept: "text/event-stream" }), signal: controller.signal, cache: "no-store",
    });
    if (response.status === 401) {
      stopped = true;
      handlers.unauthorized();
      return;
    }
    if (!response.ok || !response.body) throw new Error(`events: HTTP ${response.status}`);
    delay = 500;
    handlers.state(true);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      const [events, rest] = parseEvents(buffer);
      buffer = rest;
      for (const event of events) {
        let json = null;
        try {
          json = JSON.parse(event.data);
        } catch {
          continue;
        }
        handlers.event(event.type, json);
      }
    }
  }

  (async () => {
    while (!stopped) {
      try {
        await once();
      } catch {
        // Lost or refused: try again after the backoff.
      }
      if (stopped) break;
      handlers.state(false);
      await new Promise((resolve) => setTimeout(resolve, delay * (0.75 + Math.random() * 0.5)));
      delay = Math.min(delay * 2, 15000);
    }
  })();

  return () => {
    stopped = true;
    if (controller) controller.abort();
  };
}
