// A data answer (docs/protocol/tables.md#the-data-answer): rows for a table or an old dynamic
// menu, or the HTML of an old dynamic web view. Read leniently, as PacketDecoder's lenient
// decodeDataResponse reads it: `rc` as 0, "0", any integer or a message; `max` as an integer or a
// numeric string.

/**
 * @typedef {object} DataAnswer
 * @property {number | string} rc
 * @property {Record<string, unknown>[] | string} data
 * @property {number} [max]
 * @property {string} [token]
 */

/**
 * @param {unknown} value
 * @returns {number | undefined}
 */
function integer(value) {
  if (typeof value === "number" && Number.isInteger(value)) return value;
  if (typeof value === "string" && /^\s*-?\d+\s*$/.test(value)) return Number(value);
  return undefined;
}

/**
 * Reads a parsed data answer; throws an Error naming the path when it cannot be used.
 * @param {unknown} json
 * @returns {DataAnswer}
 */
export function readDataAnswer(json) {
  if (!json || typeof json !== "object" || Array.isArray(json)) throw new Error("$: the answer is not a JSON object");
  const record = /** @type {Record<string, unknown>} */ (json);
  /** @type {number | string} */
  let rc;
  if (typeof record.rc === "number" && Number.isInteger(record.rc)) rc = record.rc;
  else if (typeof record.rc === "string") rc = record.rc.trim() === "0" ? 0 : record.rc;
  else throw new Error("$.rc: missing, or neither an integer nor a string");
  /** @type {Record<string, unknown>[] | string} */
  let data;
  if (Array.isArray(record.data)) {
    data = /** @type {Record<string, unknown>[]} */ (record.data.filter((row) => row && typeof row === "object" && !Array.isArray(row)));
  } else if (record.data && typeof record.data === "object") {
    // An old server's object with numeric keys (PHP), read as the array in key order.
    const entries = Object.entries(/** @type {Record<string, unknown>} */ (record.data))
      .filter(([key]) => /^\d+$/.test(key))
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, row]) => row);
    data = /** @type {Record<string, unknown>[]} */ (entries.filter((row) => row && typeof row === "object" && !Array.isArray(row)));
  } else if (typeof record.data === "string") {
    data = record.data;
  } else if (rc !== 0 && record.data === undefined) {
    data = [];
  } else {
    throw new Error("$.data: missing, or neither a list of rows nor HTML");
  }
  /** @type {DataAnswer} */
  const answer = { rc, data };
  const max = integer(record.max);
  if (max !== undefined) answer.max = max;
  if (typeof record.token === "string") answer.token = record.token;
  return answer;
}

/**
 * Whether more rows exist after `loaded` rows: `max` is present and larger, and the batch had rows.
 * @param {DataAnswer} answer
 * @param {number} loaded
 */
export function hasMoreRows(answer, loaded) {
  if (answer.max === undefined || !Array.isArray(answer.data) || answer.data.length === 0) return false;
  return loaded < answer.max;
}
