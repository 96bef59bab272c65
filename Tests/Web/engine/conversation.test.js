import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { ScriptedTransport, makeEngine, screen } from "./support.js";

describe("the conversation", () => {
  test("setConnection carries the device and the bounds, never a token", async () => {
    const transport = new ScriptedTransport(() => screen([{ type: "label", text: "Hello" }], { version: 1 }));
    const engine = makeEngine(transport);
    await engine.connect();
    assert.deepEqual(transport.requests[0], {
      method: "setConnection",
      bundleID: "xpedite.software",
      uuid: "6F1C2A9B-0D5E-4C1B-9A77-3E2F1D0C8B4A",
      bounds: "(0.0, 0.0, 393.0, 852.0)",
      xpediteVersion: 1,
    });
    assert.equal(engine.state.packet?.components[0].text, "Hello");
    assert.equal(engine.state.loading, false);
    assert.equal(engine.token, "t1");
  });

  test("setConnection carries the page's appearance, read when it is sent, and none when unknown", async () => {
    const transport = new ScriptedTransport(() => screen([{ type: "label", text: "Hello" }], { version: 1 }));
    /** @type {string | undefined} */
    let appearance = "dark";
    const engine = makeEngine(transport, { appearance: () => appearance });
    await engine.connect();
    assert.equal(transport.requests[0].appearance, "dark");
    appearance = "light";
    await engine.connect();
    assert.equal(transport.requests[1].appearance, "light");
    appearance = "sepia";
    await engine.connect();
    assert.equal("appearance" in transport.requests[2], false, "a value the protocol does not know is not sent");
    appearance = undefined;
    await engine.connect();
    assert.equal("appearance" in transport.requests[3], false);
    const plain = new ScriptedTransport(() => screen([], { version: 1 }));
    await makeEngine(plain).connect();
    assert.equal("appearance" in plain.requests[0], false, "an engine made without one sends none");
  });

  test("the token is adopted from any answer and kept when an answer has none", async () => {
    let count = 0;
    const transport = new ScriptedTransport(() => {
      count += 1;
      const button = { type: "button", text: "Next", method: { function: "next", parameters: { id: "123" } } };
      if (count === 1) return screen([button], { token: "first", version: 1 });
      if (count === 2) return { rc: 0, components: [button] };
      return screen([button], { token: "second" });
    });
    const engine = makeEngine(transport);
    await engine.connect();
    await engine.perform({ action: "press", path: "0" });
    assert.deepEqual(transport.last, { method: "next", token: "first", parameters: { id: "123" } });
    await engine.perform({ action: "press", path: "0" });
    assert.equal(transport.last.token, "first");
    await engine.perform({ action: "press", path: "0" });
    assert.equal(engine.token, "second");
  });

  test("a string rc is shown as it is, an integer with the code; an empty answer keeps the screen", async () => {
    const answers = [
      screen([{ type: "button", text: "Go", method: "go" }], { version: 1 }),
      { rc: "Failed to update customer entry", components: [] },
      { rc: 3, components: [{ type: "label", text: "Fresh" }] },
    ];
    const transport = new ScriptedTransport(() => answers.shift());
    const engine = makeEngine(transport);
    await engine.connect();
    await engine.perform({ action: "press", path: "0" });
    assert.deepEqual(engine.state.alerts, [{ kind: "rc", rc: "Failed to update customer entry", message: "Failed to update customer entry" }]);
    assert.equal(engine.state.packet?.components[0].text, "Go", "the screen stays");
    assert.equal(engine.state.loading, false);
    await engine.perform({ action: "press", path: "0" });
    assert.deepEqual(engine.state.alerts, [{ kind: "rc", rc: 3, message: "The request could not be completed (code 3)." }]);
    assert.equal(engine.state.packet?.components[0].text, "Fresh", "a non-empty answer is drawn after the alert");
    await engine.perform({ action: "dismiss" });
    assert.deepEqual(engine.state.alerts, []);
  });

  test("an answer without rc, an HTML page or no JSON is a protocol alert and the screen stays", async () => {
    const answers = [
      screen([{ type: "button", text: "Go", method: { function: "go" } }], { version: 1 }),
      { components: [] },
      { html: "<!DOCTYPE html><html><body>Bad gateway</body></html>" },
    ];
    const transport = new ScriptedTransport(() => answers.shift());
    const engine = makeEngine(transport);
    await engine.connect();
    await engine.perform({ action: "press", path: "0" });
    assert.equal(engine.state.alerts[0].kind, "protocol");
    assert.match(engine.state.alerts[0].message, /breaks the protocol: .*"rc"/);
    await engine.perform({ action: "press", path: "0" });
    assert.equal(engine.state.alerts[0].kind, "protocol");
    assert.match(engine.state.alerts[0].message, /HTML page/);
    assert.equal(engine.state.packet?.components[0].text, "Go");
  });

  test("an answer to a superseded tap is discarded", async () => {
    /** @type {(value: any) => void} */
    let releaseSlow = () => {};
    const transport = new ScriptedTransport((request) => {
      if (request.method === "slow") return new Promise((resolve) => { releaseSlow = resolve; });
      if (request.method === "fast") return screen([{ type: "label", text: "Fast" }]);
      return screen([
        { type: "button", text: "Slow", method: { function: "slow" } },
        { type: "button", text: "Fast", method: { function: "fast" } },
      ], { version: 1 });
    });
    const engine = makeEngine(transport);
    await engine.connect();
    const slow = engine.perform({ action: "press", path: "0" });
    await new Promise((resolve) => setImmediate(resolve));
    await engine.perform({ action: "press", path: "1" });
    releaseSlow(screen([{ type: "label", text: "Slow" }]));
    await slow;
    assert.equal(engine.state.packet?.components[0].text, "Fast");
  });

  test("a new version purges pages and menus before the answer is used; the token stays", async () => {
    const menu = { type: "navigation", id: "main", implementation: { style: "slidefrom", position: "left" }, components: [{ type: "menuEntry", text: "About", method: { function: "about" } }] };
    const version = 1;
    const transport = new ScriptedTransport((request) => {
      if (request.method === "about") return screen([{ type: "label", text: "About" }, { type: "navigation", id: "main" }], { id: "about", disposition: "permanent" });
      return screen([menu, { type: "button", text: "About", method: { function: "about" } }], { version });
    });
    const engine = makeEngine(transport);
    await engine.connect();
    await engine.perform({ action: "press", path: "1" });
    assert.ok(await engine.cache?.page("about {}", Date.now()));
    assert.ok(await engine.cache?.navigation("main"));
    transport.answer = () => screen([{ type: "label", text: "v2" }], { version: 2 });
    await engine.connect();
    assert.equal(await engine.cache?.page("about {}", Date.now()), undefined);
    assert.equal(await engine.cache?.navigation("main"), undefined);
    assert.equal(await engine.cache?.version(), "2");
    assert.equal(engine.token, "t1");
  });

  test("a debug build alerts the component errors: dropped ones not drawn, the rest ignored", async () => {
    const transport = new ScriptedTransport(() => screen([{ type: "label", text: "ok" }, { type: "navigation", id: "unknown" }], { version: 1 }));
    const read = (/** @type {any} */ json) => ({
      packet: { ...json, components: json.components },
      issues: [
        { path: "$.components[3]", message: "unknown type \"gauge\"", severity: "error" },
        { path: "$.components[0].size.width", message: "negative width", severity: "error" },
        { path: "$.components[0]", message: "old spelling", severity: "warning" },
      ],
      dropped: ["$.components[3]"],
    });
    const engine = makeEngine(transport, { read, reportsComponentErrors: true });
    await engine.connect();
    const alert = engine.state.alerts.find((candidate) => candidate.kind === "components");
    assert.ok(alert);
    assert.equal(
      alert?.message,
      "This screen has 3 problems:\n$.components[3]: unknown type \"gauge\" (not drawn)\n$.components[0].size.width: negative width (ignored)\nnavigation 'unknown': no cached definition for this stub; the menu is left out",
    );
    assert.deepEqual(engine.state.dropped, ["$.components[3]"]);
    assert.equal(engine.state.issues.length, 3);
    const release = makeEngine(new ScriptedTransport(transport.answer), { read });
    await release.connect();
    assert.equal(release.state.alerts.length, 0, "a release build shows no such alert");
  });

  test("new bounds lay the screen out again without telling the server", async () => {
    const transport = new ScriptedTransport(() => screen([{ type: "label", text: "x" }], { version: 1 }));
    /** @type {any[]} */
    const layouts = [];
    const layout = (/** @type {any} */ packet, /** @type {any} */ bounds) => {
      layouts.push(bounds);
      return { width: bounds.width, children: packet.components.length };
    };
    const engine = makeEngine(transport, { layout });
    await engine.connect();
    assert.deepEqual(engine.state.frames, { width: 393, children: 1 });
    engine.setBounds({ x: 0, y: 0, width: 852, height: 393 });
    assert.deepEqual(engine.state.frames, { width: 852, children: 1 });
    assert.equal(transport.requests.length, 1);
  });

  test("subscribers receive every state with a growing revision", async () => {
    const transport = new ScriptedTransport(() => screen([{ type: "label", text: "x" }], { version: 1 }));
    const engine = makeEngine(transport);
    /** @type {number[]} */
    const revisions = [];
    const stop = engine.subscribe((state) => revisions.push(state.revision));
    await engine.connect();
    stop();
    assert.ok(revisions.length >= 2);
    assert.deepEqual(revisions, [...revisions].sort((a, b) => a - b));
  });
});
