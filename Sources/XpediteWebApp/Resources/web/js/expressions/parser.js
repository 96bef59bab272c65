// The parser of the expression language (docs/notify.md#expressions): tokens to a tree, by
// recursive descent whose depth is counted before each step down, so that no input can overflow
// the stack.

import { ExpressionError, MAX_DEPTH } from "./errors.js";
import { tokenize } from "./lexer.js";

/**
 * A node of the tree. `column` is where errors about the node point (an operator, a function's
 * name, a literal); `start` is the column of its first character; `depth` the height of the tree
 * below it, itself included.
 * @typedef {object} Node
 * @property {"literal" | "field" | "unary" | "binary" | "call"} kind
 * @property {number} column
 * @property {number} start
 * @property {number} depth
 * @property {null | number | string | boolean} [value] a literal's value
 * @property {string} [id] a field's id
 * @property {string} [operator] a unary or binary operator: not, -, and, or, ==, !=, <, <=, >, >=, +, *, /
 * @property {Node} [operand]
 * @property {Node} [left]
 * @property {Node} [right]
 * @property {string} [name] a function's name
 * @property {Node[]} [args]
 */

/** The functions and how many arguments each takes: [least, most]. */
/** @type {Map<string, [number, number]>} */
export const FUNCTIONS = new Map([
  ["empty", [1, 1]],
  ["len", [1, 1]],
  ["count", [1, Number.MAX_SAFE_INTEGER]],
  ["round", [1, 2]],
  ["min", [1, Number.MAX_SAFE_INTEGER]],
  ["max", [1, Number.MAX_SAFE_INTEGER]],
  ["if", [3, 3]],
  ["today", [0, 0]],
  ["now", [0, 0]],
  ["days", [2, 2]],
]);

const COMPARISONS = ["==", "!=", "<", "<=", ">", ">="];
const KEYWORDS = ["and", "or", "not"];

/** @param {import("./lexer.js").Token} token */
function describe(token) {
  switch (token.kind) {
    case "end":
      return "the end of the expression";
    case "field":
      return `$${token.text}`;
    default:
      return token.text;
  }
}

/**
 * @param {number} least
 * @param {number} most
 */
function arityText(least, most) {
  if (least === most) return least === 1 ? "1 argument" : `${least} arguments`;
  if (most === Number.MAX_SAFE_INTEGER) return `at least ${least} argument${least === 1 ? "" : "s"}`;
  return `${least} to ${most} arguments`;
}

class Parser {
  /** @param {import("./lexer.js").Token[]} tokens */
  constructor(tokens) {
    this.tokens = tokens;
    this.position = 0;
    this.nesting = 0;
  }

  peek() {
    return this.tokens[this.position] ?? this.tokens[this.tokens.length - 1];
  }

  next() {
    const token = this.peek();
    if (token.kind !== "end") this.position += 1;
    return token;
  }

  /** @param {string} name */
  isName(name) {
    const token = this.peek();
    return token.kind === "name" && token.text === name;
  }

  /** @param {string} operator */
  isOperator(operator) {
    const token = this.peek();
    return token.kind === "operator" && token.text === operator;
  }

  /**
   * One level deeper: refused past MAX_DEPTH, at the token that opens it.
   * @param {import("./lexer.js").Token} token
   */
  enter(token) {
    this.nesting += 1;
    if (this.nesting > MAX_DEPTH) {
      throw new ExpressionError("too-deep", token.column, `the expression is nested more than ${MAX_DEPTH} deep`);
    }
  }

  leave() {
    this.nesting -= 1;
  }

  /**
   * A node, its depth checked.
   * @param {Omit<Node, "depth">} fields
   * @param {Node[]} children
   * @returns {Node}
   */
  node(fields, children) {
    let depth = 0;
    for (const child of children) depth = Math.max(depth, child.depth);
    depth += 1;
    if (depth > MAX_DEPTH) {
      throw new ExpressionError("too-deep", fields.column, `the expression is nested more than ${MAX_DEPTH} deep`);
    }
    return { ...fields, depth };
  }

  /** @returns {Node} */
  parseOr() {
    let left = this.parseAnd();
    while (this.isName("or")) {
      const token = this.next();
      const right = this.parseAnd();
      left = this.node({ kind: "binary", operator: "or", left, right, column: token.column, start: left.start }, [left, right]);
    }
    return left;
  }

  /** @returns {Node} */
  parseAnd() {
    let left = this.parseNot();
    while (this.isName("and")) {
      const token = this.next();
      const right = this.parseNot();
      left = this.node({ kind: "binary", operator: "and", left, right, column: token.column, start: left.start }, [left, right]);
    }
    return left;
  }

  /** @returns {Node} */
  parseNot() {
    if (!this.isName("not")) return this.parseComparison();
    const token = this.next();
    this.enter(token);
    const operand = this.parseNot();
    this.leave();
    return this.node({ kind: "unary", operator: "not", operand, column: token.column, start: token.column }, [operand]);
  }

  /** @returns {Node} */
  parseComparison() {
    const left = this.parseAdditive();
    const token = this.peek();
    if (token.kind !== "operator" || !COMPARISONS.includes(token.text)) return left;
    this.next();
    const right = this.parseAdditive();
    const after = this.peek();
    if (after.kind === "operator" && COMPARISONS.includes(after.text)) {
      throw new ExpressionError("syntax", after.column, `comparisons cannot be chained: ${after.text} after ${token.text}; join them with and`);
    }
    return this.node({ kind: "binary", operator: token.text, left, right, column: token.column, start: left.start }, [left, right]);
  }

  /** @returns {Node} */
  parseAdditive() {
    let left = this.parseMultiplicative();
    while (this.isOperator("+") || this.isOperator("-")) {
      const token = this.next();
      const right = this.parseMultiplicative();
      left = this.node({ kind: "binary", operator: token.text, left, right, column: token.column, start: left.start }, [left, right]);
    }
    return left;
  }

  /** @returns {Node} */
  parseMultiplicative() {
    let left = this.parseUnary();
    while (this.isOperator("*") || this.isOperator("/")) {
      const token = this.next();
      const right = this.parseUnary();
      left = this.node({ kind: "binary", operator: token.text, left, right, column: token.column, start: left.start }, [left, right]);
    }
    return left;
  }

  /** @returns {Node} */
  parseUnary() {
    if (!this.isOperator("-")) return this.parsePrimary();
    const token = this.next();
    this.enter(token);
    const operand = this.parseUnary();
    this.leave();
    return this.node({ kind: "unary", operator: "-", operand, column: token.column, start: token.column }, [operand]);
  }

  /** @returns {Node} */
  parsePrimary() {
    const token = this.next();
    switch (token.kind) {
      case "number":
      case "string":
        return this.node({ kind: "literal", value: token.value, column: token.column, start: token.column }, []);
      case "field":
        return this.node({ kind: "field", id: token.text, column: token.column, start: token.column }, []);
      case "name":
        return this.parseName(token);
      case "operator":
        if (token.text === "(") {
          this.enter(token);
          const inner = this.parseOr();
          this.expectClosing();
          this.leave();
          return inner;
        }
        break;
      default:
        break;
    }
    throw new ExpressionError("syntax", token.column, `expected a value, got ${describe(token)}`);
  }

  /** @param {import("./lexer.js").Token} token */
  parseName(token) {
    const name = token.text;
    if (name === "true" || name === "false" || name === "null") {
      const value = name === "null" ? null : name === "true";
      return this.node({ kind: "literal", value, column: token.column, start: token.column }, []);
    }
    if (KEYWORDS.includes(name)) throw new ExpressionError("syntax", token.column, `expected a value, got ${name}`);
    if (!this.isOperator("(")) {
      throw new ExpressionError("syntax", token.column, `unknown name ${name}: a field is written $${name}, a text '${name}'`);
    }
    const arity = FUNCTIONS.get(name);
    if (arity === undefined) {
      throw new ExpressionError("unknown-function", token.column, `unknown function ${name}`);
    }
    const open = this.next();
    this.enter(open);
    /** @type {Node[]} */
    const args = [];
    if (!this.isOperator(")")) {
      args.push(this.parseOr());
      while (this.isOperator(",")) {
        this.next();
        args.push(this.parseOr());
      }
    }
    this.expectClosing();
    this.leave();
    const [least, most] = arity;
    if (args.length < least || args.length > most) {
      throw new ExpressionError("arguments", token.column, `${name} takes ${arityText(least, most)}, got ${args.length}`);
    }
    return this.node({ kind: "call", name, args, column: token.column, start: token.column }, args);
  }

  expectClosing() {
    const token = this.peek();
    if (!this.isOperator(")")) throw new ExpressionError("syntax", token.column, `expected ), got ${describe(token)}`);
    this.next();
  }
}

/**
 * Parses an expression into its tree.
 * @param {string} text
 * @returns {Node}
 * @throws {ExpressionError}
 */
export function parse(text) {
  const parser = new Parser(tokenize(text));
  const root = parser.parseOr();
  const token = parser.peek();
  if (token.kind !== "end") throw new ExpressionError("syntax", token.column, `unexpected ${describe(token)}`);
  return root;
}
