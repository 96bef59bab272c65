// Builds the text entry components (Component+TextBox, +Password, +TextView and their shared
// TextEntry keys): their canonical members after the `id` the dispatcher (build-components.js)
// writes.

/** @typedef {import("./object-reader.js").Reader} Reader */

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
export function buildTextBox(reader) {
  textEntry(reader);
  const autotext = reader.members.autotext;
  if (autotext === "disable" || autotext === false) reader.set("autotext", "disable");
  else if (autotext === true) reader.set("autotext", true);
}

/** @param {Reader} reader */
export function buildPassword(reader) {
  textEntry(reader);
}

/** @param {Reader} reader */
export function buildTextView(reader) {
  reader.set("name", reader.string("name") ?? "");
  reader.set("title", reader.string("title"));
  reader.set("placeholder", reader.string("placeholder"));
  reader.set("value", reader.string("value"));
  reader.set("initialHeight", reader.number("initialHeight"));
  reader.set("color", reader.colour("color"));
  reader.set("font", reader.string("font"));
  reader.set("fontsize", reader.number("fontsize"));
}
