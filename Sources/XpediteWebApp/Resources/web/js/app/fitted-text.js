// The app's text measuring (decision 0570, docs/protocol/layout.md#how-text-size-enters-the-frames):
// in a browser the layout measures text with the browser's own glyphs, in the font the renderer
// draws it in, and frames grow to hold their text (`fitsText`), so that a label wrapped in a narrow
// window (200 % zoom) has the lines it is drawn with. The simulator's phone frame asks for the
// estimate instead (`?text=estimate`): it shows the frames `xpedite layout` computes, which its
// geometry suite and golden screenshots hold it to.

import { CanvasTextMeasurer } from "../layout/canvas-text-measurer.js";
import { TableRowLayout } from "../layout/table-row-layout.js";
import { layoutConfiguration } from "../layout/configuration.js";
import { cssFont } from "../render/css-font.js";

/** @typedef {import("../layout/configuration.js").LayoutConfiguration} LayoutConfiguration */

/**
 * The layout configuration the app lays screens out with: the browser measurer and fitted text,
 * or undefined (XpediteLayout's defaults) when the page asks for the estimate or has no canvas.
 * @param {Document} document
 * @param {string} search the page's query (`location.search`)
 * @returns {Partial<LayoutConfiguration> | undefined}
 */
export function fittedTextConfiguration(document, search) {
  if (new URLSearchParams(search).get("text") === "estimate") return undefined;
  const context = document.createElement("canvas").getContext("2d");
  if (!context) return undefined;
  // The family the screen is drawn in (screen.css's .x-screen), as this browser resolves it.
  const probe = document.createElement("div");
  probe.className = "x-screen";
  probe.style.visibility = "hidden";
  document.body.append(probe);
  const family = document.defaultView?.getComputedStyle(probe).fontFamily || "sans-serif";
  probe.remove();
  const measurer = new CanvasTextMeasurer(context, (font) => cssFont(font, family));
  return { textMeasurer: measurer, fitsText: true };
}

/**
 * A table row's height measured with `configuration`'s measurer (the renderer's `rowHeight`): one
 * TableRowLayout per table, made again when the screen's defaults change.
 * @param {Partial<LayoutConfiguration>} configuration
 * @returns {import("../render/types.js").RowHeightFunction}
 */
export function fittedRowHeight(configuration) {
  const full = layoutConfiguration(configuration);
  /** @type {WeakMap<object, {defaults: object, layout: TableRowLayout}>} */
  const layouts = new WeakMap();
  return (table, defaults, texts, columns, widths) => {
    let entry = layouts.get(table);
    if (!entry || entry.defaults !== defaults) {
      entry = { defaults, layout: new TableRowLayout(table, /** @type {any} */ (defaults), full) };
      layouts.set(table, entry);
    }
    return entry.layout.height(texts, columns.map((column) => column ?? undefined), widths);
  };
}

/** The web's default font size, in CSS pixels: the size the protocol's points are drawn at 1:1. */
export const WEB_DEFAULT_FONT_SIZE = 16;
/** The largest text scale honoured (a 64-pixel default size); the browser's zoom goes further. */
export const MAXIMUM_TEXT_SCALE = 4;

/**
 * How much the screen grows for the browser's default font size (decision 0600): the default
 * size over 16 pixels, from 1 (a smaller default never shrinks the protocol's sizes) to
 * `MAXIMUM_TEXT_SCALE`.
 * @param {number} defaultSize the browser's default font size in CSS pixels
 * @returns {number}
 */
export function textScale(defaultSize) {
  if (!Number.isFinite(defaultSize) || defaultSize <= WEB_DEFAULT_FONT_SIZE) return 1;
  return Math.min(defaultSize / WEB_DEFAULT_FONT_SIZE, MAXIMUM_TEXT_SCALE);
}

/**
 * The browser's default font size, in CSS pixels: `font-size: medium` as the page computes it
 * (the reader's "font size" setting; a page's own CSS does not change it).
 * @param {Document} document
 * @returns {number}
 */
export function defaultFontSize(document) {
  const probe = document.createElement("div");
  probe.style.cssText = "font-size: medium; position: absolute; visibility: hidden";
  document.body.append(probe);
  const size = Number.parseFloat(document.defaultView?.getComputedStyle(probe).fontSize ?? "");
  probe.remove();
  return size;
}
