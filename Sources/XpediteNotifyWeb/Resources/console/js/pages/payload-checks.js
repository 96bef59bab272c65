// What the designer can tell about a payload without the server (docs/console.md#designer): the
// checks of each attribute's kind from field-types.js, at the paths the API uses. The server
// checks all of this and more when the payload is saved or sent. No DOM here, so that Node can
// test it (Tests/Web/console/payload-model.test.mjs).

import { fieldTypeNamed } from "./field-types.js";

/** @typedef {import("./field-types.js").Attribute} Attribute */
/** @typedef {import("./payload-model.js").Payload} Payload */

/**
 * What the designer can tell without the server, with the same paths the API uses (within the
 * payload): a missing topic, a field of an unknown type, a missing required attribute, a value of
 * the wrong JSON type, an enum value not among its options, a repeated id. The server checks all
 * of this and more (expressions, ranges, defaults among the values) when the payload is saved or
 * sent.
 * @param {Payload} payload
 * @returns {{path: string, message: string}[]}
 */
export function localIssues(payload) {
  /** @type {{path: string, message: string}[]} */
  const issues = [];
  if (typeof payload.responseTopic !== "string" || !/^(\/[A-Za-z0-9_.-]+)+$/.test(payload.responseTopic)) {
    issues.push({ path: "$.responseTopic", message: "expected a topic such as /a/b/c" });
  }
  /** @type {Map<unknown, number>} */
  const ids = new Map();
  payload.fields.forEach((field, index) => {
    const at = `$.fields[${index}]`;
    const definition = fieldTypeNamed(field.type);
    if (!definition) {
      issues.push({ path: `${at}.type`, message: `unknown field type ${JSON.stringify(field.type)}: the app ignores it` });
      return;
    }
    if (field.id !== undefined) {
      if (ids.has(field.id)) issues.push({ path: `${at}.id`, message: `the id ${JSON.stringify(field.id)} is also fields[${ids.get(field.id)}]'s` });
      else ids.set(field.id, index);
    }
    for (const attribute of definition.attributes) {
      const value = field[attribute.name];
      if (value === undefined) {
        if (attribute.required) issues.push({ path: `${at}.${attribute.name}`, message: `${attribute.name} is required` });
        continue;
      }
      const problem = kindProblem(attribute, value);
      if (problem) issues.push({ path: `${at}.${attribute.name}`, message: problem });
    }
  });
  return issues;
}

/**
 * Why a value is not one of an attribute's kind, or null.
 * @param {Attribute} attribute
 * @param {unknown} value
 * @returns {string | null}
 */
export function kindProblem(attribute, value) {
  switch (attribute.kind) {
    case "text":
    case "expression":
      return typeof value === "string" ? (attribute.name === "id" && value === "" ? "expected a non-empty id" : null) : "expected a text";
    case "date":
      return typeof value === "string" && /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(value) ? null : "expected a date such as 1991-04-20";
    case "datetime":
      return typeof value === "string" && /^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]+)?)?(Z|[+-][0-9]{2}:[0-9]{2})$/.test(value)
        ? null
        : "expected a date-time such as 1991-04-20T09:30-07:00";
    case "integer":
      return Number.isInteger(value) ? null : "expected a whole number";
    case "number":
      return typeof value === "number" && Number.isFinite(value) ? null : "expected a number";
    case "boolean":
      return typeof value === "boolean" ? null : "expected true or false";
    case "choiceValue":
      return typeof value === "string" || typeof value === "number" ? null : "expected a text or a number";
    case "enum":
      return attribute.options?.includes(/** @type {string} */ (value)) ? null : `expected one of ${attribute.options?.join(", ")}`;
    case "color":
      return typeof value === "string" && /^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$/.test(value) ? null : "expected a colour such as #336699";
    case "fontSize":
      return (typeof value === "number" && value > 0) || (typeof value === "string" && Number(value) > 0) ? null : "expected a size such as 18";
    case "choices":
      if (!Array.isArray(value) || value.length === 0) return "expected at least one choice";
      return value.every((item) => typeof item === "string" || (typeof item === "object" && item !== null && "label" in item && "value" in item))
        ? null
        : "expected texts or {label, value} objects";
    case "buttons":
      if (!Array.isArray(value) || value.length === 0) return "expected at least one button";
      return value.every((item) => typeof item === "object" && item !== null && typeof item.label === "string" && Number.isInteger(item.value))
        ? null
        : "expected {label, value} objects with whole-number values";
    case "location":
      return typeof value === "object" && value !== null && !Array.isArray(value) ? null : "expected {longitude, latitude} or a GeoJSON Point";
    case "markers":
      return Array.isArray(value) ? null : "expected a list of markers";
    default:
      return null;
  }
}
