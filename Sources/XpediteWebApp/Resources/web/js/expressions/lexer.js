// The lexer of the expression language (docs/notify.md#expressions): text to tokens, columns in
// Unicode code points from 1.

import { ExpressionError, MAX_LENGTH } from "./errors.js";

/**
 * One token. `text` is the operator or name; `value` the number or the string's contents.
 * @typedef {object} Token
 * @property {"number" | "string" | "name" | "field" | "operator" | "end"} kind
 * @property {string} text
 * @property {number | string} [value]
 * @property {number} column
 */

const OPERATORS = ["==", "!=", "<=", ">=", "<", ">", "+", "-", "*", "/", "(", ")", ","];
const ESCAPES = /** @type {Record<string, string>} */ ({ "\\": "\\", "'": "'", '"': '"', n: "\n", t: "\t" });

/** @param {string | undefined} c */
function isDigit(c) {
  return c !== undefined && c >= "0" && c <= "9";
}

/** @param {string | undefined} c */
function isNameStart(c) {
  return c !== undefined && ((c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c === "_");
}

/** @param {string | undefined} c */
function isNamePart(c) {
  return isNameStart(c) || isDigit(c);
}

/** @param {string | undefined} c */
function isSpace(c) {
  return c === " " || c === "\t" || c === "\n" || c === "\r";
}

/**
 * Splits an expression into tokens, ending with an `end` token; refuses one over MAX_LENGTH code
 * points before reading it.
 * @param {string} text
 * @returns {Token[]}
 */
export function tokenize(text) {
  const chars = Array.from(text);
  if (chars.length > MAX_LENGTH) {
    throw new ExpressionError("too-long", MAX_LENGTH + 1, `the expression is longer than ${MAX_LENGTH} characters`);
  }
  /** @type {Token[]} */
  const tokens = [];
  let i = 0;
  while (i < chars.length) {
    const c = chars[i];
    const column = i + 1;
    if (isSpace(c)) {
      i += 1;
    } else if (isDigit(c)) {
      const start = i;
      while (isDigit(chars[i])) i += 1;
      if (chars[i] === ".") {
        if (!isDigit(chars[i + 1])) throw new ExpressionError("syntax", i + 1, "expected a digit after the decimal point");
        i += 1;
        while (isDigit(chars[i])) i += 1;
      }
      if (chars[i] === "e" || chars[i] === "E") {
        const exponent = i;
        i += 1;
        if (chars[i] === "+" || chars[i] === "-") i += 1;
        if (!isDigit(chars[i])) throw new ExpressionError("syntax", exponent + 1, "expected digits after the exponent");
        while (isDigit(chars[i])) i += 1;
      }
      const numberText = chars.slice(start, i).join("");
      const value = Number(numberText);
      if (!Number.isFinite(value)) throw new ExpressionError("syntax", column, `the number ${numberText} is too large`);
      tokens.push({ kind: "number", text: numberText, value, column });
    } else if (c === "'" || c === '"') {
      i += 1;
      let value = "";
      for (;;) {
        const d = chars[i];
        if (d === undefined) throw new ExpressionError("syntax", column, "the text has no closing quote");
        if (d === c) break;
        if (d === "\\") {
          const escaped = ESCAPES[chars[i + 1] ?? ""];
          if (escaped === undefined) {
            throw new ExpressionError("syntax", i + 1, "unknown escape; use \\\\, \\', \\\", \\n or \\t");
          }
          value += escaped;
          i += 2;
        } else {
          value += d;
          i += 1;
        }
      }
      i += 1;
      tokens.push({ kind: "string", text: chars.slice(column - 1, i).join(""), value, column });
    } else if (c === "$") {
      i += 1;
      let id = "";
      if (chars[i] === "{") {
        i += 1;
        while (chars[i] !== undefined && chars[i] !== "}") {
          id += chars[i];
          i += 1;
        }
        if (chars[i] === undefined) throw new ExpressionError("syntax", column, "the field reference has no closing }");
        i += 1;
      } else {
        while (isNamePart(chars[i])) {
          id += chars[i];
          i += 1;
        }
      }
      if (id === "") throw new ExpressionError("syntax", column, "expected a field id after $");
      tokens.push({ kind: "field", text: id, value: id, column });
    } else if (isNameStart(c)) {
      const start = i;
      while (isNamePart(chars[i])) i += 1;
      tokens.push({ kind: "name", text: chars.slice(start, i).join(""), column });
    } else {
      const two = c + (chars[i + 1] ?? "");
      const operator = OPERATORS.find((o) => o === two) ?? OPERATORS.find((o) => o === c);
      if (operator === undefined) {
        if (c === "=") throw new ExpressionError("syntax", column, "unexpected =; compare with ==");
        if (c === "!") throw new ExpressionError("syntax", column, "unexpected !; use not, or != to compare");
        throw new ExpressionError("syntax", column, `unexpected character ${JSON.stringify(c)}`);
      }
      tokens.push({ kind: "operator", text: operator, column });
      i += operator.length;
    }
  }
  tokens.push({ kind: "end", text: "", column: chars.length + 1 });
  return tokens;
}
