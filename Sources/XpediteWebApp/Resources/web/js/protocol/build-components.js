// Builds the canonical components of an object (Component.read): each by the builder of its
// type, after its `id` and before its `size` and `background`; the components a lenient read
// drops, and those of no known type, are left out. The builders of every component family are
// here, in one module, as they are always loaded together (decision 0586).

import { ALIGNMENTS, Reader, readDynamic } from "./object-reader.js";
import { describePath } from "./path.js";
import { isObject } from "./values.js";

/** @typedef {import("./json-types").JSONObject} JSONObject */
/** @typedef {import("./object-reader.js").ReadChildren} ReadChildren */

// Builds the components that show something (Component+Label, +Image, +Button, +Web): their
// canonical members after the `id` `readComponent` writes.

/** @param {Reader} reader */
function buildLabel(reader) {
  reader.set("text", reader.string("text") ?? "");
  reader.textStyle();
}

/** @param {Reader} reader */
function buildImage(reader) {
  reader.set("url", reader.string("url"));
  reader.set("name", reader.string("name"));
}

/** @param {Reader} reader */
function buildButton(reader) {
  reader.set("text", reader.string("text"));
  reader.set("style", reader.enumeration("style", ["plain", "button"]));
  reader.textStyle();
  reader.set("icon", reader.string("icon"));
  reader.set("method", reader.method("method"));
  reader.set("onEnter", reader.string("onEnter"));
}

/** @param {Reader} reader */
function buildWeb(reader) {
  reader.set("web", reader.string("web"));
  reader.set("content", reader.string("content"));
  reader.set("data", readDynamic(reader.members.data));
}

// Builds the text entry components (Component+TextBox, +Password, +TextView and their shared
// TextEntry keys): their canonical members after the `id` `readComponent` writes.

const KEYBOARDS = ["email", "number", "phone", "url", "default"];
const RETURN_KEYS = ["next", "done", "go", "search", "default"];

/**
 * A text box's or password's entry keys (TextEntry).
 * @param {Reader} reader
 */
function textEntry(reader) {
  reader.set("name", reader.string("name") ?? "");
  reader.set("title", reader.string("title"));
  reader.set("placeholder", reader.string("placeholder"));
  reader.set("value", reader.string("value"));
  reader.set("keyboard", reader.enumeration("keyboard", KEYBOARDS));
  reader.set("returnkey", reader.enumeration("returnkey", RETURN_KEYS));
  reader.set("onEnter", reader.string("onEnter"));
  reader.set("focus", reader.bool("focus"));
  reader.textStyle();
}

/** @param {Reader} reader */
function buildTextBox(reader) {
  textEntry(reader);
  const autotext = reader.members.autotext;
  if (autotext === "disable" || autotext === false) reader.set("autotext", "disable");
  else if (autotext === true) reader.set("autotext", true);
}

/** @param {Reader} reader */
function buildPassword(reader) {
  textEntry(reader);
}

/** @param {Reader} reader */
function buildTextView(reader) {
  reader.set("name", reader.string("name") ?? "");
  reader.set("title", reader.string("title"));
  reader.set("placeholder", reader.string("placeholder"));
  reader.set("value", reader.string("value"));
  reader.set("initialHeight", reader.number("initialHeight"));
  reader.set("color", reader.colour("color"));
  reader.set("font", reader.string("font"));
  reader.set("fontsize", reader.number("fontsize"));
}

// Builds the choice components (Component+Checkbox, +DatePicker, +Select, +Radio and their
// Options): their canonical members after the `id` `readComponent` writes.

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
function buildCheckbox(reader) {
  reader.set("name", reader.string("name") ?? "");
  reader.set("title", reader.string("title"));
  const value = reader.string("value");
  reader.set("value", value === "1" || value === "0" ? value : undefined);
}

/** @param {Reader} reader */
function buildDate(reader) {
  reader.set("name", reader.string("name") ?? "");
  reader.set("title", reader.string("title"));
  reader.set("value", reader.string("value"));
}

/** @param {Reader} reader */
function buildSelect(reader) {
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
function buildRadio(reader) {
  reader.set("name", reader.string("name") ?? "");
  reader.set("title", reader.string("title"));
  reader.set("options", readOptions(reader));
  reader.set("value", reader.string("value"));
}

// Builds the components that hold other components (Component+Form, +Section, +ScrollView): their
// canonical members after the `id` `readComponent` writes, reading their children with
// `readComponents`.

/**
 * @param {Reader} reader
 * @param {ReadChildren} children
 */
function buildForm(reader, children) {
  reader.set("style", reader.enumeration("style", ["inline", "dialog"]));
  reader.set("title", reader.string("title"));
  reader.set("save", reader.method("save"));
  reader.set("saveNavigation", reader.string("saveNavigation"));
  reader.set("cancel", reader.method("cancel"));
  reader.set("cancelNavigation", reader.string("cancelNavigation"));
  reader.set("components", children(reader) ?? []);
  reader.set("focus", reader.string("focus"));
}

/**
 * @param {Reader} reader
 * @param {ReadChildren} children
 */
function buildSection(reader, children) {
  reader.set("title", reader.string("title"));
  reader.set("components", children(reader));
}

/**
 * @param {Reader} reader
 * @param {ReadChildren} children
 */
function buildScrollView(reader, children) {
  reader.set("components", children(reader));
  reader.set("text", reader.string("text"));
}

// Builds a table (Component+Table and its Columns): its canonical members after the `id`
// `readComponent` writes.

/**
 * A table's columns (Column.read): its object elements.
 * @param {Reader} reader
 * @param {string} key
 * @returns {JSONObject[] | undefined}
 */
function readColumns(reader, key) {
  const elements = reader.members[key];
  if (!Array.isArray(elements)) return undefined;
  /** @type {JSONObject[]} */
  const columns = [];
  for (const element of elements) {
    if (!isObject(element)) continue;
    const column = new Reader(element, [], reader.dropped);
    column.set("field", column.string("field"));
    column.set("text", column.string("text"));
    column.set("width%", column.number("width%"));
    column.set("align", column.enumeration("align", ALIGNMENTS));
    column.set("font", column.string("font"));
    column.set("fontsize", column.number("fontsize"));
    column.set("color", column.colour("color"));
    column.set("lines", column.int("lines"));
    column.set("scroll", column.enumeration("scroll", ["on", "off"]));
    columns.push(column.out);
  }
  return columns;
}

/** @param {Reader} reader */
function buildTable(reader) {
  const data = reader.members.data;
  reader.set("data", Array.isArray(data) ? data.filter(isObject) : (readDynamic(data) ?? []));
  reader.set("cell", readColumns(reader, "cell"));
  reader.set("header", readColumns(reader, "header"));
  reader.set("clickRow", reader.method("clickRow"));
  reader.set("refresh", reader.string("refresh"));
  reader.set("font", reader.string("font"));
  reader.set("fontsize", reader.number("fontsize"));
}

// Builds a navigation menu and its entries (Component+Navigation, +MenuEntry): their canonical
// members (a navigation's after the `id` `readComponent` writes), reading the menu's entries with
// `readComponents`.

/**
 * @param {Reader} reader
 * @param {ReadChildren} children
 */
function buildNavigation(reader, children) {
  const implementation = reader.map("implementation");
  if (implementation) {
    const entry = new Reader(implementation, [], reader.dropped);
    const style = entry.enumeration("style", ["slidefrom", "button"]);
    const position = entry.enumeration("position", ["left", "right"]);
    if (style !== undefined && position !== undefined) {
      entry.set("style", style);
      entry.set("position", position);
      entry.set("icon", entry.string("icon"));
      entry.set("image", entry.string("image"));
      reader.set("implementation", entry.out);
    }
  }
  reader.set("components", children(reader));
  const effects = reader.map("effects");
  if (effects) {
    const entry = new Reader(effects, [], reader.dropped);
    entry.set("shade%", entry.number("shade%"));
    entry.set("shrink%", entry.number("shrink%"));
    reader.set("effects", entry.out);
  }
  reader.set("data", readDynamic(reader.members.data));
  const cell = reader.map("cell");
  if (cell) {
    const entry = new Reader(cell, [], reader.dropped);
    entry.set("icon", entry.string("icon"));
    entry.set("text", entry.string("text"));
    entry.set("method", entry.string("method"));
    reader.set("cell", entry.out);
  }
  reader.set("color", reader.colour("color"));
  reader.set("font", reader.string("font"));
  reader.set("fontsize", reader.number("fontsize"));
}

/**
 * A menu entry: no `id`, `size` or `background`.
 * @param {Reader} reader
 */
function buildMenuEntry(reader) {
  reader.set("text", reader.string("text"));
  reader.set("method", reader.method("method"));
  reader.set("icon", reader.string("icon"));
  reader.set("symbol", reader.string("symbol"));
}

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
