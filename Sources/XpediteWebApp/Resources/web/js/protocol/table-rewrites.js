// The normaliser's rewrites of a table (DialectNormalizer's table rewrite): the old `cell`
// {display} read as one column, the old `section` dropped, and each column's `colour` and
// fontsize string rewritten as elsewhere.

import { numericString, renameColour } from "./shared-rewrites.js";
import { has, isObject } from "./values.js";

/** @typedef {import("./json-types").JSONObject} JSONObject */
/** @typedef {import("./normalizer.js").DialectNormalizer} DialectNormalizer */

/**
 * @param {DialectNormalizer} normalizer
 * @param {JSONObject} members
 */
export function normalizeTable(normalizer, members) {
  const cell = members.cell;
  if (isObject(cell) && has(cell, "display")) {
    members.cell = [{ field: cell.display }];
    normalizer.alias(["cell", 0, "field"], ["cell", "display"]);
    normalizer.alias(["cell", 0], ["cell"]);
    normalizer.note("cell", "table cell {display} is old dialect; read as one column");
  }
  if (has(members, "section")) {
    delete members.section;
    normalizer.note("section", "table section is old dialect and has no meaning; ignored");
  }
  for (const key of ["font", "fontsize"]) {
    if (has(members, key)) normalizer.note(key, `a table-level ${key} is old dialect; the new dialect styles each column`);
  }
  for (const key of ["cell", "header"]) {
    const columns = members[key];
    if (!Array.isArray(columns)) continue;
    normalizer.stack.push(key);
    columns.forEach((column, index) => {
      if (!isObject(column) || !(has(column, "colour") || typeof column.fontsize === "string")) return;
      normalizer.stack.push(index);
      renameColour(normalizer, column);
      numericString(normalizer, column, "fontsize");
      normalizer.stack.pop();
    });
    normalizer.stack.pop();
  }
}
