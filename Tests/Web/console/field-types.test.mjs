// The designer's table of field types (Sources/XpediteNotifyWeb/Resources/console/js/pages/field-types.js)
// against the JSON Schema the server validates payloads with: the definitions of
// `xpedite notify schema`, as scripts/generate-openapi copies them into the contract the server
// serves (NotifyOpenAPIDocument.swift; scripts/test checks that copy is current). Every type of the
// schema is in the table and no other; every attribute the schema allows is in the table with a
// kind of the same JSON type and the same requiredness, and nothing else; a default the schema's
// description states is the table's.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { fieldTypeNames, fieldTypes } from "../../../Sources/XpediteNotifyWeb/Resources/console/js/pages/field-types.js";

const swift = readFileSync(new URL("../../../Sources/XpediteNotify/Controllers/Support/NotifyOpenAPIDocument.swift", import.meta.url), "utf8");
const start = swift.indexOf('#"""\n');
const end = swift.lastIndexOf('\n"""#');
/** @type {{components: {schemas: Record<string, any>}}} */
const contract = JSON.parse(swift.slice(start + 5, end));
const schemas = contract.components.schemas;
const ref = (/** @type {string} */ name) => `#/components/schemas/${name}`;

/**
 * Whether a property's schema is what an attribute of `kind` writes.
 * @param {string} kind
 * @param {any} schema
 * @param {readonly string[] | undefined} options
 * @returns {boolean}
 */
function matches(kind, schema, options) {
  const anyOfTypes = (schema.anyOf ?? []).map((/** @type {any} */ item) => item.type ?? item.$ref).sort().join(",");
  switch (kind) {
    case "text":
    case "expression":
      return schema.type === "string" && schema.enum === undefined;
    case "date":
      return schema.type === "string" && schema.pattern === "^[0-9]{4}-[0-9]{2}-[0-9]{2}$";
    case "datetime":
      return schema.type === "string" && typeof schema.pattern === "string" && schema.pattern.includes("T[0-9]{2}:[0-9]{2}");
    case "integer":
    case "number":
    case "boolean":
      return schema.type === kind;
    case "choiceValue":
      return anyOfTypes === "number,string";
    case "fontSize":
      return anyOfTypes === "number,string";
    case "enum":
      return Array.isArray(schema.enum) && JSON.stringify(schema.enum) === JSON.stringify(options);
    case "color":
      return schema.type === "string" && typeof schema.pattern === "string" && schema.pattern.startsWith("^#");
    case "choices":
      return schema.type === "array" && (schema.items.anyOf ?? []).some((/** @type {any} */ item) => item.$ref === ref("notify.choice"));
    case "buttons":
      return schema.type === "array" && schema.items.$ref === ref("notify.button");
    case "markers":
      return schema.type === "array" && schema.items.$ref === ref("notify.marker");
    case "location":
      return schema.$ref === ref("notify.location");
    default:
      return false;
  }
}

describe("the field types against the payload schema", () => {
  const schemaTypes = Object.keys(schemas)
    .filter((name) => name.startsWith("notify.field."))
    .map((name) => name.slice("notify.field.".length))
    .sort();

  test("the schema's field types are the table's, each once", () => {
    assert.ok(schemaTypes.length >= 25, `the contract has ${schemaTypes.length} field types`);
    assert.deepEqual([...fieldTypeNames].sort(), schemaTypes);
    assert.equal(new Set(fieldTypeNames).size, fieldTypeNames.length);
  });

  for (const entry of fieldTypes) {
    test(`${entry.type}: every attribute, its kind, requiredness and stated default`, () => {
      const schema = schemas[`notify.field.${entry.type}`];
      const allowed = Object.keys(schema.properties).filter((name) => name !== "type").sort();
      const names = entry.attributes.map((attribute) => attribute.name);
      assert.deepEqual([...names].sort(), allowed, "the attributes the schema allows");
      assert.equal(new Set(names).size, names.length, "each attribute once");
      const required = (schema.required ?? []).filter((/** @type {string} */ name) => name !== "type").sort();
      assert.deepEqual(names.filter((name) => entry.attributes.find((a) => a.name === name)?.required).sort(), required, "the required attributes");
      for (const attribute of entry.attributes) {
        const property = schema.properties[attribute.name];
        assert.ok(matches(attribute.kind, property, attribute.options), `${attribute.name} (${attribute.kind}) against ${JSON.stringify(property)}`);
        const description = String(property.description ?? "");
        const stated = /;\s*"?([^";]*?)"? by default/.exec(description) ?? /(\w+) \(default\)/.exec(description);
        if (stated) assert.equal(String(attribute.default), stated[1], `${attribute.name}'s default, as the schema says: ${description}`);
        if (attribute.default !== undefined && attribute.kind !== "fontSize" && attribute.kind !== "enum") {
          const type = typeof attribute.default === "number" ? (Number.isInteger(attribute.default) ? ["integer", "number"] : ["number"]) : [typeof attribute.default];
          assert.ok(type.includes(property.type), `${attribute.name}'s default ${attribute.default} is a ${property.type}`);
        }
        if (attribute.kind === "enum" && attribute.default !== undefined) assert.ok(property.enum.includes(attribute.default));
      }
    });
  }
});
