// Tables (the port of ScreenRenderer+Table.swift, docs/protocol/components/table.md): a header
// (scrolling with the rows or fixed above them), then the rows loaded so far in a scrolling body
// that asks for the next batch near its end (infinite scroll) and, with a `refresh` title, a
// pull-to-refresh row. Row heights come from the layout's TableRowLayout (the context's
// `rowHeight`), at the layout's column widths.

import { box, defaultsOf, pathText, stringOrNull } from "./screen-renderer.js";
import { CSSStyle, cssNumber } from "./style.js";
import { h } from "./vnode.js";

/** @typedef {import("./vnode.js").VNode} VNode */
/** @typedef {import("./types.js").LayoutNode} LayoutNode */
/** @typedef {import("./types.js").LayoutPart} LayoutPart */
/** @typedef {import("./types.js").Component} Component */
/** @typedef {import("./types.js").RenderContext} RenderContext */

/**
 * How a cell shows a value: strings as they are, numbers as their JSON text, booleans as
 * true/false, missing and null as empty (ScreenState.cellText).
 * @param {unknown} value
 * @returns {string}
 */
export function cellText(value) {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

/**
 * The columns of a `cell` or `header` list (objects only).
 * @param {unknown} list
 * @returns {Record<string, any>[]}
 */
function columnsOf(list) {
  return Array.isArray(list) ? list.filter((column) => column && typeof column === "object") : [];
}

/**
 * The layout part of column `index`: the part with that index, else the index-th part.
 * @param {LayoutPart[]} parts
 * @param {number} index
 * @returns {LayoutPart|null}
 */
function columnPart(parts, index) {
  return parts.find((part) => part.index === index) ?? parts[index] ?? null;
}

/**
 * @param {Component} component
 * @param {LayoutNode} node
 * @param {RenderContext} context
 * @returns {VNode}
 */
export function table(component, node, context) {
  const path = pathText(node);
  const loaded = context.state.tables?.[path];
  const isDynamic = !Array.isArray(component.data);
  /** @type {Record<string, any>[]} */
  const rows = (loaded?.rows ?? (isDynamic ? [] : component.data)).filter(
    (/** @type {unknown} */ row) => row && typeof row === "object" && !Array.isArray(row),
  );
  const columns = columnsOf(component.cell);
  const header = Array.isArray(component.header) ? columnsOf(component.header) : null;
  const columnParts = (node.parts ?? []).filter((part) => part.kind === "column");
  const widths = columnParts.map((part) => part.frame.width);
  const defaults = defaultsOf(context.state);
  /**
   * @param {string[]} texts
   * @param {(Record<string, any>|null)[]} cellColumns
   */
  const rowHeight = (texts, cellColumns) => context.rowHeight(component, defaults, texts, cellColumns, widths);
  const headerHeight = header ? rowHeight(header.map((column) => stringOrNull(column.text) ?? ""), header) : 0;
  // `scroll`: "on" (the default; the first entry wins) puts the header at the top of the
  // scrolling body, "off" keeps it fixed above a shorter body.
  const headerScrolls = (header?.[0]?.scroll ?? "on") === "on";
  const fontSize = component.fontsize;
  /** @type {(VNode|null)[]} */
  const content = [];
  if (header && !headerScrolls) {
    const style = new CSSStyle().frame({ x: 0, y: 0, width: node.frame.width, height: headerHeight });
    content.push(tableHeader(header, columnParts, headerHeight, style, false, fontSize));
  }
  const fixedHeight = headerScrolls ? 0 : headerHeight;
  const bodyStyle = new CSSStyle().frame({ x: 0, y: fixedHeight, width: node.frame.width, height: Math.max(0, node.frame.height - fixedHeight) });
  // The engine asks for the first batch itself; the page asks for more only once rows are in and
  // no batch is in flight.
  const isLoading = loaded?.loading === true;
  const hasMore = isDynamic && loaded?.hasMore === true && rows.length > 0 && !isLoading;
  const refresh = stringOrNull(component.refresh);
  /** @type {(VNode|null)[]} */
  const body = [];
  if (refresh !== null) {
    body.push(h("button", { type: "button", class: "x-refresh", "data-action": "refresh", "data-path": path }, `↻ ${refresh}`));
  }
  if (header && headerScrolls) {
    body.push(tableHeader(header, columnParts, headerHeight, new CSSStyle().height(headerHeight), true, fontSize));
  }
  rows.forEach((row, index) => {
    const texts =
      columns.length === 0
        ? [cellText(row[Object.keys(row)[0]])]
        : columns.map((column) => {
            const fieldName = stringOrNull(column.field);
            return fieldName !== null && fieldName in row ? cellText(row[fieldName]) : (stringOrNull(column.text) ?? "");
          });
    const height = rowHeight(texts, columns.length === 0 ? [null] : columns);
    /** @type {VNode[]} */
    const cells =
      columns.length === 0
        ? [cell(texts[0], null, null, height, fontSize, "cell")]
        : columns.map((column, columnIndex) => cell(texts[columnIndex], column, columnPart(columnParts, columnIndex), height, fontSize, "cell"));
    body.push(
      h(
        "div",
        {
          class: "x-row",
          role: "row",
          // A row that does something is a tab stop (Enter or Space taps it: screen-view.js).
          tabindex: component.clickRow ? "0" : null,
          style: new CSSStyle().height(height).text,
          "data-action": component.clickRow ? "row" : null,
          "data-path": path,
          "data-row": String(index),
        },
        cells,
      ),
    );
  });
  if (isLoading || hasMore) body.push(h("div", { class: "x-more", role: "status" }, isLoading ? "Loading…" : ""));
  content.push(
    h(
      "div",
      {
        class: "x-tbody",
        role: "rowgroup",
        // Rows that are not tab stops leave the body to take the focus, so that the keyboard can
        // scroll it (docs/accessibility.md).
        tabindex: component.clickRow ? null : "0",
        style: bodyStyle.text,
        "data-scroll": path,
        "data-table": path,
        "data-more": hasMore ? "1" : null,
        "data-refresh": refresh === null ? null : "1",
      },
      body,
    ),
  );
  const attributes = box(node, null, component.background, (style) => {
    style.fontSize(component.fontsize).font(component.font);
  });
  // A table of rows and cells for assistive technology (docs/accessibility.md).
  attributes.role = "table";
  attributes["aria-label"] = stringOrNull(component.title);
  return h("div", attributes, content);
}

/**
 * The header: fixed above the body, or its first (scrolling) row.
 * @param {Record<string, any>[]} header
 * @param {LayoutPart[]} columnParts
 * @param {number} height
 * @param {CSSStyle} style
 * @param {boolean} scrolls
 * @param {unknown} tableFontSize
 * @returns {VNode}
 */
function tableHeader(header, columnParts, height, style, scrolls, tableFontSize) {
  return h(
    "div",
    { class: scrolls ? "x-thead x-thead-scroll" : "x-thead", role: "row", style: style.text },
    header.map((column, index) => cell(stringOrNull(column.text) ?? "", column, columnPart(columnParts, index), height, tableFontSize, "columnheader")),
  );
}

/**
 * One cell; its font size is the column's, then the table's (as TableRowLayout measures it). The
 * cell (a flex box) centres its text vertically; the text is a block inside it, because
 * text-align and text-overflow work on a block: `align` places it, and a single line that does not
 * fit ends in an ellipsis.
 * @param {string} text
 * @param {Record<string, any>|null} column
 * @param {LayoutPart|null} part
 * @param {number} height
 * @param {unknown} tableFontSize
 * @param {string} role "cell" or "columnheader".
 * @returns {VNode}
 */
function cell(text, column, part, height, tableFontSize, role) {
  const style = new CSSStyle();
  if (part) style.frame({ x: part.frame.x, y: 0, width: part.frame.width, height });
  else style.fixed(`left:0;top:0;right:0;height:${cssNumber(height)}px`);
  style.align(column?.align).color(column?.color).fontSize(column?.fontsize ?? tableFontSize).font(column?.font);
  const lines = column?.lines;
  const multiline = (typeof lines === "number" ? lines : 1) !== 1;
  return h("div", { class: multiline ? "x-cell x-multiline" : "x-cell", role, style: style.text }, [
    h("span", { class: "x-cell-text", style: new CSSStyle().lines(lines).text }, text),
  ]);
}
