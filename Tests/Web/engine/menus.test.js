import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { MemoryStore } from "../../../Sources/XpediteWebApp/Resources/web/js/cache/stores.js";
import { ScriptedTransport, makeEngine, screen } from "./support.js";

const mainMenu = {
  type: "navigation",
  id: "main-menu",
  implementation: { style: "slidefrom", position: "left" },
  components: [
    { type: "menuEntry", text: "Xpedite demo" },
    { type: "menuEntry", text: "Customers", method: { function: "customers", navigation: "root" } },
    { type: "menuEntry", text: "About", method: { function: "about" } },
  ],
};
const barButton = {
  type: "navigation",
  implementation: { style: "button", position: "right" },
  components: [{ type: "menuEntry", text: "Add", method: { function: "quickAdd" } }],
};

describe("menus", () => {
  test("a slide-in menu entry calls its method; a header entry calls nothing", async () => {
    const transport = new ScriptedTransport(() => screen([mainMenu, barButton], { version: 1 }));
    const engine = makeEngine(transport);
    await engine.connect();
    await engine.perform({ action: "menu", path: "0", entry: 0 });
    assert.equal(transport.requests.length, 1);
    await engine.perform({ action: "menu", path: "0", entry: 2 });
    assert.deepEqual(transport.last, { method: "about", token: "t1" });
  });

  test("a bar button with one entry calls it; a slide-in menu is no bar button", async () => {
    const transport = new ScriptedTransport(() => screen([mainMenu, barButton], { version: 1 }));
    const engine = makeEngine(transport);
    await engine.connect();
    await engine.perform({ action: "bar", path: "1" });
    assert.equal(transport.last.method, "quickAdd");
    const sent = transport.requests.length;
    await engine.perform({ action: "bar", path: "0" });
    assert.equal(transport.requests.length, sent);
  });

  test("a stub is expanded from the stored definition, also after a relaunch", async () => {
    const store = new MemoryStore();
    const transport = new ScriptedTransport((request) =>
      request.method === "setConnection" ? screen([mainMenu], { version: 1 }) : screen([{ type: "navigation", id: "main-menu" }, { type: "label", text: "next" }]),
    );
    const engine = makeEngine(transport, { store });
    await engine.connect();
    await engine.perform({ action: "menu", path: "0", entry: 1 });
    assert.deepEqual(engine.state.packet?.components[0], mainMenu);

    transport.answer = () => screen([{ type: "navigation", id: "main-menu" }], { version: 1 });
    const relaunched = makeEngine(transport, { store });
    await relaunched.connect();
    assert.deepEqual(relaunched.state.packet?.components[0], mainMenu);
  });

  test("a stub without a stored definition is left out and reported", async () => {
    const transport = new ScriptedTransport(() => screen([{ type: "navigation", id: "nowhere" }, { type: "label", text: "x" }], { version: 1 }));
    const engine = makeEngine(transport);
    await engine.connect();
    assert.deepEqual(engine.state.packet?.components, [{ type: "label", text: "x" }]);
    assert.match(engine.state.diagnostics[0], /navigation 'nowhere'/);
  });

  test("an old dynamic menu loads its entries through cell", async () => {
    const transport = new ScriptedTransport((request) =>
      request.method === "menuItems"
        ? { rc: 0, data: [{ label: "Home", fn: "home" }, { label: "Help", fn: "help" }] }
        : screen([{ type: "navigation", data: { dynamic: "menuItems" }, cell: { text: "label", method: "fn" } }], { version: 1 }),
    );
    const engine = makeEngine(transport);
    await engine.connect();
    await engine.settle();
    assert.deepEqual(engine.state.menus["0"], [
      { type: "menuEntry", text: "Home", method: { function: "home" } },
      { type: "menuEntry", text: "Help", method: { function: "help" } },
    ]);
    await engine.perform({ action: "menu", path: "0", entry: 1 });
    assert.deepEqual(transport.requests[2], { method: "help", token: "t1" });
  });

  test("an old dynamic web view loads its HTML as data, never drawn as the page's HTML", async () => {
    const transport = new ScriptedTransport((request) =>
      request.method === "page" ? { rc: 0, data: "<p>Hi</p>" } : screen([{ type: "web", data: { dynamic: "page" } }], { version: 1 }),
    );
    const engine = makeEngine(transport);
    await engine.connect();
    await engine.settle();
    assert.deepEqual(engine.state.web, { 0: "<p>Hi</p>" });
  });
});
