// The height of a table row through the web layout's TableRowLayout (js/layout), the same rule
// XpediteLayout measures rows with: one layout per table component, made again when the screen's
// defaults change.

import { TableRowLayout } from "../layout/table-row-layout.js";

/** @type {WeakMap<object, {defaults: object, layout: TableRowLayout}>} */
const layouts = new WeakMap();

/** @type {import("./types.js").RowHeightFunction} */
export function layoutRowHeight(table, defaults, texts, columns, widths) {
  let entry = layouts.get(table);
  if (!entry || entry.defaults !== defaults) {
    entry = { defaults, layout: new TableRowLayout(table, /** @type {any} */ (defaults)) };
    layouts.set(table, entry);
  }
  return entry.layout.height(
    texts,
    columns.map((column) => column ?? undefined),
    widths,
  );
}
