// The scripted conversations of Tests/XpediteClientTests/ActionRequestTests.swift through the web
// engine and its reader: every action kind sends exactly the request of
// docs/protocol/packets.md#the-request-envelope, in both dialects.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { canonicalJSON } from "../../../Sources/XpediteWebApp/Resources/web/js/engine/request.js";
import { ScriptedTransport, makeEngine } from "./support.js";

/** @param {any} screen */
function server(screen) {
  return new ScriptedTransport((request) => {
    switch (request.method) {
      case "setConnection":
        return screen;
      case "rows":
        return { rc: 0, data: [{ id: "c1", name: "Alice" }, { id: "c2", name: "Bob" }] };
      case "menuItems":
        return { rc: 0, data: [{ label: "Accounts", fn: "openAccounts" }, { label: "Orders", fn: "openOrders" }] };
      case "webData":
        return { rc: 0, data: "<p>Hello</p>" };
      default:
        return { rc: 0, token: "T1", components: [{ type: "label", text: "done" }] };
    }
  });
}

const form = {
  type: "form",
  id: "customer-form",
  save: { function: "saveCustomer" },
  cancel: { function: "showCustomer" },
  components: [
    { type: "section", title: "Personal" },
    { type: "textbox", name: "firstname", value: "Alice" },
    { type: "checkbox", name: "active", value: "1" },
    { type: "date", name: "dob", value: "1990-06-15" },
    { type: "select", name: "country", options: { NZ: "New Zealand", AU: "Australia" } },
    { type: "radio", name: "tier", options: { a: "A", b: "B" } },
  ],
};

/** @type {[string, any, any, any][]} name, screen, action, expected request */
const cases = [
  ["button press", { rc: 0, token: "T1", version: 1, components: [{ type: "button", text: "Open", method: { function: "viewCustomer", parameters: { id: "123" } } }] },
    { action: "press", path: "0" }, { method: "viewCustomer", parameters: { id: "123" }, token: "T1" }],
  ["button press with formdata:true", { rc: 0, token: "T1", version: 1, components: [form, { type: "textbox", name: "search", value: "" }, { type: "button", text: "Go", method: { function: "go", formdata: true } }] },
    { action: "press", path: "2" }, { formdata: { "customer-form": { active: "1", country: "AU", dob: "1990-06-15", firstname: "Alice", tier: "" }, search: "" }, method: "go", token: "T1" }],
  ["form save", { rc: 0, token: "T1", version: 1, components: [form] },
    { action: "save", path: "0" }, { formdata: { "customer-form": { active: "1", country: "AU", dob: "1990-06-15", firstname: "Alice", tier: "" } }, method: "saveCustomer", token: "T1" }],
  ["form cancel", { rc: 0, token: "T1", version: 1, components: [form] }, { action: "cancel", path: "0" }, { method: "showCustomer", token: "T1" }],
  ["old-dialect form save (string save, checkbox true)",
    { rc: "0", token: "T1", version: "P1.213", components: [{ type: "form", id: "f", save: "saveIt", cancel: "back", components: [{ type: "checkbox", name: "agree", value: true }, { type: "textbox", name: "who", value: 7 }] }] },
    { action: "save", path: "0" }, { formdata: { f: { agree: "1", who: "7" } }, method: "saveIt", token: "T1" }],
  ["old-dialect form cancel sends the values",
    { rc: "0", token: "T1", version: "P1.213", components: [{ type: "form", id: "f", save: "saveIt", cancel: "back", components: [{ type: "checkbox", name: "agree", value: false }] }] },
    { action: "cancel", path: "0" }, { formdata: { f: { agree: "0" } }, method: "back", token: "T1" }],
  ["table row with selected", { rc: 0, token: "T1", version: 1, components: [{ type: "table", data: { dynamic: "rows" }, cell: [{ field: "name" }], clickRow: { function: "viewCustomer", selected: "id" } }] },
    { action: "row", path: "0", row: 1 }, { method: "viewCustomer", selected: "c2", token: "T1" }],
  ["table row with a missing selected field sends null", { rc: 0, token: "T1", version: 1, components: [{ type: "table", data: { dynamic: "rows" }, cell: [{ field: "name" }], clickRow: { function: "viewCustomer", selected: "customerNo" } }] },
    { action: "row", path: "0", row: 0 }, { method: "viewCustomer", selected: null, token: "T1" }],
  ["old-dialect clickRow sends the row index", { rc: "0", token: "T1", version: 1, components: [{ type: "table", data: { dynamic: "rows" }, cell: { display: "name" }, clickRow: "selectCustomer" }] },
    { action: "row", path: "0", row: 1 }, { method: "selectCustomer", row: 1, token: "T1" }],
  ["menu entry", { rc: 0, token: "T1", version: 1, components: [{ type: "navigation", implementation: { style: "slidefrom", position: "left" }, components: [{ type: "menuEntry", text: "Main" }, { type: "menuEntry", text: "Logout", method: { function: "logout" } }] }] },
    { action: "menu", path: "0", entry: 1 }, { method: "logout", token: "T1" }],
  ["single-entry bar button", { rc: 0, token: "T1", version: 1, components: [{ type: "navigation", implementation: { style: "button", position: "right", icon: "plus" }, components: [{ type: "menuEntry", method: { function: "addCustomer", parameters: { kind: "new" } } }] }] },
    { action: "bar", path: "0" }, { method: "addCustomer", parameters: { kind: "new" }, token: "T1" }],
  ["old navigation data entry", { rc: "0", token: "T1", version: 1, components: [{ type: "navigation", slidefrom: "left", data: [{ text: "Help", method: "callHelp" }] }] },
    { action: "menu", path: "0", entry: 0 }, { method: "callHelp", token: "T1" }],
  ["old dynamic navigation entry", { rc: "0", token: "T1", version: 1, components: [{ type: "navigation", slidefrom: "left", data: { dynamic: "menuItems" }, cell: { text: "label", method: "fn" } }] },
    { action: "menu", path: "0", entry: 1 }, { method: "openOrders", token: "T1" }],
  ["old return key calls a method with the captured input", { rc: "0", token: "T1", version: 1, components: [{ type: "textbox", name: "user", value: "bob", onEnter: "login" }] },
    { action: "return", path: "0" }, { formdata: { user: "bob" }, method: "login", token: "T1" }],
  ["table refresh", { rc: 0, token: "T1", version: 1, components: [{ type: "table", data: { dynamic: { function: "rows", parameters: { q: "A" } } }, refresh: "Pull" }] },
    { action: "refresh", path: "0" }, { limit: 40, method: "rows", offset: 0, parameters: { q: "A" }, token: "T1" }],
];

describe("action requests (as ActionRequestTests)", () => {
  for (const [name, screen, action, expected] of cases) {
    test(name, async () => {
      const transport = server(screen);
      const engine = makeEngine(transport);
      await engine.connect();
      await engine.settle();
      assert.deepEqual(engine.state.alerts, []);
      await engine.perform(action);
      assert.equal(canonicalJSON(transport.last), canonicalJSON(expected));
    });
  }

  test("data requests are exact", async () => {
    const transport = server({ rc: 0, token: "T1", version: 1, components: [{ type: "table", data: { dynamic: "rows" } }, { type: "web", data: { dynamic: "webData" } }] });
    const engine = makeEngine(transport);
    await engine.connect();
    await engine.settle();
    assert.deepEqual(transport.requests.slice(1).map(canonicalJSON), [
      canonicalJSON({ limit: 40, method: "rows", offset: 0, token: "T1" }),
      canonicalJSON({ method: "webData", token: "T1" }),
    ]);
    assert.equal(engine.state.web["1"], "<p>Hello</p>");
    assert.equal(engine.state.tables["0"].rows.length, 2);
    assert.equal(engine.state.tables["0"].hasMore, false);
  });
});
