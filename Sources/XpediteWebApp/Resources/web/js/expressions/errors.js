// Errors and limits of the expression language (docs/notify.md#expressions).

/** The longest expression accepted, in Unicode code points. */
export const MAX_LENGTH = 1000;

/** The deepest nesting accepted: parentheses, calls and unary operators open, and the depth of the tree. */
export const MAX_DEPTH = 32;

/**
 * The stable codes of expression errors, the same in Swift (`ExpressionError.Code`).
 * @typedef {"syntax" | "too-long" | "too-deep" | "unknown-field" | "unknown-function" | "arguments" | "type" | "cycle"} ErrorCode
 */

/** An expression that cannot be used: its stable code, the column (1-based, in code points) and a sentence. */
export class ExpressionError extends Error {
  /**
   * @param {ErrorCode} code
   * @param {number} column
   * @param {string} message
   */
  constructor(code, column, message) {
    super(`column ${column}: ${message}`);
    this.name = "ExpressionError";
    /** @type {ErrorCode} */
    this.code = code;
    /** @type {number} */
    this.column = column;
    /** The sentence without the column. */
    this.detail = message;
  }
}
