// The answers' exports (docs/console.md#answers): `GET /responses` with `Accept: text/csv` or
// `application/x-ndjson` and the table's filters, read as the server streams it, counting the
// lines for the progress, into a Blob that the page saves (a link cannot send Accept: decision
// 0516). No DOM here, so that Node can test it (Tests/Web/console).

import { ApiError, apiError } from "../api.js";

/** @typedef {import("../session.js").Fetch} Fetch */

/**
 * An export format: its media type (sent as Accept) and its file's extension.
 * @typedef {{name: string, accept: string, extension: string}} ExportFormat
 */

/** The export formats, as the buttons offer them. */
export const exportFormats = /** @type {const} */ ({
  csv: { name: "CSV", accept: "text/csv", extension: "csv" },
  ndjson: { name: "NDJSON", accept: "application/x-ndjson", extension: "ndjson" },
});

/**
 * The number of line feeds in a chunk.
 * @param {Uint8Array} chunk
 * @returns {number}
 */
export function lineFeeds(chunk) {
  let count = 0;
  for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) count += 1;
  return count;
}

/**
 * Reads an export into a Blob of its media type.
 * @param {Fetch} fetchFn
 * @param {string} url the export's address (`../v1/responses?topic=…`)
 * @param {ExportFormat} format
 * @param {(lines: number, bytes: number) => void} progress called after each chunk, with the lines and bytes so far
 * @param {AbortSignal} [signal] stops the download
 * @returns {Promise<{blob: Blob, lines: number}>} the export and its number of lines (the CSV's header included)
 * @throws {ApiError} when the server refuses (with the error object's code and issues) or cannot be reached
 */
export async function downloadExport(fetchFn, url, format, progress, signal) {
  /** @type {Response} */
  let answer;
  try {
    answer = await fetchFn(url, { headers: { Accept: format.accept }, credentials: "same-origin", signal: signal ?? null });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, "unreachable", "the server cannot be reached", []);
  }
  if (!answer.ok) {
    const text = await answer.text();
    /** @type {unknown} */
    let body = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    throw apiError(answer.status, body);
  }
  /** @type {BlobPart[]} */
  const chunks = [];
  let lines = 0;
  let bytes = 0;
  if (answer.body) {
    const reader = answer.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      lines += lineFeeds(value);
      bytes += value.byteLength;
      progress(lines, bytes);
    }
  }
  const type = answer.headers.get("Content-Type") ?? format.accept;
  return { blob: new Blob(chunks, { type }), lines };
}

/**
 * The text of an export's progress or result: `1,234 rows (56 kB)`.
 * @param {ExportFormat} format
 * @param {number} lines the lines read so far (a CSV's header is one of them)
 * @param {number} bytes
 * @returns {string}
 */
export function exportSizeText(format, lines, bytes) {
  const rows = format.extension === "csv" ? Math.max(0, lines - 1) : lines;
  const size = bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${rows.toLocaleString("en")} ${rows === 1 ? "row" : "rows"} (${size})`;
}
