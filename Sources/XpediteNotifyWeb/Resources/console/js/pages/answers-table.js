// The answers table's elements: a heading per column, a row per response, each cell as text, a
// photo as a thumbnail that opens the picture, a recording as a player, a place as its
// coordinates. Every answer goes in as text (textContent) or as an attribute value, never as HTML.

import { h } from "../dom.js";

/** @typedef {import("./answers-columns.js").Column} Column */
/** @typedef {import("./answers-columns.js").Cell} Cell */

/**
 * The address of a document for the console: `GET /notify/v1/documents/{name}` with the
 * session, the name's slashes as they are (the route refuses encoded ones; the name was checked
 * to be `rcs/<kind>/<id>.<extension>`, see answers-columns.js).
 * @param {(path: string) => string} url the API's address of a path (ConsoleAPI.url)
 * @param {string} name
 * @returns {string}
 */
export function documentURL(url, name) {
  return url(`documents/${name}`);
}

/**
 * What a cell shows.
 * @param {Cell} cell
 * @param {(path: string) => string} url
 * @returns {(Node | string)[]}
 */
function cellContent(cell, url) {
  switch (cell.kind) {
    case "image": {
      const address = documentURL(url, cell.document);
      return [
        h(
          "a",
          { href: address, target: "_blank", rel: "noopener", title: cell.text },
          h("img", { src: address, alt: `Photo ${cell.text}`, class: "thumbnail", width: 96, height: 72, loading: "lazy", decoding: "async" }),
        ),
      ];
    }
    case "audio":
      return [h("audio", { src: documentURL(url, cell.document), controls: true, preload: "none", title: cell.text })];
    case "video":
      return [h("video", { src: documentURL(url, cell.document), controls: true, preload: "metadata", width: 160, height: 90, title: cell.text })];
    case "location":
      return [h("span", { class: "coordinates" }, `${cell.latitude.toFixed(5)}, ${cell.longitude.toFixed(5)}`)];
    default:
      return [cell.text];
  }
}

/**
 * The table of a page.
 * @param {Column[]} columns
 * @param {{responseId: string, cells: Cell[]}[]} rows
 * @param {(path: string) => string} url
 * @returns {HTMLTableElement}
 */
export function answersTable(columns, rows, url) {
  return h(
    "table",
    { class: "answers", "aria-label": "Answers" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        columns.map((column) =>
          h("th", { scope: "col", "data-column": column.id, title: column.label || null }, column.id, column.label ? h("small", {}, column.label) : null),
        ),
      ),
    ),
    h(
      "tbody",
      {},
      rows.map((row) =>
        h(
          "tr",
          { "data-response": row.responseId },
          row.cells.map((cell, index) => h("td", { "data-column": columns[index]?.id, "data-kind": cell.kind }, cellContent(cell, url))),
        ),
      ),
    ),
  );
}
