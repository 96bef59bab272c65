// Numbers written as text, read as Swift reads them: `Double(String)` after trimming spaces and
// tabs. The normaliser uses them to turn old-dialect number strings into numbers.

/**
 * Trims spaces and tabs (Swift's `.whitespaces`, not line breaks).
 * @param {string} text
 * @returns {string}
 */
export function trimSpaces(text) {
  return text.replace(/^[\t \u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]+|[\t \u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]+$/g, "");
}

const SWIFT_DOUBLE = /^[+-]?(?:(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|0[xX](?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)(?:[pP][+-]?\d+)?|inf(?:inity)?|nan)$/i;

/**
 * A number as Swift's `Double(String)` reads it (decimal or hexadecimal, `inf`, `nan`), else undefined.
 * @param {string} text
 * @returns {number | undefined}
 */
export function parseSwiftDouble(text) {
  if (!SWIFT_DOUBLE.test(text)) return undefined;
  const lowered = text.toLowerCase();
  const sign = lowered.startsWith("-") ? -1 : 1;
  const body = lowered.replace(/^[+-]/, "");
  if (body.startsWith("inf")) return sign * Number.POSITIVE_INFINITY;
  if (body === "nan") return Number.NaN;
  if (body.startsWith("0x")) {
    const match = /^0x([0-9a-f]*)(?:\.([0-9a-f]*))?(?:p([+-]?\d+))?$/.exec(body);
    if (!match) return undefined;
    const whole = match[1] ? Number.parseInt(match[1], 16) : 0;
    const fraction = match[2] ? Number.parseInt(match[2], 16) / 16 ** match[2].length : 0;
    return sign * (whole + fraction) * 2 ** Number(match[3] ?? 0);
  }
  return sign * Number(body);
}
