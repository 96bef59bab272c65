// Builds a table (Component+Table and its Columns): its canonical members after the `id` the
// dispatcher (build-components.js) writes.

import { ALIGNMENTS, Reader, readDynamic } from "./object-reader.js";
import { isObject } from "./values.js";

/** @typedef {import("./json-types").JSONObject} JSONObject */

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
export function buildTable(reader) {
  const data = reader.members.data;
  reader.set("data", Array.isArray(data) ? data.filter(isObject) : (readDynamic(data) ?? []));
  reader.set("cell", readColumns(reader, "cell"));
  reader.set("header", readColumns(reader, "header"));
  reader.set("clickRow", reader.method("clickRow"));
  reader.set("refresh", reader.string("refresh"));
  reader.set("font", reader.string("font"));
  reader.set("fontsize", reader.number("fontsize"));
}
