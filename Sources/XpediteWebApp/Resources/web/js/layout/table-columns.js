// The column widths of a table (XpediteLayout's TableColumns, docs/protocol/components/table.md):
// columns with `width%` take their share first, the others share what is left equally; when the
// `width%` values add up to more than 100 they are all scaled down, leaving nothing for the others.

import { arrayOf, numberOf } from "./model.js";
import { formatValue } from "./run.js";

/** @typedef {import("./run.js").LayoutRun} LayoutRun */
/** @typedef {import("./model.js").Component} Component */
/** @typedef {import("../protocol/json-types").JSONObject} JSONObject */

/**
 * A part of a component's frame: a form's title row or footer, a field's title, a radio option, a
 * table column, a navigation's bar button. Its frame is relative to the component's frame.
 * @typedef {object} LayoutPart
 * @property {string} kind `titleRow`, `footer`, `headerBar`, `title`, `field`, `option`, `column` or `barButton`
 * @property {number} [index] the option's or column's index
 * @property {string} [key] the option's key
 * @property {import("./run.js").LayoutRect} frame
 */

/**
 * The column objects of a table's `cell` or `header` (elements that are not objects read as none).
 * @param {Component} table
 * @param {"cell" | "header"} key
 * @returns {Array<JSONObject | undefined>}
 */
export function tableColumns(table, key) {
  const elements = arrayOf(table, key) ?? [];
  return elements.map((element) =>
    element !== null && typeof element === "object" && !Array.isArray(element) ? element : undefined);
}

/**
 * Each column's share of the table width, in per cent, from the `width%` given per column.
 * @param {Array<number | undefined>} given
 * @returns {{percentages: number[], scaled: boolean}}
 */
export function columnPercentages(given) {
  const fixed = given.map((value) => (value === undefined ? undefined : Number.isFinite(value) ? Math.max(0, value) : 0));
  let total = 0;
  for (const value of fixed) total += value ?? 0;
  if (total > 100) return { percentages: fixed.map((value) => ((value ?? 0) * 100) / total), scaled: true };
  const free = fixed.filter((value) => value === undefined).length;
  const rest = free > 0 ? (100 - total) / free : 0;
  return { percentages: fixed.map((value) => value ?? rest), scaled: false };
}

/**
 * The `width%` given for each column: the cell column's, else the header column's.
 * @param {Component} table
 * @returns {Array<number | undefined>}
 */
export function givenColumnPercentages(table) {
  const cells = tableColumns(table, "cell");
  const headers = tableColumns(table, "header");
  const count = Math.max(1, cells.length, headers.length);
  /** @type {Array<number | undefined>} */
  const given = [];
  for (let index = 0; index < count; index += 1) {
    given.push(numberOf(cells[index], "width%") ?? numberOf(headers[index], "width%"));
  }
  return given;
}

/**
 * The column parts of `table`, each the full table height, relative to the table's frame.
 * @param {Component} table
 * @param {number} width
 * @param {number} height
 * @param {readonly number[]} indexPath
 * @param {LayoutRun} run
 * @returns {LayoutPart[]}
 */
export function tableColumnParts(table, width, height, indexPath, run) {
  const given = givenColumnPercentages(table);
  const shares = columnPercentages(given);
  if (shares.scaled) {
    let total = 0;
    for (const value of given) total += Math.max(0, value ?? 0);
    run.warn("columns-scaled", indexPath,
      `the columns' width% values add up to ${formatValue(run.rounded(total))}; scaled down to 100`);
  }
  /** @type {LayoutPart[]} */
  const parts = [];
  let start = 0;
  shares.percentages.forEach((share, index) => {
    const left = run.rounded((start * width) / 100);
    const right = run.rounded(((start + share) * width) / 100);
    parts.push({ kind: "column", index, frame: { x: left, y: 0, width: run.rounded(right - left), height } });
    start += share;
  });
  return parts;
}
