// The app's embedding (js/app/embed.js) and its recording (js/app/recording.js): what the
// simulator's inspector is told about every exchange, the offline switch, the appearance and
// re-sending a request.

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { curlCommand, handleCommand, inspectAnswer } from "../../../Sources/XpediteWebApp/Resources/web/js/app/embed.js";
import { RecordingTransport as Recording } from "../../../Sources/XpediteWebApp/Resources/web/js/app/recording.js";
import { ScriptedTransport } from "../engine/support.js";

const connected = { rc: 0, version: "1", token: "t1", components: [{ type: "label", text: "Hello" }] };

/** A server answering setConnection, `broken` with a label whose text is a number, `html` with a page. */
function server() {
  return new ScriptedTransport((request) => {
    if (request.method === "broken") return { rc: 0, components: [{ type: "label", text: 7 }] };
    if (request.method === "html") return { html: "<html>oops</html>" };
    return connected;
  });
}

/** The recording as the app makes it in a frame: every answer read strictly as it comes. */
class RecordingTransport extends Recording {
  /**
   * @param {import("../../../Sources/XpediteWebApp/Resources/web/js/engine/transport.js").Transport} inner
   * @param {string} endpoint
   * @param {{now?: () => number, limit?: number}} [options]
   */
  constructor(inner, endpoint, options = {}) {
    super(inner, endpoint, { ...options, inspect: inspectAnswer });
  }
}

/** A clock that advances 5 ms each time it is read. */
function clock() {
  let now = 1000;
  return () => {
    now += 5;
    return now;
  };
}

/**
 * What a promise was rejected with (undefined when it was fulfilled).
 * @param {Promise<unknown>} promise
 * @returns {Promise<any>}
 */
async function failure(promise) {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error;
  }
}

/** @param {string} [className] */
function fakeBody(className = "") {
  const classes = new Set(className.split(" ").filter(Boolean));
  return {
    classList: {
      /** @param {string} name @param {boolean} on */
      toggle(name, on) {
        if (on) classes.add(name);
        else classes.delete(name);
        return on;
      },
    },
    classes,
  };
}

describe("the recording transport", () => {
  test("records a request and its answer, with the time it took and no issues for a valid packet", async () => {
    const transport = new RecordingTransport(server(), "http://server/xpedite", { now: clock() });
    /** @type {any[]} */
    const seen = [];
    transport.subscribe((exchange) => seen.push(exchange));
    const answer = await transport.send(JSON.stringify({ method: "setConnection", bounds: "(0, 0, 390, 844)" }));
    assert.deepEqual(JSON.parse(answer.text), connected);
    assert.equal(seen.length, 1);
    const [exchange] = seen;
    assert.equal(exchange.id, 1);
    assert.equal(exchange.method, "setConnection");
    assert.equal(exchange.endpoint, "http://server/xpedite");
    assert.equal(exchange.ms, 5);
    assert.equal(exchange.kind, "response");
    assert.deepEqual(exchange.issues, []);
    assert.equal(exchange.resent, false);
    assert.deepEqual(transport.exchanges, [exchange]);
  });

  test("gives the strict reader's issues at their paths, and still hands the answer to the engine", async () => {
    const transport = new RecordingTransport(server(), "/x");
    const answer = await transport.send(JSON.stringify({ method: "broken" }));
    assert.match(answer.text, /"text":7/);
    const [exchange] = transport.exchanges;
    assert.ok(exchange.issues.length > 0);
    assert.ok(exchange.issues.some((issue) => issue.path === "$.components[0].text"), JSON.stringify(exchange.issues));
  });

  test("without an inspector, the answers are read strictly once one is given, and the later ones at once", async () => {
    const transport = new Recording(server(), "/x", { limit: 2 });
    await transport.send(JSON.stringify({ method: "setConnection" }));
    await transport.send(JSON.stringify({ method: "broken" }));
    await transport.send(JSON.stringify({ method: "broken" }));
    assert.deepEqual(
      transport.exchanges.map((exchange) => exchange.issues),
      [[], []],
    );
    assert.equal(transport.uninspected.size, 2, "the exchange no longer kept is no longer waiting");
    transport.inspectWith(inspectAnswer);
    assert.equal(transport.uninspected.size, 0);
    for (const exchange of transport.exchanges) assert.ok(exchange.issues.some((issue) => issue.path === "$.components[0].text"));
    await transport.send(JSON.stringify({ method: "html" }));
    assert.match(transport.exchanges[1].error ?? "", /not JSON/);
    assert.equal(transport.exchanges[1].kind, undefined);
  });

  test("an answer that is no JSON is recorded with the reader's error", async () => {
    const transport = new RecordingTransport(server(), "/x");
    await transport.send(JSON.stringify({ method: "html" }));
    assert.match(transport.exchanges[0].error ?? "", /not JSON/);
  });

  test("the offline switch fails every request as the network would, and records it", async () => {
    const inner = server();
    const transport = new RecordingTransport(inner, "/x");
    transport.offline = true;
    const error = await failure(transport.send(JSON.stringify({ method: "setConnection" })));
    assert.equal(error?.name, "TransportError");
    assert.equal(error?.kind, "network");
    assert.equal(inner.requests.length, 0);
    assert.match(transport.exchanges[0].error ?? "", /offline switch/);
  });

  test("a server that cannot be reached is recorded with the reason", async () => {
    const inner = server();
    inner.down = true;
    const transport = new RecordingTransport(inner, "/x");
    assert.ok(await failure(transport.send("{}")));
    assert.equal(transport.exchanges[0].error, "HTTP 503");
  });

  test("re-sends a recorded request as a new exchange marked resent", async () => {
    const inner = server();
    const transport = new RecordingTransport(inner, "/x");
    await transport.send(JSON.stringify({ method: "setConnection" }));
    const again = await transport.resend(1);
    assert.equal(again?.id, 2);
    assert.equal(again?.resent, true);
    assert.equal(again?.request, transport.exchanges[0].request);
    assert.equal(inner.requests.length, 2);
    assert.equal(await transport.resend(42), undefined);
  });

  test("keeps only the last exchanges", async () => {
    const transport = new RecordingTransport(server(), "/x", { limit: 2 });
    for (let index = 0; index < 3; index += 1) await transport.send(JSON.stringify({ method: "setConnection" }));
    assert.deepEqual(
      transport.exchanges.map((exchange) => exchange.id),
      [2, 3],
    );
  });
});

describe("the host's commands", () => {
  test("the offline switch, and going back online reconnects", async () => {
    const transport = new RecordingTransport(server(), "/x");
    let onlines = 0;
    const app = {
      body: /** @type {any} */ (fakeBody()),
      online: () => {
        onlines += 1;
      },
    };
    assert.deepEqual(await handleCommand(transport, app, { xpedite: "command", command: "offline", offline: true }), { xpedite: "offline", offline: true });
    assert.equal(transport.offline, true);
    assert.equal(onlines, 0);
    await handleCommand(transport, app, { xpedite: "command", command: "offline", offline: false });
    assert.equal(transport.offline, false);
    assert.equal(onlines, 1);
  });

  test("the appearance forces dark or light, or gives it back to the system", async () => {
    const transport = new RecordingTransport(server(), "/x");
    const body = fakeBody();
    const app = { body: /** @type {any} */ (body), online: () => {} };
    await handleCommand(transport, app, { xpedite: "command", command: "appearance", appearance: "dark" });
    assert.deepEqual([...body.classes], ["x-dark"]);
    await handleCommand(transport, app, { xpedite: "command", command: "appearance", appearance: "light" });
    assert.deepEqual([...body.classes], ["x-light"]);
    await handleCommand(transport, app, { xpedite: "command", command: "appearance", appearance: "system" });
    assert.deepEqual([...body.classes], []);
  });

  test("re-send, the list of exchanges, and what is not a command", async () => {
    const transport = new RecordingTransport(server(), "/x");
    const app = { body: /** @type {any} */ (fakeBody()), online: () => {} };
    await transport.send(JSON.stringify({ method: "setConnection" }));
    assert.equal(await handleCommand(transport, app, { xpedite: "command", command: "resend", id: 1 }), undefined);
    const listed = await handleCommand(transport, app, { xpedite: "command", command: "exchanges" });
    assert.equal(/** @type {any} */ (listed).exchanges.length, 2);
    assert.deepEqual(await handleCommand(transport, app, { xpedite: "command", command: "resend", id: 9 }), { xpedite: "error", message: "no exchange 9 to send again" });
    assert.deepEqual(await handleCommand(transport, app, { xpedite: "command", command: "fly" }), { xpedite: "error", message: "unknown command fly" });
    assert.equal(await handleCommand(transport, app, "hello"), undefined);
    assert.equal(await handleCommand(transport, app, { xpedite: "exchange" }), undefined);
  });
});

test("clearing the caches asks the app", async () => {
  const transport = new RecordingTransport(server(), "/x");
  let cleared = 0;
  const app = {
    body: /** @type {any} */ (fakeBody()),
    online: () => {},
    clearCaches: async () => {
      cleared += 1;
    },
  };
  assert.deepEqual(await handleCommand(transport, app, { xpedite: "command", command: "clearCaches" }), { xpedite: "cachesCleared" });
  assert.equal(cleared, 1);
  assert.deepEqual(await handleCommand(transport, { ...app, clearCaches: undefined }, { xpedite: "command", command: "clearCaches" }), {
    xpedite: "error",
    message: "the app cannot clear its caches",
  });
});

describe("inspection and curl", () => {
  test("a data answer is recognised as data", () => {
    const inspected = inspectAnswer(JSON.stringify({ data: [{ id: 1 }] }), "rows");
    assert.equal(inspected.kind, "data");
  });

  test("setConnection's answer must carry version and token", () => {
    const inspected = inspectAnswer(JSON.stringify({ components: [] }), "setConnection");
    assert.ok(inspected.issues.some((issue) => issue.severity === "error"), JSON.stringify(inspected.issues));
  });

  test("a screen's own colours below 4.5:1 are low-contrast warnings at their paths, as xpedite validate gives them", () => {
    const screen = {
      rc: 0,
      setDefaults: { color: "#1F2937", background: "#111827" },
      components: [
        { type: "label", text: "fine", color: "#E5E7EB" },
        { type: "label", text: "grey", color: "#4B5563" },
        { type: "label", text: "the default on its own light background passes", background: "#F7F8FA" },
        { type: "textbox", name: "q", color: "#4B5563" },
        { type: "scrollview", background: "#FFFFFF", components: [{ type: "button", text: "pale", color: "#E5E7EB", method: "go" }] },
      ],
    };
    const warnings = inspectAnswer(JSON.stringify(screen), "home").issues.filter((issue) => issue.code === "low-contrast");
    assert.deepEqual(warnings.map((issue) => issue.path), [
      "$.setDefaults.color", "$.components[1].color", "$.components[4].components[0].color",
    ]);
    assert.ok(warnings.every((issue) => issue.severity === "warning"));
    assert.equal(warnings[1].message,
      "the label's text colour #4B5563 on #111827 has a contrast of 2.34:1, below 4.5:1; the phone app will draw it in another colour (docs/accessibility.md#colours)");
    const readable = { rc: 0, setDefaults: { color: "#E5E7EB", background: "#111827" }, components: [{ type: "label", text: "a", color: "#9CA3AF" }] };
    assert.deepEqual(inspectAnswer(JSON.stringify(readable), "home").issues, []);
  });

  test("curl quotes the body and the URL so that the shell expands nothing", () => {
    assert.equal(
      curlCommand("http://h/x", `{"text":"it's $HOME"}`),
      `curl -sS -X POST -H 'Content-Type: application/json' --data-binary '{"text":"it'\\''s $HOME"}' 'http://h/x'`,
    );
  });
});
