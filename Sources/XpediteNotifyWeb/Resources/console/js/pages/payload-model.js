// The payload the designer edits (docs/notify.md#the-payload-model): new fields with their
// required attributes, attributes written from the form's text and read back, the JSON both ways
// (a parse error with its line and column), moving and removing fields, the API's issues mapped
// to the field and attribute they name, and the JSON line of each. No DOM here, so that Node can
// test it (Tests/Web/console/payload-model.test.mjs).

import { fieldTypeNamed } from "./field-types.js";

/** @typedef {import("./field-types.js").Attribute} Attribute */
/** @typedef {Record<string, unknown>} Field */
/**
 * A payload as the designer keeps it: any JSON object, its `fields` an array of objects.
 * @typedef {{responseTopic?: unknown, fields: Field[], state?: unknown, [key: string]: unknown}} Payload
 */

/**
 * A new, empty payload.
 * @param {string} [responseTopic]
 * @returns {Payload}
 */
export function emptyPayload(responseTopic = "/console/answers") {
  return { responseTopic, fields: [] };
}

/**
 * A fresh id for a field of `type`: the type's name, numbered past the ids already used.
 * @param {string} type
 * @param {Field[]} fields
 * @returns {string}
 */
export function freshId(type, fields) {
  const used = new Set(fields.map((field) => field.id));
  for (let number = 1; ; number += 1) {
    const id = `${type}${number}`;
    if (!used.has(id)) return id;
  }
}

/**
 * A new field of `type`: its id (when the type takes a value) and its required attributes, with a
 * value the server accepts, so that a field just added is valid.
 * @param {string} type
 * @param {Field[]} fields the payload's fields (for a unique id and button value)
 * @returns {Field}
 */
export function newField(type, fields) {
  /** @type {Field} */
  const field = { type };
  const definition = fieldTypeNamed(type);
  if (!definition) return field;
  if (definition.role === "input" && type !== "map") field.id = freshId(type, fields);
  field.label = definition.summary;
  const values = fields.flatMap((other) => (Array.isArray(other.values) ? other.values : [other]).map((item) => (item && typeof item === "object" ? /** @type {Field} */ (item).value : undefined)));
  let nextValue = 1;
  const buttonValue = () => {
    while (values.includes(nextValue)) nextValue += 1;
    values.push(nextValue);
    return nextValue;
  };
  for (const attribute of definition.attributes) {
    if (!attribute.required || attribute.name === "id") continue;
    if (attribute.kind === "choices") field.values = ["First", "Second"];
    else if (attribute.kind === "buttons") field.values = [{ label: "Yes", value: buttonValue() }, { label: "No", value: buttonValue() }];
    else if (attribute.name === "value") field.value = buttonValue();
    else if (attribute.name === "buttonLabel") field.buttonLabel = "Send";
    else if (attribute.name === "url") field.url = "https://example.com/";
    else if (attribute.name === "expression") field.expression = "1 + 1";
  }
  return field;
}

/**
 * The text the form shows for an attribute's value ("" when it is not given).
 * @param {Attribute} attribute
 * @param {unknown} value
 * @returns {string}
 */
export function attributeText(attribute, value) {
  if (value === undefined) return "";
  if (typeof value === "string" && ["text", "expression", "date", "datetime", "enum", "color", "choiceValue"].includes(attribute.kind)) return value;
  if (attribute.kind === "boolean") return value === true ? "true" : value === false ? "false" : JSON.stringify(value);
  if (attribute.kind === "choices" && Array.isArray(value) && value.every((item) => typeof item === "string" && !item.includes("\n"))) {
    return value.join("\n");
  }
  if (["integer", "number", "fontSize"].includes(attribute.kind) && (typeof value === "number" || typeof value === "string")) return String(value);
  return JSON.stringify(value);
}

/**
 * The value of an attribute from the form's text: `undefined` (leave it out, the default applies)
 * for an empty text, else `{value}`, or `{error}` when the text is not one.
 * @param {Attribute} attribute
 * @param {string} text
 * @param {unknown} [current] the value as it stands (a font size keeps its type)
 * @param {Field} [field] the field (a choice's default takes the type of the value it names)
 * @returns {{value: unknown} | {error: string} | undefined}
 */
export function attributeValue(attribute, text, current, field) {
  const trimmed = text.trim();
  if (trimmed === "" && attribute.kind !== "text" && attribute.kind !== "expression") return undefined;
  if (text === "" && (attribute.kind === "text" || attribute.kind === "expression")) return undefined;
  switch (attribute.kind) {
    case "text":
    case "expression":
    case "enum":
    case "color":
    case "date":
    case "datetime":
      return { value: attribute.kind === "text" || attribute.kind === "expression" ? text : trimmed };
    case "boolean":
      if (trimmed === "true" || trimmed === "false") return { value: trimmed === "true" };
      return { error: "expected true or false" };
    case "integer": {
      const number = Number(trimmed);
      return Number.isInteger(number) ? { value: number } : { error: "expected a whole number" };
    }
    case "number": {
      const number = Number(trimmed);
      return Number.isFinite(number) ? { value: number } : { error: "expected a number" };
    }
    case "fontSize":
      return typeof current === "number" && Number.isFinite(Number(trimmed)) ? { value: Number(trimmed) } : { value: trimmed };
    case "choiceValue": {
      // The value among the field's choices that the text names, with its type: "2" is the
      // number 2 when a choice's value is 2, and the text "2" otherwise.
      const values = field && Array.isArray(field.values) ? field.values : [];
      const named = values
        .map((item) => (typeof item === "object" && item !== null ? /** @type {Field} */ (item).value : item))
        .find((value) => (typeof value === "number" || typeof value === "string") && String(value) === trimmed);
      return { value: named ?? (typeof current === "number" && Number.isFinite(Number(trimmed)) ? Number(trimmed) : text) };
    }
    case "choices":
      if (trimmed.startsWith("[")) return parseJSONValue(trimmed, "expected a JSON array");
      return { value: text.split("\n").map((line) => line.trim()).filter((line) => line !== "") };
    default:
      return parseJSONValue(trimmed, "expected JSON");
  }
}

/**
 * @param {string} text
 * @param {string} expected
 * @returns {{value: unknown} | {error: string}}
 */
function parseJSONValue(text, expected) {
  const parsed = parseJSON(text);
  return "value" in parsed ? { value: parsed.value } : { error: `${expected}: ${parsed.error.message}` };
}

/**
 * Sets (or, with `undefined`, removes) an attribute of a field, keeping the order of the others.
 * @param {Field} field
 * @param {string} name
 * @param {unknown} value
 * @returns {Field} a new field
 */
export function withAttribute(field, name, value) {
  /** @type {Field} */
  const copy = {};
  let placed = false;
  for (const [key, existing] of Object.entries(field)) {
    if (key !== name) copy[key] = existing;
    else if (value !== undefined) {
      copy[key] = value;
      placed = true;
    }
  }
  if (!placed && value !== undefined) copy[name] = value;
  return copy;
}

/**
 * The fields with the one at `index` moved by `offset` (-1 up, +1 down); the same array when it
 * cannot move.
 * @param {Field[]} fields
 * @param {number} index
 * @param {number} offset
 * @returns {Field[]}
 */
export function moveField(fields, index, offset) {
  const target = index + offset;
  if (index < 0 || index >= fields.length || target < 0 || target >= fields.length) return fields;
  const copy = fields.slice();
  const [moved] = copy.splice(index, 1);
  copy.splice(target, 0, moved);
  return copy;
}

/**
 * A JSON parse error with its place.
 * @typedef {{message: string, line: number, column: number, offset: number}} ParseError
 */

/**
 * Parses JSON text; on failure, the error with its line and column (1-based).
 * @param {string} text
 * @returns {{value: unknown} | {error: ParseError}}
 */
export function parseJSON(text) {
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const match = /at position (\d+)/.exec(message);
    const offset = match ? Math.min(Number(match[1]), text.length) : text.length;
    const before = text.slice(0, offset);
    const line = before.split("\n").length;
    const column = offset - before.lastIndexOf("\n");
    const reason = message.replace(/\s*in JSON at position \d+.*$/, "").replace(/^JSON\.parse: /, "");
    return { error: { message: `line ${line}, column ${column}: ${reason}`, line, column, offset } };
  }
}

/**
 * The payload in JSON text, or the reason it cannot be the designer's payload.
 * @param {string} text
 * @returns {{payload: Payload} | {error: ParseError}}
 */
export function payloadFromText(text) {
  const parsed = parseJSON(text);
  if ("error" in parsed) return parsed;
  const value = parsed.value;
  const fail = (/** @type {string} */ message) => ({ error: { message, line: 1, column: 1, offset: 0 } });
  if (typeof value !== "object" || value === null || Array.isArray(value)) return fail("line 1, column 1: a payload is a JSON object");
  const record = /** @type {Record<string, unknown>} */ (value);
  const fields = record.fields === undefined ? [] : record.fields;
  if (!Array.isArray(fields)) return fail('line 1, column 1: "fields" is an array of field objects');
  const index = fields.findIndex((field) => typeof field !== "object" || field === null || Array.isArray(field));
  if (index !== -1) return fail(`line 1, column 1: fields[${index}] is not an object`);
  return { payload: /** @type {Payload} */ ({ ...record, fields }) };
}

/**
 * The JSON text of a value as `JSON.stringify(value, null, 2)` writes it, and the line (1-based)
 * where each path's value starts (`$`, `$.fields`, `$.fields[0]`, `$.fields[0].label`, …).
 * @param {unknown} value
 * @returns {{text: string, lines: Map<string, number>}}
 */
export function prettyJSON(value) {
  /** @type {Map<string, number>} */
  const lines = new Map();
  let line = 1;
  /**
   * @param {unknown} item
   * @param {string} path
   * @param {string} indent
   * @returns {string}
   */
  const write = (item, path, indent) => {
    lines.set(path, line);
    if (typeof item !== "object" || item === null) return JSON.stringify(item) ?? "null";
    const inner = `${indent}  `;
    const entries = Array.isArray(item)
      ? item.map((element, index) => /** @type {[string, unknown]} */ ([`${path}[${index}]`, element]))
      : Object.entries(item)
          .filter(([, element]) => element !== undefined && typeof element !== "function")
          .map(([key, element]) => /** @type {[string, unknown, string]} */ ([memberPath(path, key), element, key]));
    if (entries.length === 0) return Array.isArray(item) ? "[]" : "{}";
    const parts = entries.map((entry) => {
      line += 1;
      const key = entry.length === 3 ? `${JSON.stringify(entry[2])}: ` : "";
      return `${inner}${key}${write(entry[1], entry[0], inner)}`;
    });
    line += 1;
    return Array.isArray(item) ? `[\n${parts.join(",\n")}\n${indent}]` : `{\n${parts.join(",\n")}\n${indent}}`;
  };
  return { text: write(value, "$", ""), lines };
}

/**
 * The path of a member: `$.a.b`, or `$["a b"]` for a key that is not a plain name.
 * @param {string} path
 * @param {string} key
 * @returns {string}
 */
function memberPath(path, key) {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

/**
 * Where an issue of the API points in the designer's payload.
 * @typedef {object} IssueTarget
 * @property {number | null} field the index of the field, or null for the payload itself
 * @property {string | null} attribute the field's attribute (or the payload's member), if any
 * @property {string} path the path within the payload (`$.fields[2].values[0]`), for its JSON line
 */

/**
 * Maps an issue's path to the field and attribute it names: `$.payload.fields[2].values[0].label`
 * (POST /send, PUT /payloads) and `$.fields[2].values` (PUT /requests) are field 2's `values`;
 * `$.payload.responseTopic` the payload's `responseTopic`. Paths outside the payload (`$.to`,
 * `$.title`) are null. A missing attribute is reported at its field (`$.payload.fields[1]`,
 * `droplist requires "values"`): its message names the attribute.
 * @param {string} path
 * @param {string} [prefix] where the payload is in the request body: `$.payload` or `$`
 * @param {string} [message] the issue's message
 * @returns {IssueTarget | null}
 */
export function issueTarget(path, prefix = "$.payload", message = "") {
  if (path !== prefix && !path.startsWith(`${prefix}.`) && !path.startsWith(`${prefix}[`)) return null;
  const rest = path.slice(prefix.length);
  const inside = `$${rest}`;
  const field = /^\.fields\[(\d+)\](?:\.([A-Za-z_$][A-Za-z0-9_$]*)|\["((?:[^"\\]|\\.)*)"\])?/.exec(rest);
  if (field) {
    const named = /\brequires "([A-Za-z_$][A-Za-z0-9_$]*)"/.exec(message);
    const attribute = field[2] ?? (field[3] !== undefined ? JSON.parse(`"${field[3]}"`) : named && field[0].length === rest.length ? named[1] : null);
    return { field: Number(field[1]), attribute, path: inside };
  }
  const member = /^\.([A-Za-z_$][A-Za-z0-9_$]*)/.exec(rest);
  if (member && prefix === "$" && !["responseTopic", "fields", "state", "payloadName"].includes(member[1])) return null;
  return { field: null, attribute: member ? member[1] : null, path: inside };
}

/**
 * The line of the JSON text where an issue's value is: the deepest path of `lines` that the
 * issue's path starts with.
 * @param {Map<string, number>} lines from ``prettyJSON``
 * @param {string} path a path within the payload (``IssueTarget/path``)
 * @returns {number}
 */
export function lineOfPath(lines, path) {
  let best = "$";
  for (const candidate of lines.keys()) {
    if (candidate.length > best.length && (path === candidate || path.startsWith(`${candidate}.`) || path.startsWith(`${candidate}[`))) {
      best = candidate;
    }
  }
  return lines.get(best) ?? 1;
}

