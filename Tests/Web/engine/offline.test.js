import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { MemoryStore } from "../../../Sources/XpediteWebApp/Resources/web/js/cache/stores.js";
import { ScriptedTransport, makeEngine, screen } from "./support.js";

const home = screen(
  [
    { type: "button", text: "About", method: { function: "about" } },
    { type: "button", text: "Dashboard", method: { function: "dashboard" } },
    { type: "button", text: "Customers", method: { function: "customers" } },
    { type: "form", id: "f", save: { function: "save" }, components: [{ type: "textbox", name: "a" }] },
  ],
  { version: 1 },
);

/** A server with a permanent About page and a Dashboard kept 60 s. */
function server() {
  return new ScriptedTransport((request) => {
    switch (request.method) {
      case "about":
        return screen([{ type: "label", text: "About" }, { type: "button", text: "Dashboard", method: { function: "dashboard" } }], { id: "about", disposition: "permanent" });
      case "dashboard":
        return screen([{ type: "label", text: "Sales" }], { id: "dashboard", disposition: { type: "expiry", seconds: 60 } });
      case "customers":
        return screen([{ type: "label", text: "Customers" }]);
      case "save":
        return screen([{ type: "label", text: "Saved" }], { id: "saved", disposition: "permanent" });
      default:
        return home;
    }
  });
}

describe("offline", () => {
  test("a cached page opens offline, marked, until it expires", async () => {
    let now = Date.UTC(2026, 0, 1);
    const transport = server();
    const engine = makeEngine(transport, { now: () => now });
    await engine.connect();
    await engine.perform({ action: "press", path: "0" });
    await engine.connect();
    await engine.perform({ action: "press", path: "1" });
    assert.equal(engine.state.offline, false);
    await engine.connect();
    transport.down = true;
    await engine.perform({ action: "press", path: "0" });
    assert.equal(engine.state.packet?.components[0].text, "About");
    assert.equal(engine.state.offline, true);
    assert.deepEqual(engine.state.alerts, []);
    now += 59_000;
    transport.down = false;
    await engine.connect();
    transport.down = true;
    await engine.perform({ action: "press", path: "1" });
    assert.equal(engine.state.packet?.components[0].text, "Sales", "59 s later the dashboard still opens");
    now += 2_000;
    transport.down = false;
    await engine.connect();
    transport.down = true;
    await engine.perform({ action: "press", path: "1" });
    assert.equal(engine.state.alerts[0].kind, "connection", "61 s later it has expired");
    assert.equal(engine.state.packet?.components[1].text, "Dashboard", "the screen stays");
  });

  test("without a cached page the screen stays and the alert says the server cannot be reached", async () => {
    const transport = server();
    const engine = makeEngine(transport);
    await engine.connect();
    transport.down = true;
    await engine.perform({ action: "press", path: "2" });
    assert.equal(engine.state.packet?.components[2].text, "Customers");
    assert.equal(engine.state.offline, false);
    assert.deepEqual(engine.state.alerts, [{ kind: "connection", message: "The server cannot be reached (HTTP 503)." }]);
    assert.equal(engine.state.loading, false);
  });

  test("a save offline says it needs the network, changes nothing and keeps the typed input", async () => {
    const transport = server();
    const engine = makeEngine(transport);
    await engine.connect();
    await engine.perform({ action: "save", path: "3" });
    await engine.connect();
    await engine.perform({ action: "set", path: "3.0", kind: "text", text: "typed" });
    transport.down = true;
    await engine.perform({ action: "save", path: "3" });
    assert.match(engine.state.alerts[0].message, /This needs the network/);
    assert.equal(engine.state.values["3.0"], "typed");
    assert.equal(engine.state.packet?.components[3].type, "form");
  });

  test("error answers and answers to submissions are never cached", async () => {
    const transport = new ScriptedTransport((request) => {
      if (request.method === "bad") return { rc: 4, id: "bad", disposition: "permanent", components: [{ type: "label", text: "x" }] };
      if (request.method === "save") return screen([{ type: "label", text: "Saved" }], { id: "saved", disposition: "permanent" });
      return screen([{ type: "button", text: "Bad", method: { function: "bad" } }, { type: "form", id: "f", save: { function: "save" }, components: [] }], { version: 1 });
    });
    const engine = makeEngine(transport);
    await engine.connect();
    await engine.perform({ action: "press", path: "0" });
    await engine.connect();
    await engine.perform({ action: "save", path: "1" });
    const entries = await engine.cache?.store.entries("pages");
    assert.deepEqual(entries, []);
  });

  test("a relaunch with no server shows the cached entry page, or else the page received last, marked offline", async () => {
    const store = new MemoryStore();
    const transport = server();
    const engine = makeEngine(transport, { store });
    await engine.connect();
    await engine.perform({ action: "press", path: "0" });
    transport.down = true;
    const relaunched = makeEngine(transport, { store });
    await relaunched.connect();
    assert.equal(relaunched.state.packet?.components[0].text, "About");
    assert.equal(relaunched.state.offline, true);

    const cachedEntry = new ScriptedTransport(() => screen([{ type: "label", text: "Entry" }], { version: 1, id: "entry", disposition: "permanent" }));
    const store2 = new MemoryStore();
    await makeEngine(cachedEntry, { store: store2 }).connect();
    cachedEntry.down = true;
    const cold = makeEngine(cachedEntry, { store: store2 });
    await cold.connect();
    assert.equal(cold.state.packet?.components[0].text, "Entry");
    assert.equal(cold.state.offline, true);
  });

  test("back online, the next tap goes to the server again", async () => {
    const transport = server();
    const engine = makeEngine(transport);
    await engine.connect();
    await engine.perform({ action: "press", path: "0" });
    await engine.connect();
    transport.down = true;
    await engine.perform({ action: "press", path: "0" });
    assert.equal(engine.state.offline, true);
    transport.down = false;
    transport.answer = () => screen([{ type: "label", text: "Fresh" }]);
    await engine.connect();
    assert.equal(engine.state.offline, false);
    assert.equal(engine.state.packet?.components[0].text, "Fresh");
  });

  test("a new page with the same id replaces every entry with that id", async () => {
    const transport = new ScriptedTransport((request) => {
      if (request.method === "page") return screen([{ type: "label", text: `p${request.parameters.n}` }], { id: "same", disposition: "permanent" });
      return screen([
        { type: "button", text: "1", method: { function: "page", parameters: { n: 1 } } },
        { type: "button", text: "2", method: { function: "page", parameters: { n: 2 } } },
      ], { version: 1 });
    });
    const engine = makeEngine(transport);
    await engine.connect();
    await engine.perform({ action: "press", path: "0" });
    await engine.connect();
    await engine.perform({ action: "press", path: "1" });
    const keys = (await engine.cache?.store.entries("pages"))?.map(([key]) => key);
    assert.deepEqual(keys, ['page {"n":2}']);
  });

  test("forget (sign-out) clears this server's caches: nothing of it opens afterwards", async () => {
    const store = new MemoryStore();
    const transport = server();
    const engine = makeEngine(transport, { store });
    await engine.connect();
    await engine.perform({ action: "press", path: "0" });
    await engine.forget();
    transport.down = true;
    const relaunched = makeEngine(transport, { store });
    await relaunched.connect();
    assert.equal(relaunched.state.packet, null);
    assert.equal(relaunched.state.alerts[0].kind, "connection");
  });

  test("calling a sign-out function forgets the caches before the call is sent", async () => {
    const store = new MemoryStore();
    const transport = new ScriptedTransport((request) => {
      if (request.method === "about") return screen([{ type: "label", text: "About" }], { id: "about", disposition: "permanent" });
      if (request.method === "signOut") return screen([{ type: "label", text: "Signed out" }]);
      return screen([
        { type: "button", text: "About", method: { function: "about" } },
        { type: "button", text: "Sign out", method: { function: "signOut", navigation: "root" } },
      ], { version: 1, setDefaults: { font: "Helvetica" } });
    });
    const engine = makeEngine(transport, { store, signOutFunctions: ["signOut"] });
    await engine.connect();
    await engine.perform({ action: "press", path: "0" });
    await engine.connect();
    await engine.perform({ action: "press", path: "1" });
    assert.deepEqual(transport.last, { method: "signOut", token: "t1" });
    assert.deepEqual(await store.entries("pages"), []);
    assert.equal(engine.state.packet?.components[0].text, "Signed out");
  });

  test("after a start without the server, a tap connects first once the server is back", async () => {
    const store = new MemoryStore();
    const transport = server();
    const engine = makeEngine(transport, { store });
    await engine.connect();
    await engine.perform({ action: "press", path: "0" });
    transport.down = true;
    const relaunched = makeEngine(transport, { store });
    await relaunched.connect();
    assert.equal(relaunched.token, undefined);
    assert.equal(relaunched.state.packet?.components[0].text, "About");
    // Offline, a tap without a session still says the server is away when nothing is kept.
    await relaunched.perform({ action: "press", path: "1" });
    assert.equal(relaunched.state.alerts[0].kind, "connection");
    assert.equal(relaunched.state.offline, true);
    transport.down = false;
    const sent = transport.requests.length;
    await relaunched.perform({ action: "press", path: "1" });
    assert.equal(transport.requests[sent].method, "setConnection", "no request is sent without a token");
    assert.equal(transport.requests.length, sent + 1);
    assert.equal(relaunched.token, "t1");
    assert.equal(relaunched.state.offline, false);
    assert.equal(relaunched.state.packet?.components[0].type, "button", "the entry screen, not the dashboard");
  });
});
