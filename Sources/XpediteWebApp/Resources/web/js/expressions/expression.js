// The expression language of payload rules (docs/notify.md#expressions), in one entry point:
// compile once (parse and check against the payload's fields), evaluate on every change.
// Expressions are data: nothing here hands them to eval, Function or a template engine.

import { check } from "./checker.js";
import { evaluate } from "./evaluator.js";
import { parse } from "./parser.js";

export { ExpressionError, MAX_DEPTH, MAX_LENGTH } from "./errors.js";
export { fieldType } from "./checker.js";
export { clockAt, systemClock, valueFromJSON, valueToJSON } from "./values.js";
export { PayloadRules } from "./rules.js";

/** A checked expression: its tree, its type, and the ids of the fields it reads. */
export class Expression {
  /**
   * Parses and checks `text`.
   * @param {string} text
   * @param {(id: string) => import("./checker.js").Type | undefined} typeOf the type of each input field
   * @throws {import("./errors.js").ExpressionError}
   */
  constructor(text, typeOf) {
    /** @type {string} */
    this.text = text;
    /** @type {import("./parser.js").Node} */
    this.root = parse(text);
    /** @type {import("./checker.js").Type} */
    this.type = check(this.root, typeOf);
    /** @type {{id: string, column: number}[]} */
    this.references = [];
    /** @type {import("./parser.js").Node[]} */
    const pending = [this.root];
    while (pending.length > 0) {
      const node = /** @type {import("./parser.js").Node} */ (pending.pop());
      if (node.kind === "field") this.references.push({ id: node.id ?? "", column: node.column });
      for (const child of [node.operand, node.left, node.right, ...(node.args ?? [])]) {
        if (child !== undefined) pending.push(child);
      }
    }
    this.references.sort((a, b) => a.column - b.column);
  }

  /**
   * The value of the expression.
   * @param {import("./evaluator.js").Context} context
   * @returns {import("./values.js").Value}
   */
  evaluate(context) {
    return evaluate(this.root, context);
  }
}
