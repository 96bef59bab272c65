// Canonical JSON as XpediteProtocol writes it (CanonicalJSONWriter, JSONValue.format): keys sorted,
// slashes unescaped, integral numbers up to 2^53 without a fraction, other numbers in Swift's
// shortest form ("0.5", "1e-05", "1e+20"), and the pretty form of JSONEncoder ("key" : value).

/** @typedef {import("./json-types").JSONValue} JSONValue */
/** @typedef {import("./json-types").JSONObject} JSONObject */

const INTEGER_LIMIT = 9_007_199_254_740_992;

/**
 * A number as Swift's `JSONValue.format(number:)` prints it: integral values without a fraction,
 * others in Swift's shortest round-tripping form.
 * @param {number} value
 * @returns {string}
 */
export function formatNumber(value) {
  if (!Number.isFinite(value)) {
    if (Number.isNaN(value)) return "nan";
    return value > 0 ? "inf" : "-inf";
  }
  if (Number.isInteger(value) && Math.abs(value) <= INTEGER_LIMIT) {
    return String(value + 0);
  }
  return doubleDescription(value);
}

/**
 * Swift's `Double.description`: the shortest digits that round-trip, positional between 1e-4 and
 * 2^53 ("393.0", "0.5"), exponential ("1e-05", "1.5e+20") outside.
 * @param {number} value
 * @returns {string}
 */
export function doubleDescription(value) {
  if (Number.isNaN(value)) return "nan";
  if (!Number.isFinite(value)) return value > 0 ? "inf" : "-inf";
  if (value === 0) return Object.is(value, -0) ? "-0.0" : "0.0";
  const exponential = value.toExponential();
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(exponential);
  if (!match) return String(value);
  const [, sign, first, rest = "", exponentText] = match;
  const exponent = Number(exponentText);
  const magnitude = Math.abs(value);
  if (magnitude < 1e-4 || magnitude >= 2 ** 53) {
    const digits = rest ? `${first}.${rest}` : first;
    const absolute = Math.abs(exponent);
    const padded = absolute < 10 ? `0${absolute}` : String(absolute);
    return `${sign}${digits}e${exponent < 0 ? "-" : "+"}${padded}`;
  }
  let text = String(value);
  if (!text.includes(".") && !text.includes("e")) text += ".0";
  return text;
}

/**
 * Compares two keys by their UTF-8 bytes (code points), as the canonical writer sorts them.
 * @param {string} left
 * @param {string} right
 * @returns {number}
 */
export function compareKeys(left, right) {
  const length = Math.min(left.length, right.length);
  for (let index = 0; index < length; index += 1) {
    const a = left.codePointAt(index) ?? 0;
    const b = right.codePointAt(index) ?? 0;
    if (a !== b) return a < b ? -1 : 1;
    if (a > 0xffff) index += 1;
  }
  return left.length - right.length;
}

/**
 * The canonical JSON text of `value`.
 * @param {JSONValue | undefined} value
 * @param {boolean} [pretty] two-space indentation and `"key" : value`, as JSONEncoder's prettyPrinted
 * @returns {string}
 */
export function canonicalJSON(value, pretty = false) {
  /** @type {string[]} */
  const out = [];
  write(value === undefined ? null : value, 0, pretty, out);
  return out.join("");
}

/**
 * @param {JSONValue} value
 * @param {number} depth
 * @param {boolean} pretty
 * @param {string[]} out
 */
function write(value, depth, pretty, out) {
  if (value === null) {
    out.push("null");
  } else if (typeof value === "boolean") {
    out.push(value ? "true" : "false");
  } else if (typeof value === "number") {
    out.push(Number.isFinite(value) ? formatNumber(value) : "null");
  } else if (typeof value === "string") {
    out.push(JSON.stringify(value));
  } else if (Array.isArray(value)) {
    out.push("[");
    if (value.length === 0) {
      if (pretty) out.push(`\n${newline(depth)}`);
    } else {
      value.forEach((element, index) => {
        if (index > 0) out.push(",");
        if (pretty) out.push(newline(depth + 1));
        write(element, depth + 1, pretty, out);
      });
      if (pretty) out.push(newline(depth));
    }
    out.push("]");
  } else {
    const keys = Object.keys(value).sort(compareKeys);
    out.push("{");
    if (keys.length === 0) {
      if (pretty) out.push(`\n${newline(depth)}`);
    } else {
      keys.forEach((key, index) => {
        if (index > 0) out.push(",");
        if (pretty) out.push(newline(depth + 1));
        out.push(JSON.stringify(key), pretty ? " : " : ":");
        write(value[key], depth + 1, pretty, out);
      });
      if (pretty) out.push(newline(depth));
    }
    out.push("}");
  }
}

/**
 * @param {number} depth
 * @returns {string}
 */
function newline(depth) {
  return `\n${"  ".repeat(depth)}`;
}
