// The indented, human-readable outline of a frame tree (XpediteLayout's FrameTree.outline), as
// `xpedite layout --text` prints it: one line per node with its index path, type, id, frame and
// content, its parts below it, then the warnings.

import { formatNumber } from "../protocol/canonical-json.js";

/** @typedef {import("./layout.js").FrameTree} FrameTree */
/** @typedef {import("./container-layout.js").LayoutNode} LayoutNode */
/** @typedef {import("./run.js").LayoutRect} LayoutRect */

/**
 * `(x, y, width, height)`.
 * @param {LayoutRect} rect
 * @returns {string}
 */
export function describeRect(rect) {
  return `(${[rect.x, rect.y, rect.width, rect.height].map(formatNumber).join(", ")})`;
}

/**
 * The outline of a frame tree.
 * @param {FrameTree} tree
 * @returns {string}
 */
export function outline(tree) {
  const lines = [];
  let screenLine = `screen ${describeRect(tree.screen.frame)}, content height ${formatNumber(tree.screen.contentHeight)}`;
  if (tree.screen.navigationBar) screenLine += `, navigation bar ${describeRect(tree.screen.navigationBar)}`;
  lines.push(screenLine);
  /** @type {Array<{node: LayoutNode, depth: number}>} */
  const stack = [...tree.components].reverse().map((node) => ({ node, depth: 0 }));
  for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
    const { node, depth } = entry;
    const indent = "  ".repeat(depth);
    let line = `${indent}[${node.indexPath.join(".")}] ${node.type}`;
    if (node.id !== undefined) line += ` #${node.id}`;
    line += ` ${describeRect(node.frame)}`;
    if (node.placement === "window") line += " (window)";
    if (node.content) {
      line += `, content ${describeRect(node.content.frame)} height ${formatNumber(node.content.height)}`;
    }
    lines.push(line);
    for (const part of node.parts ?? []) {
      let partLine = `${indent}    ${part.kind}`;
      if (part.index !== undefined) partLine += ` ${part.index}`;
      if (part.key !== undefined) partLine += ` "${part.key}"`;
      lines.push(`${partLine} ${describeRect(part.frame)}`);
    }
    for (const child of [...(node.children ?? [])].reverse()) stack.push({ node: child, depth: depth + 1 });
  }
  if (tree.warnings && tree.warnings.length > 0) {
    lines.push("warnings:");
    for (const warning of tree.warnings) lines.push(`  ${warning.path}: warning: ${warning.message}`);
  }
  return lines.join("\n");
}
