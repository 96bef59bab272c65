// The payload the designer edits (Sources/XpediteNotifyWeb/Resources/console/js/pages/payload-model.js):
// new fields valid as added, attributes from the form's text and back, the JSON both ways with a
// parse error's line and column, moving fields, and the API's issues mapped to field, attribute
// and JSON line.

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { fieldTypeNamed, fieldTypes } from "../../../Sources/XpediteNotifyWeb/Resources/console/js/pages/field-types.js";
import { localIssues } from "../../../Sources/XpediteNotifyWeb/Resources/console/js/pages/payload-checks.js";
import {
  attributeText,
  attributeValue,
  emptyPayload,
  issueTarget,
  lineOfPath,
  moveField,
  newField,
  parseJSON,
  payloadFromText,
  prettyJSON,
  withAttribute,
} from "../../../Sources/XpediteNotifyWeb/Resources/console/js/pages/payload-model.js";

/**
 * @param {string} type
 * @param {string} name
 */
function attribute(type, name) {
  const found = fieldTypeNamed(type)?.attributes.find((entry) => entry.name === name);
  assert.ok(found, `${type}.${name}`);
  return found;
}

describe("new fields", () => {
  test("a field of every type, added one after the other, leaves nothing the console can tell is wrong", () => {
    const payload = emptyPayload();
    for (const entry of fieldTypes) payload.fields.push(newField(entry.type, payload.fields));
    assert.equal(payload.fields.length, fieldTypes.length);
    assert.deepEqual(localIssues(payload), []);
    const ids = payload.fields.map((field) => field.id).filter((id) => id !== undefined);
    assert.equal(new Set(ids).size, ids.length);
    const buttonValues = payload.fields.flatMap((field) =>
      field.type === "buttonCluster" ? /** @type {{value: number}[]} */ (field.values).map((button) => button.value) : field.value !== undefined ? [field.value] : [],
    );
    assert.equal(new Set(buttonValues).size, buttonValues.length, `button values ${buttonValues} are unique`);
  });

  test("ids count past those in use", () => {
    assert.equal(newField("camera", [{ type: "camera", id: "camera1" }]).id, "camera2");
    assert.equal(newField("text", []).id, undefined);
  });
});

describe("attributes from the form's text and back", () => {
  test("an empty text leaves the attribute out, so that its default applies", () => {
    assert.equal(attributeValue(attribute("inputInteger", "maxValue"), ""), undefined);
    assert.equal(attributeValue(attribute("camera", "label"), ""), undefined);
    assert.equal(attributeValue(attribute("camera", "align"), ""), undefined);
  });

  test("each kind becomes its JSON type, or an error", () => {
    assert.deepEqual(attributeValue(attribute("inputInteger", "maxValue"), " 12 "), { value: 12 });
    assert.ok("error" in (attributeValue(attribute("inputInteger", "maxValue"), "1.5") ?? {}));
    assert.deepEqual(attributeValue(attribute("inputReal", "maxValue"), "1.5"), { value: 1.5 });
    assert.deepEqual(attributeValue(attribute("checkbox", "default"), "true"), { value: true });
    assert.deepEqual(attributeValue(attribute("camera", "label"), " spaced "), { value: " spaced " });
    assert.deepEqual(attributeValue(attribute("droplist", "values"), "Red\n Green \n\n"), { value: ["Red", "Green"] });
    assert.deepEqual(attributeValue(attribute("droplist", "values"), '[{"label": "One", "value": 1}]'), { value: [{ label: "One", value: 1 }] });
    const numbered = { type: "droplist", values: [{ label: "One", value: 1 }, { label: "Two", value: 2 }] };
    assert.deepEqual(attributeValue(attribute("droplist", "default"), "2", undefined, numbered), { value: 2 }, "a number among the values");
    assert.deepEqual(attributeValue(attribute("droplist", "default"), "2", undefined, { type: "droplist", values: ["1", "2"] }), { value: "2" });
    assert.deepEqual(attributeValue(attribute("droplist", "default"), "Red", undefined, { type: "droplist", values: ["Red"] }), { value: "Red" });
    assert.deepEqual(attributeValue(attribute("droplist", "default"), "3", undefined, numbered), { value: "3" }, "none named: the text, for the server to refuse");
    assert.deepEqual(attributeValue(attribute("map", "location"), '{"longitude": 1, "latitude": 2}'), { value: { longitude: 1, latitude: 2 } });
    const broken = attributeValue(attribute("buttonCluster", "values"), '[{"label": "x",]');
    assert.ok(broken && "error" in broken && broken.error.includes("line 1"), JSON.stringify(broken));
  });

  test("a value's text reads back as the same value", () => {
    for (const [type, name, value] of /** @type {[string, string, unknown][]} */ ([
      ["droplist", "values", ["Red", "Green"]],
      ["droplist", "values", [{ label: "One", value: 1 }]],
      ["inputInteger", "minValue", -3],
      ["checkbox", "default", false],
      ["map", "markers", [{ longitude: 1, latitude: 2, color: "blue" }]],
      ["inlineButton", "buttonLabelSize", "20"],
      ["camera", "label", "<img src=x onerror=alert(1)>"],
    ])) {
      const entry = attribute(type, name);
      assert.deepEqual(attributeValue(entry, attributeText(entry, value), value), { value }, `${type}.${name}`);
    }
    assert.equal(attributeText(attribute("camera", "label"), undefined), "");
  });

  test("setting keeps the attributes' order; undefined removes one", () => {
    const field = { type: "camera", id: "a", label: "x" };
    assert.deepEqual(Object.keys(withAttribute(field, "id", "b")), ["type", "id", "label"]);
    assert.deepEqual(withAttribute(field, "id", "b"), { type: "camera", id: "b", label: "x" });
    assert.deepEqual(withAttribute(field, "label", undefined), { type: "camera", id: "a" });
    assert.deepEqual(withAttribute(field, "optional", true), { type: "camera", id: "a", label: "x", optional: true });
    assert.deepEqual(field, { type: "camera", id: "a", label: "x" }, "the field itself is unchanged");
  });
});

describe("moving fields", () => {
  const fields = [{ type: "a" }, { type: "b" }, { type: "c" }];
  test("up and down, and not past either end", () => {
    assert.deepEqual(moveField(fields, 1, -1).map((field) => field.type), ["b", "a", "c"]);
    assert.deepEqual(moveField(fields, 1, 1).map((field) => field.type), ["a", "c", "b"]);
    assert.deepEqual(moveField(fields, 0, 2).map((field) => field.type), ["b", "c", "a"], "a drop two places on");
    assert.deepEqual(moveField(fields, 2, -2).map((field) => field.type), ["c", "a", "b"]);
    assert.equal(moveField(fields, 0, -1), fields);
    assert.equal(moveField(fields, 2, 1), fields);
  });
});

describe("the JSON both ways", () => {
  test("prettyJSON writes what JSON.stringify writes, with each path's line", () => {
    const payload = { responseTopic: "/a/b", fields: [{ type: "droplist", id: "x", values: ["a", "b"] }, { type: "text", label: "é \"q\"" }], state: {} };
    const { text, lines } = prettyJSON(payload);
    assert.equal(text, JSON.stringify(payload, null, 2));
    const textLines = text.split("\n");
    assert.equal(lines.get("$"), 1);
    assert.equal(textLines[/** @type {number} */ (lines.get("$.fields[0].values")) - 1].trim(), '"values": [');
    assert.equal(textLines[/** @type {number} */ (lines.get("$.fields[1].label")) - 1].trim(), '"label": "é \\"q\\""');
    assert.equal(textLines[/** @type {number} */ (lines.get("$.fields[1]")) - 1].trim(), "{");
    assert.equal(prettyJSON({ a: [] }).text, JSON.stringify({ a: [] }, null, 2));
  });

  test("a parse error says its line and column", () => {
    const result = parseJSON('{\n  "fields": [\n    {"type": "text",}\n  ]\n}');
    assert.ok("error" in result);
    assert.equal(result.error.line, 3);
    assert.equal(result.error.column, 21);
    assert.match(result.error.message, /^line 3, column 21: /);
    const cut = parseJSON('{"a":');
    assert.ok("error" in cut);
    assert.equal(cut.error.line, 1);
    assert.equal(cut.error.column, 6);
  });

  test("a payload is an object whose fields are objects", () => {
    assert.deepEqual(payloadFromText('{"responseTopic": "/a"}'), { payload: { responseTopic: "/a", fields: [] } });
    assert.ok("error" in payloadFromText("[]"));
    assert.ok("error" in payloadFromText('{"fields": {}}'));
    assert.ok("error" in payloadFromText('{"fields": [1]}'));
  });
});

describe("the API's issues at their fields", () => {
  test("the paths of POST /send, PUT /payloads and PUT /requests", () => {
    assert.deepEqual(issueTarget("$.payload.fields[2].values[0].label"), { field: 2, attribute: "values", path: "$.fields[2].values[0].label" });
    assert.deepEqual(issueTarget("$.fields[2].showIf", "$"), { field: 2, attribute: "showIf", path: "$.fields[2].showIf" });
    assert.deepEqual(issueTarget('$.payload.fields[0]["odd key"]'), { field: 0, attribute: "odd key", path: '$.fields[0]["odd key"]' });
    assert.deepEqual(issueTarget("$.payload.responseTopic"), { field: null, attribute: "responseTopic", path: "$.responseTopic" });
    assert.deepEqual(issueTarget("$.payload"), { field: null, attribute: null, path: "$" });
  });

  test("a missing attribute, reported at its field, is placed at the attribute its message names", () => {
    assert.deepEqual(issueTarget("$.payload.fields[1]", "$.payload", 'droplist requires "values"'), { field: 1, attribute: "values", path: "$.fields[1]" });
    assert.deepEqual(issueTarget("$.payload.fields[1].default", "$.payload", 'droplist requires "values"'), { field: 1, attribute: "default", path: "$.fields[1].default" });
  });

  test("paths outside the payload are not the editor's", () => {
    assert.equal(issueTarget("$.to.users[0]"), null);
    assert.equal(issueTarget("$.title"), null);
    assert.equal(issueTarget("$.payloadish"), null);
    assert.equal(issueTarget("$.title", "$"), null);
    assert.deepEqual(issueTarget("$.responseTopic", "$"), { field: null, attribute: "responseTopic", path: "$.responseTopic" });
  });

  test("an issue's JSON line is its deepest written path", () => {
    const { lines } = prettyJSON({ responseTopic: "/a", fields: [{ type: "text" }, { type: "droplist", id: "x" }] });
    assert.equal(lineOfPath(lines, "$.fields[1].values"), lines.get("$.fields[1]"));
    assert.equal(lineOfPath(lines, "$.fields[1].id"), lines.get("$.fields[1].id"));
    assert.equal(lineOfPath(lines, "$.fields[10]"), lines.get("$.fields"));
  });

  test("the console's own checks use the same paths", () => {
    const issues = localIssues({
      responseTopic: "no topic",
      fields: [{ type: "droplist", id: "x" }, { type: "camera", id: "x", align: "middle" }, { type: "mystery" }, { type: "inputInteger", id: "n", default: 1.5 }],
    });
    assert.deepEqual(issues.map((issue) => issue.path), [
      "$.responseTopic",
      "$.fields[0].values",
      "$.fields[1].id",
      "$.fields[1].align",
      "$.fields[2].type",
      "$.fields[3].default",
    ]);
  });
});
