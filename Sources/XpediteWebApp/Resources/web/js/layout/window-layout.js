// The components that take no part in stacking (XpediteLayout's WindowLayout): navigation menus
// and dialog forms. Their frames are in the coordinates of the bounds (placement "window").

import { layoutChildren } from "./container-layout.js";
import { LayoutMetrics } from "./metrics.js";
import { childrenOf, objectOf, sizeOf, stringOf } from "./model.js";

/** @typedef {import("./run.js").LayoutRun} LayoutRun */
/** @typedef {import("./run.js").LayoutRect} LayoutRect */
/** @typedef {import("./model.js").Component} Component */
/** @typedef {import("./container-layout.js").LayoutNode} LayoutNode */

/**
 * A navigation menu: `slidefrom` is the open panel (80 % of the screen width, at most 320 pt, or
 * the size dict's width and height) against the `position` edge, with its bar button as a part;
 * `button` is the bar button. Bar buttons are 44 × 44 in the navigation bar, from the `position`
 * edge inwards, in document order. A cache stub (no implementation) has an empty frame.
 * @param {Component} navigation
 * @param {number[]} indexPath
 * @param {LayoutRun} run
 * @returns {LayoutNode}
 */
export function navigationNode(navigation, indexPath, run) {
  /** @type {LayoutNode} */
  const node = { indexPath, type: "navigation", placement: "window", frame: { x: 0, y: 0, width: 0, height: 0 } };
  const id = stringOf(navigation, "id");
  if (id !== undefined) node.id = id;
  const implementation = objectOf(navigation, "implementation");
  const style = stringOf(implementation, "style");
  const position = stringOf(implementation, "position");
  if ((style !== "slidefrom" && style !== "button") || (position !== "left" && position !== "right")) {
    run.warn("navigation-stub", indexPath,
      "a navigation without an implementation (a cache stub) is placed by its cached definition");
    return node;
  }
  const size = LayoutMetrics.barButtonSize;
  const area = run.safeArea;
  /** @type {LayoutRect} */
  let button;
  if (position === "left") {
    button = { x: run.rounded(area.x + run.barButtons.left * size), y: area.y, width: size, height: size };
    run.barButtons.left += 1;
  } else {
    button = { x: run.rounded(area.x + area.width - (run.barButtons.right + 1) * size), y: area.y, width: size, height: size };
    run.barButtons.right += 1;
  }
  if (style === "button") {
    node.frame = button;
  } else {
    const bounds = run.bounds;
    const s = sizeOf(navigation);
    let width = s.width ?? (s.widthPercent !== undefined ? (s.widthPercent * bounds.width) / 100 : undefined)
      ?? Math.min(LayoutMetrics.panelWidthFraction * bounds.width, LayoutMetrics.maximumPanelWidth);
    let height = s.height ?? (s.heightPercent !== undefined ? (s.heightPercent * bounds.height) / 100 : undefined)
      ?? bounds.height;
    width = Math.max(0, run.limited(width, "panel width", indexPath));
    height = Math.max(0, run.limited(height, "panel height", indexPath));
    const x = position === "left" ? bounds.x : bounds.x + bounds.width - width;
    const panel = { x: run.rounded(x), y: bounds.y, width: run.rounded(width), height: run.rounded(height) };
    node.frame = panel;
    node.parts = [{
      kind: "barButton",
      frame: { x: run.rounded(button.x - panel.x), y: run.rounded(button.y - panel.y), width: size, height: size },
    }];
  }
  return node;
}

/**
 * A dialog form: shown modally over the whole safe area, with a header bar as tall as the
 * navigation bar; its children are laid out below the bar. Its `size` is not used.
 * @param {Component} form
 * @param {number[]} indexPath
 * @param {number} depth
 * @param {LayoutRun} run
 * @returns {LayoutNode}
 */
export function dialogNode(form, indexPath, depth, run) {
  const area = run.safeArea;
  const bar = Math.min(area.height, run.rounded(run.configuration.navigationBarHeight));
  const visibleHeight = run.rounded(Math.max(0, area.height - bar));
  const result = layoutChildren(childrenOf(form), indexPath, area.width, visibleHeight, true, depth + 1, run);
  /** @type {LayoutNode} */
  const node = { indexPath, type: "form", placement: "window", frame: { ...area } };
  const id = stringOf(form, "id");
  if (id !== undefined) node.id = id;
  node.content = { frame: { x: 0, y: bar, width: area.width, height: visibleHeight }, height: result.contentHeight, visibleHeight };
  node.parts = [{ kind: "headerBar", frame: { x: 0, y: 0, width: area.width, height: bar } }];
  if (result.nodes.length > 0) node.children = result.nodes;
  return node;
}
