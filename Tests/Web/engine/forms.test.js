import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { ScriptedTransport, makeEngine, screen } from "./support.js";

const customerForm = {
  type: "form",
  id: "customer-form",
  title: "Customer 42",
  save: { function: "saveCustomer" },
  cancel: { function: "showCustomers" },
  components: [
    { type: "textbox", name: "firstname", title: "First name", value: "Customer 42", onEnter: "city" },
    { type: "textbox", id: "city", name: "city", title: "City" },
    { type: "checkbox", name: "active", title: "Active", value: "1" },
    { type: "date", name: "dob", title: "Born", value: "1990-06-15" },
    { type: "select", name: "tier", options: { b: "Gold", a: "Silver" } },
    { type: "select", name: "tags", multi: true, options: { x: "X", y: "Y" } },
    { type: "radio", name: "kind", options: { p: "Person" } },
  ],
};

describe("forms", () => {
  test("inputs start at their values; save sends every field under the form's id", async () => {
    const transport = new ScriptedTransport(() => screen([customerForm], { version: 1 }));
    const engine = makeEngine(transport, { now: () => Date.UTC(2026, 10, 27) });
    await engine.connect();
    assert.deepEqual(engine.state.values, {
      "0.0": "Customer 42", "0.1": "", "0.2": "1", "0.3": "1990-06-15", "0.4": "a", "0.5": [], "0.6": "",
    });
    await engine.perform({ action: "set", path: "0.0", kind: "text", text: "Alice" });
    await engine.perform({ action: "set", path: "0.2", kind: "checked", checked: false });
    await engine.perform({ action: "set", path: "0.5", kind: "options", options: ["y", "x"] });
    await engine.perform({ action: "save", path: "0" });
    assert.deepEqual(transport.last, {
      method: "saveCustomer",
      token: "t1",
      formdata: { "customer-form": { firstname: "Alice", city: "", active: "0", dob: "1990-06-15", tier: "a", tags: ["x", "y"], kind: "" } },
    });
  });

  test("a date without value starts today (UTC)", async () => {
    const transport = new ScriptedTransport(() => screen([{ type: "date", name: "d" }], { version: 1 }));
    const engine = makeEngine(transport, { now: () => Date.UTC(2026, 10, 27, 23, 30) });
    await engine.connect();
    assert.equal(engine.state.values["0"], "2026-11-27");
  });

  test("cancel sends formdata only when its method says so", async () => {
    const transport = new ScriptedTransport(() => screen([customerForm, { ...customerForm, id: "f2", cancel: { function: "back", formdata: true } }], { version: 1 }));
    const engine = makeEngine(transport);
    await engine.connect();
    await engine.perform({ action: "cancel", path: "0" });
    assert.deepEqual(transport.last, { method: "showCustomers", token: "t1" });
    await engine.perform({ action: "cancel", path: "1" });
    assert.equal(transport.last.method, "back");
    assert.deepEqual(Object.keys(transport.last.formdata), ["f2"]);
  });

  test("the server's error after a save is alerted and the typed values stay", async () => {
    const transport = new ScriptedTransport((request) =>
      request.method === "saveCustomer" ? { rc: "The email is not valid", token: "t1", components: [] } : screen([customerForm], { version: 1 }),
    );
    const engine = makeEngine(transport);
    await engine.connect();
    await engine.perform({ action: "set", path: "0.1", kind: "text", text: "Oslo" });
    await engine.perform({ action: "save", path: "0" });
    assert.equal(engine.state.alerts[0].message, "The email is not valid");
    assert.equal(engine.state.values["0.1"], "Oslo");
  });

  test("the return key moves the focus to the input named by onEnter, or calls the function with the captured input", async () => {
    const transport = new ScriptedTransport(() =>
      screen([customerForm, { type: "textbox", name: "query", onEnter: "search", focus: true }], { version: 1 }),
    );
    const engine = makeEngine(transport);
    await engine.connect();
    assert.equal(engine.state.focus, "1");
    await engine.perform({ action: "return", path: "0.0" });
    assert.equal(engine.state.focus, "0.1");
    assert.equal(transport.requests.length, 1);
    await engine.perform({ action: "set", path: "1", kind: "text", text: "Smith" });
    await engine.perform({ action: "return", path: "1" });
    assert.equal(transport.last.method, "search");
    assert.equal(transport.last.formdata.query, "Smith");
    assert.ok(transport.last.formdata["customer-form"]);
  });

  test("a button with formdata:true sends the captured input; a form wins over a field of its name", async () => {
    const transport = new ScriptedTransport(() =>
      screen([
        { type: "textbox", name: "query", value: "Smith" },
        { type: "textbox", name: "f", value: "loose" },
        { type: "form", id: "f", components: [{ type: "textbox", name: "a", value: "1" }] },
        { type: "button", text: "Edit", method: { function: "editCustomer", parameters: { id: "123" }, formdata: true } },
      ], { version: 1 }),
    );
    const engine = makeEngine(transport);
    await engine.connect();
    await engine.perform({ action: "press", path: "3" });
    assert.deepEqual(transport.last, { method: "editCustomer", token: "t1", parameters: { id: "123" }, formdata: { query: "Smith", f: { a: "1" } } });
  });

  test("a set on a component that is no input changes nothing", async () => {
    const transport = new ScriptedTransport(() => screen([{ type: "label", text: "x" }], { version: 1 }));
    const engine = makeEngine(transport);
    await engine.connect();
    await engine.perform({ action: "set", path: "0", kind: "text", text: "y" });
    assert.deepEqual(engine.state.values, {});
  });
});
