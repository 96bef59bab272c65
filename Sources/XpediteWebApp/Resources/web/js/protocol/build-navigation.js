// Builds a navigation menu and its entries (Component+Navigation, +MenuEntry): their canonical
// members (a navigation's after the `id` the dispatcher, build-components.js, writes), reading
// the menu's entries with the dispatcher's `children`.

import { Reader, readDynamic } from "./object-reader.js";

/** @typedef {import("./object-reader.js").ReadChildren} ReadChildren */

/**
 * @param {Reader} reader
 * @param {ReadChildren} children
 */
export function buildNavigation(reader, children) {
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
export function buildMenuEntry(reader) {
  reader.set("text", reader.string("text"));
  reader.set("method", reader.method("method"));
  reader.set("icon", reader.string("icon"));
  reader.set("symbol", reader.string("symbol"));
}
