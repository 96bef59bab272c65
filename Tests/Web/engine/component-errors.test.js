// The scripted conversations of Tests/XpediteClientTests/ComponentErrorTests.swift, through the
// web engine and its reader: the same alert, word for word.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { ScriptedTransport, makeEngine } from "./support.js";

const broken = {
  rc: 0,
  version: 1,
  token: "T",
  components: [
    {
      type: "form",
      id: "f",
      save: { function: "save" },
      components: [
        { type: "textbox", title: "First name", placeholder: "Enter name" },
        { type: "textbox", name: "last", title: "Last name" },
      ],
    },
    { type: "label", text: "Overdue", color: "#12345" },
    { type: "navigation", id: "main-menu" },
  ],
};

/** @param {any} answer @param {boolean} reports */
function engineAnswering(answer, reports) {
  return makeEngine(new ScriptedTransport(() => answer), { reportsComponentErrors: reports });
}

describe("component errors (as ComponentErrorTests)", () => {
  test("a debug client shows one alert listing every problem of the screen", async () => {
    const engine = engineAnswering(broken, true);
    await engine.connect();
    assert.equal(engine.state.alerts.length, 1);
    assert.equal(engine.state.alerts[0].kind, "components");
    assert.equal(
      engine.state.alerts[0].message,
      [
        "This screen has 3 problems:",
        '$.components[0].components[0]: textbox requires "name" (not drawn)',
        '$.components[1].color: expected a colour "#RRGGBB", got "#12345" (ignored)',
        "navigation 'main-menu': no cached definition for this stub; the menu is left out",
      ].join("\n"),
    );
    const components = engine.state.packet?.components ?? [];
    assert.deepEqual(components.filter((/** @type {any} */ c) => c.type === "label").map((/** @type {any} */ c) => c.text), ["Overdue"]);
    assert.equal(components[0].components[0].type, "textbox");
  });

  test("a release client shows no alert and keeps the issues", async () => {
    const engine = engineAnswering(broken, false);
    await engine.connect();
    assert.deepEqual(engine.state.alerts, []);
    assert.ok(engine.state.issues.includes('$.components[0].components[0]: textbox requires "name"'));
  });

  test("a screen without errors has no alert, and warnings are no errors", async () => {
    const engine = engineAnswering({ rc: 0, version: 1, token: "T", components: [{ type: "label", text: "Hi", colour: "#0A0" }] }, true);
    await engine.connect();
    assert.deepEqual(engine.state.alerts, []);
    assert.ok(engine.state.issues.length > 0);
  });

  test("the alert comes after an rc message and is dismissed with it", async () => {
    const engine = engineAnswering(
      { rc: "Saved with problems", version: 1, token: "T", background: "red", components: [{ type: "checkbox", title: "Active" }, { type: "label", text: "Check the form" }] },
      true,
    );
    await engine.connect();
    assert.deepEqual(
      engine.state.alerts.map((alert) => alert.message),
      ["Saved with problems", 'This screen has 1 problem:\n$.components[0]: checkbox requires "name" (not drawn)'],
    );
    await engine.perform({ action: "dismiss" });
    assert.deepEqual(engine.state.alerts, []);
  });

  test("the answer's own entries are no component errors", async () => {
    const engine = engineAnswering({ rc: 0, background: "red", components: [{ type: "label", text: "Hi" }] }, true);
    await engine.connect();
    assert.deepEqual(engine.state.alerts, []);
    assert.ok(engine.state.issues.some((issue) => issue.startsWith("$.background")));
  });
});
