// Builds the components that hold other components (Component+Form, +Section, +ScrollView):
// their canonical members after the `id` the dispatcher (build-components.js) writes, reading
// their children with the dispatcher's `children`.

/** @typedef {import("./object-reader.js").Reader} Reader */
/** @typedef {import("./object-reader.js").ReadChildren} ReadChildren */

/**
 * @param {Reader} reader
 * @param {ReadChildren} children
 */
export function buildForm(reader, children) {
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
export function buildSection(reader, children) {
  reader.set("title", reader.string("title"));
  reader.set("components", children(reader));
}

/**
 * @param {Reader} reader
 * @param {ReadChildren} children
 */
export function buildScrollView(reader, children) {
  reader.set("components", children(reader));
  reader.set("text", reader.string("text"));
}
