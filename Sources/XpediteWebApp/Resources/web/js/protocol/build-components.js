// Builds the canonical components of an object (Component.read): each by the builder of its
// type (the build-*.js component families), after its `id` and before its `size` and
// `background`; the components a lenient read drops, and those of no known type, are left out.

import { buildCheckbox, buildDate, buildRadio, buildSelect } from "./build-choices.js";
import { buildForm, buildScrollView, buildSection } from "./build-containers.js";
import { buildButton, buildImage, buildLabel, buildWeb } from "./build-display.js";
import { buildMenuEntry, buildNavigation } from "./build-navigation.js";
import { buildTable } from "./build-table.js";
import { buildPassword, buildTextBox, buildTextView } from "./build-text-entry.js";
import { Reader } from "./object-reader.js";
import { describePath } from "./path.js";
import { isObject } from "./values.js";

/** @typedef {import("./json-types").JSONObject} JSONObject */
/** @typedef {import("./object-reader.js").ReadChildren} ReadChildren */

/** @type {ReadonlyMap<string, (reader: Reader, children: ReadChildren) => void>} */
const BUILDERS = new Map([
  ["label", buildLabel],
  ["image", buildImage],
  ["button", buildButton],
  ["textbox", buildTextBox],
  ["password", buildPassword],
  ["textview", buildTextView],
  ["checkbox", buildCheckbox],
  ["date", buildDate],
  ["select", buildSelect],
  ["radio", buildRadio],
  ["form", buildForm],
  ["section", buildSection],
  ["scrollview", buildScrollView],
  ["web", buildWeb],
  ["table", buildTable],
  ["navigation", buildNavigation],
]);

/**
 * The components of `key`, the dropped ones and those of no known type left out.
 * @param {Reader} reader
 * @param {string} [key]
 * @returns {JSONObject[] | undefined}
 */
export function readComponents(reader, key = "components") {
  const elements = reader.members[key];
  if (!Array.isArray(elements)) return undefined;
  /** @type {JSONObject[]} */
  const components = [];
  elements.forEach((element, index) => {
    const path = [...reader.path, key, index];
    if (reader.dropped.size > 0 && reader.dropped.has(describePath(path))) return;
    if (!isObject(element)) return;
    const component = readComponent(new Reader(element, path, reader.dropped));
    if (component) components.push(component);
  });
  return components;
}

/**
 * One component, canonical; undefined when its type is missing or unknown.
 * @param {Reader} reader
 * @returns {JSONObject | undefined}
 */
function readComponent(reader) {
  const type = reader.string("type");
  if (type === "menuEntry") {
    buildMenuEntry(reader);
    return { type, ...reader.out };
  }
  if (type === undefined) return undefined;
  const build = BUILDERS.get(type);
  if (build === undefined) return undefined;
  reader.set("id", reader.string("id"));
  build(reader, readComponents);
  reader.placement();
  return { type, ...reader.out };
}
