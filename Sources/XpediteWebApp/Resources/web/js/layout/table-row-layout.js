// The height of a table's rows and header (XpediteLayout's TableRowLayout): a row is as tall as
// its tallest cell plus 20, and at least 44. A cell's text is measured at its column's width less
// 16, with its font (the column's, then the table's, then setDefaults, then the default size), and
// cut at `lines` lines (1 by default; 0 is unlimited). Rows arrive after the screen is laid out, so
// a renderer asks for each row's height as it draws it; the column widths are the table's
// `column` parts.

import { layoutConfiguration } from "./configuration.js";
import { LayoutMetrics } from "./metrics.js";
import { numberOf, stringOf } from "./model.js";
import { defaultFontOf, roundTo } from "./run.js";
import { textStyleSize } from "./text-measurer.js";

/** @typedef {import("../protocol/json-types").JSONObject} JSONObject */
/** @typedef {import("./text-measurer.js").TextFont} TextFont */

/** The row layout of one table. */
export class TableRowLayout {
  /** Space above and below a cell's text, in total. */
  static verticalPadding = 20;
  /** Space left and right of a cell's text, in total. */
  static horizontalPadding = 16;

  /**
   * @param {JSONObject} table the canonical table component
   * @param {import("./run.js").Defaults} [defaults] the screen's setDefaults
   * @param {import("./configuration.js").LayoutConfiguration} [configuration]
   */
  constructor(table, defaults = {}, configuration = layoutConfiguration()) {
    this.configuration = configuration;
    this.defaultFont = defaultFontOf(defaults, configuration.defaultFontSize);
    this.tableFont = stringOf(table, "font");
    this.tableFontSize = numberOf(table, "fontsize");
  }

  /**
   * The font of a column's text.
   * @param {JSONObject | undefined} column
   * @returns {TextFont}
   */
  font(column) {
    const size = numberOf(column, "fontsize") ?? this.tableFontSize;
    const own = size !== undefined && size > 0 && Number.isFinite(size) ? size : undefined;
    const name = stringOf(column, "font") ?? this.tableFont ?? this.defaultFont.name;
    return { name, size: own ?? textStyleSize(name) ?? this.defaultFont.size };
  }

  /**
   * The height of a row (or the header) whose cells show `texts` in `columns`, each as wide as
   * `widths` (matched by index; a missing column is one line of the default font).
   * @param {string[]} texts
   * @param {Array<JSONObject | undefined>} columns
   * @param {number[]} widths
   * @returns {number}
   */
  height(texts, columns, widths) {
    let tallest = 0;
    texts.forEach((text, index) => {
      tallest = Math.max(tallest, this.cellHeight(text, columns[index], widths[index] ?? 0));
    });
    const height = Math.max(LayoutMetrics.rowHeight, tallest + TableRowLayout.verticalPadding);
    return roundTo(Math.min(height, this.configuration.coordinateLimit), this.configuration.roundingIncrement);
  }

  /**
   * The height of one cell's text, cut at its `lines`.
   * @param {string} text
   * @param {JSONObject | undefined} column
   * @param {number} width
   * @returns {number}
   */
  cellHeight(text, column, width) {
    const font = this.font(column);
    const measurer = this.configuration.textMeasurer;
    const available = Math.max(0, width - TableRowLayout.horizontalPadding);
    const measured = measurer.height(text.length === 0 ? " " : text, font, available);
    const lines = integerOf(column, "lines") ?? 1;
    if (!(lines > 0)) return Number.isFinite(measured) ? Math.max(0, measured) : 0;
    const line = measurer.height("X", font, 1_000_000);
    const capped = Math.min(measured, line * lines);
    return Number.isFinite(capped) ? Math.max(0, capped) : 0;
  }
}

/**
 * The value of `key` when it is an integral number.
 * @param {JSONObject | undefined} object
 * @param {string} key
 * @returns {number | undefined}
 */
function integerOf(object, key) {
  const value = numberOf(object, key);
  return value !== undefined && Number.isInteger(value) ? value : undefined;
}
