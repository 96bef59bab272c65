import assert from "node:assert/strict";
import { createServer } from "node:http";
import { after, before, describe, test } from "node:test";
import { FetchTransport } from "../../../Sources/XpediteWebApp/Resources/web/js/engine/transport.js";
import { canonicalRead, makeEngine } from "./support.js";

/** @type {import("node:http").Server} */
let server;
let base = "";
/** @type {any[]} */
const received = [];

before(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => { body += chunk; });
    request.on("end", () => {
      received.push({ url: request.url, type: request.headers["content-type"], body: body ? JSON.parse(body) : null });
      switch (request.url) {
        case "/ok":
          response.writeHead(200, { "Content-Type": "application/json" });
          response.end(JSON.stringify({ rc: 0, token: "t", version: 1, components: [{ type: "button", text: "Go", method: { function: "go" } }] }));
          return;
        case "/html":
          response.writeHead(200, { "Content-Type": "text/html" });
          response.end("<html><body>Sign in to the Wi-Fi</body></html>");
          return;
        case "/500":
          response.writeHead(500, { "Content-Type": "text/plain" });
          response.end("boom");
          return;
        case "/slow":
          return; // never answers
        case "/cut":
          request.socket.destroy();
          return;
        default:
          response.writeHead(404);
          response.end();
      }
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});

after(() => {
  server.closeAllConnections();
  server.close();
});

describe("the fetch transport", () => {
  test("posts the packet as JSON and reads the answer", async () => {
    const transport = new FetchTransport(`${base}/ok`);
    const engine = makeEngine(transport, { read: canonicalRead });
    await engine.connect();
    const last = received[received.length - 1];
    assert.equal(last.type, "application/json");
    assert.equal(last.body.method, "setConnection");
    assert.equal(engine.state.packet?.components[0].text, "Go");
  });

  /**
   * An engine showing a screen from /ok whose later requests go to `path`.
   * @param {string} path
   * @param {number} [timeoutMs]
   */
  async function engineThen(path, timeoutMs) {
    const transport = new FetchTransport(`${base}/ok`, { timeoutMs });
    const engine = makeEngine(transport, { read: canonicalRead });
    await engine.connect();
    transport.endpoint = `${base}${path}`;
    await engine.perform({ action: "press", path: "0" });
    return engine;
  }

  test("an HTML answer gives a clear alert and keeps the screen", async () => {
    const engine = await engineThen("/html");
    assert.deepEqual(engine.state.alerts, [{ kind: "protocol", message: "The server's answer to go is not a packet: the server answered with an HTML page" }]);
    assert.equal(engine.state.packet?.components[0].text, "Go");
    assert.equal(engine.state.loading, false);
  });

  test("a 500 is the server unreachable", async () => {
    const engine = await engineThen("/500");
    assert.deepEqual(engine.state.alerts, [{ kind: "connection", message: "The server cannot be reached (HTTP 500)." }]);
    assert.equal(engine.state.packet?.components[0].text, "Go");
  });

  test("a timeout is the server unreachable", async () => {
    const engine = await engineThen("/slow", 300);
    assert.equal(engine.state.alerts[0].kind, "connection");
    assert.match(engine.state.alerts[0].message, /no answer within/);
    assert.equal(engine.state.packet?.components[0].text, "Go");
  });

  test("a cut connection is the server unreachable", async () => {
    const engine = await engineThen("/cut");
    assert.equal(engine.state.alerts[0].kind, "connection");
    assert.match(engine.state.alerts[0].message, /connection/);
  });

  test("a refused connection is the server unreachable", async () => {
    const transport = new FetchTransport("http://127.0.0.1:9/nothing");
    const engine = makeEngine(transport, { read: canonicalRead });
    await engine.connect();
    assert.equal(engine.state.alerts[0].kind, "connection");
    assert.equal(engine.state.packet, null);
  });
});
