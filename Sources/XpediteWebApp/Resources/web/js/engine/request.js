// The request envelope (docs/protocol/packets.md#the-request-envelope) and the page-cache key of
// a request (docs/protocol/caching.md#the-page-cache).

/**
 * @typedef {object} MethodCall a method dict in its canonical form
 * @property {string} function
 * @property {Record<string, unknown>} [parameters]
 * @property {boolean} [formdata]
 * @property {string} [navigation]
 * @property {string} [selected]
 */

/**
 * A method dict from a canonical component value: a dict with `function`, or (old dialect, should
 * the reader have left one) a bare string.
 * @param {unknown} value
 * @returns {MethodCall | undefined}
 */
export function methodCall(value) {
  if (typeof value === "string" && value !== "") return { function: value };
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const dict = /** @type {Record<string, any>} */ (value);
    if (typeof dict.function === "string" && dict.function !== "") return /** @type {MethodCall} */ (dict);
  }
  return undefined;
}

/**
 * A request calling `method`, with the token and the method dict's `parameters`.
 * @param {MethodCall} method
 * @param {string | undefined} token
 * @returns {Record<string, unknown>}
 */
export function callRequest(method, token) {
  /** @type {Record<string, unknown>} */
  const request = { method: method.function };
  if (token !== undefined) request.token = token;
  if (method.parameters && typeof method.parameters === "object") request.parameters = method.parameters;
  return request;
}

/**
 * `(x, y, width, height)` as a Swift phone prints a CGRect: `"(0.0, 0.0, 393.0, 852.0)"`.
 * @param {{x: number, y: number, width: number, height: number}} bounds
 */
export function boundsText(bounds) {
  const number = (/** @type {number} */ value) => (Number.isInteger(value) ? value.toFixed(1) : String(value));
  return `(${number(bounds.x)}, ${number(bounds.y)}, ${number(bounds.width)}, ${number(bounds.height)})`;
}

/**
 * JSON with sorted keys at every level, no spaces: the canonical text used in cache keys.
 * @param {unknown} value
 * @returns {string}
 */
export function canonicalJSON(value) {
  if (Array.isArray(value)) return `[${value.map(canonicalJSON).join(",")}]`;
  if (value && typeof value === "object") {
    const record = /** @type {Record<string, unknown>} */ (value);
    const keys = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJSON(record[key])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/**
 * The page-cache key of a request: its `method` and the canonical JSON of its `parameters`.
 * Requests that submit data (`formdata`, `selected`, `row`) have none: their answers are never
 * cached and never served from the cache.
 * @param {Record<string, unknown>} request
 * @returns {string | undefined}
 */
export function pageKey(request) {
  if ("formdata" in request || "selected" in request || "row" in request) return undefined;
  return `${request.method} ${request.parameters ? canonicalJSON(request.parameters) : "{}"}`;
}
