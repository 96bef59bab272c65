// Builds the choice components (Component+Checkbox, +DatePicker, +Select, +Radio and their
// Options): their canonical members after the `id` the dispatcher (build-components.js) writes.

/** @typedef {import("./json-types").JSONObject} JSONObject */
/** @typedef {import("./object-reader.js").Reader} Reader */

/**
 * The option labels that are strings (Options.read).
 * @param {Reader} reader
 * @returns {JSONObject}
 */
function readOptions(reader) {
  /** @type {JSONObject} */
  const options = {};
  const members = reader.map("options");
  if (members) {
    for (const key of Object.keys(members)) {
      const label = members[key];
      if (typeof label === "string") options[key] = label;
    }
  }
  return options;
}

/** @param {Reader} reader */
export function buildCheckbox(reader) {
  reader.set("name", reader.string("name") ?? "");
  reader.set("title", reader.string("title"));
  const value = reader.string("value");
  reader.set("value", value === "1" || value === "0" ? value : undefined);
}

/** @param {Reader} reader */
export function buildDate(reader) {
  reader.set("name", reader.string("name") ?? "");
  reader.set("title", reader.string("title"));
  reader.set("value", reader.string("value"));
}

/** @param {Reader} reader */
export function buildSelect(reader) {
  reader.set("name", reader.string("name") ?? "");
  reader.set("title", reader.string("title"));
  reader.set("options", readOptions(reader));
  const value = reader.members.value;
  if (typeof value === "string") reader.set("value", value);
  else if (Array.isArray(value)) reader.set("value", value.filter((key) => typeof key === "string"));
  reader.set("multi", reader.bool("multi"));
  reader.set("disabled", reader.bool("disabled"));
}

/** @param {Reader} reader */
export function buildRadio(reader) {
  reader.set("name", reader.string("name") ?? "");
  reader.set("title", reader.string("title"));
  reader.set("options", readOptions(reader));
  reader.set("value", reader.string("value"));
}
