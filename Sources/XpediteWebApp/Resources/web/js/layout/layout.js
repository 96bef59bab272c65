// The web engine's layout: the same computation as XpediteLayout's LayoutEngine, so that every
// frame agrees with `xpedite layout` (held against the same fixtures, Tests/Web). It lays out a
// canonical (normalised) screen, as protocol/read.js gives it, and returns the frame tree as
// `xpedite layout` prints it: bounds, screen, components (index path, type, id, placement, frame,
// content, parts, children) and warnings.

import { parseBounds } from "../protocol/bounds.js";
import { layoutConfiguration } from "./configuration.js";
import { layoutContainer } from "./container-layout.js";
import { componentsOf, objectOf, shows, stringOf } from "./model.js";
import { LayoutMetrics } from "./metrics.js";
import { LayoutRun, roundTo } from "./run.js";

export { parseBounds, formatBounds } from "../protocol/bounds.js";
export { layoutConfiguration, portraitPhoneInsets } from "./configuration.js";
export { LayoutMetrics } from "./metrics.js";
export { TableRowLayout } from "./table-row-layout.js";
export { columnPercentages, givenColumnPercentages, tableColumnParts, tableColumns } from "./table-columns.js";
export { EstimatedTextMeasurer, textStyleSize } from "./text-measurer.js";
export { mergeDefaults };

/** @typedef {import("./run.js").LayoutRect} LayoutRect */
/** @typedef {import("./run.js").ImageSize} ImageSize */
/** @typedef {import("./run.js").Defaults} Defaults */
/** @typedef {import("./run.js").LayoutWarning} LayoutWarning */
/** @typedef {import("./container-layout.js").LayoutNode} LayoutNode */
/** @typedef {import("./container-layout.js").ContentLayout} ContentLayout */
/** @typedef {import("./table-columns.js").LayoutPart} LayoutPart */
/** @typedef {import("./configuration.js").LayoutConfiguration} LayoutConfiguration */
/** @typedef {import("../protocol/json-types").JSONObject} JSONObject */

/**
 * The screen container: the visible area below the navigation bar (bounds coordinates), the
 * content height, and the navigation bar when one is shown.
 * @typedef {object} ScreenLayout
 * @property {LayoutRect} frame
 * @property {number} contentHeight
 * @property {LayoutRect} [navigationBar]
 * @property {LayoutRect} [title] with fitted text only: the box the bar's title is wrapped in,
 *   between the bar buttons (the bar is at least as tall as the wrapped title)
 */

/**
 * The frame tree, as `xpedite layout` prints it.
 * @typedef {object} FrameTree
 * @property {LayoutRect} bounds
 * @property {ScreenLayout} screen
 * @property {LayoutNode[]} components
 * @property {LayoutWarning[]} [warnings]
 */

/**
 * @typedef {object} LayoutOptions
 * @property {Map<string, ImageSize> | Record<string, ImageSize>} [imageSizes] known image sizes by image id or URL
 * @property {Defaults} [defaults] the setDefaults the phone holds from earlier screens
 * @property {Partial<LayoutConfiguration>} [configuration] overrides of the default configuration
 */

/**
 * Lays out a canonical screen.
 * @param {JSONObject} packet the canonical response packet (protocol/read.js's `packet`)
 * @param {string | LayoutRect} bounds the bounds of setConnection, as a string or a rectangle
 * @param {LayoutOptions} [options]
 * @returns {FrameTree}
 */
export function layoutScreen(packet, bounds, options = {}) {
  const configuration = layoutConfiguration(options.configuration);
  const given = typeof bounds === "string" ? parseBounds(bounds) : bounds;
  if (!given) throw new RangeError(`expected bounds "(x, y, width, height)", got "${String(bounds)}"`);
  const limit = configuration.coordinateLimit;
  /** @param {number} value */
  const finite = (value) => (Number.isNaN(value) ? 0 : Math.min(Math.max(value, -limit), limit));
  /** @type {LayoutRect} */
  const boundsRect = {
    x: finite(given.x), y: finite(given.y), width: Math.max(0, finite(given.width)), height: Math.max(0, finite(given.height)),
  };
  const insets = configuration.safeAreaInsets;
  /** @param {number} value */
  const rounded = (value) => roundTo(value, configuration.roundingIncrement);
  /** @type {LayoutRect} */
  const safe = {
    x: rounded(boundsRect.x + finite(insets.left)),
    y: rounded(boundsRect.y + finite(insets.top)),
    width: rounded(Math.max(0, boundsRect.width - finite(insets.left) - finite(insets.right))),
    height: rounded(Math.max(0, boundsRect.height - finite(insets.top) - finite(insets.bottom))),
  };
  const screenDefaults = objectOf(packet, "setDefaults");
  const defaults = screenDefaults ? mergeDefaults(options.defaults ?? {}, screenDefaults) : (options.defaults ?? {});
  const imageSizes = options.imageSizes instanceof Map
    ? options.imageSizes
    : new Map(Object.entries(options.imageSizes ?? {}));
  const run = new LayoutRun(configuration, imageSizes, packet.images, defaults, boundsRect, safe);

  const components = componentsOf(packet) ?? [];
  const showsBar = shows(stringOf(packet, "title")) || components.some((component) => component.type === "navigation");
  let barHeight = showsBar ? Math.min(safe.height, run.rounded(Math.max(0, finite(configuration.navigationBarHeight)))) : 0;
  const title = showsBar && configuration.fitsText ? fittedTitle(stringOf(packet, "title") ?? "", components, safe, run) : undefined;
  if (title) barHeight = Math.min(safe.height, Math.max(barHeight, title.height));
  const visible = {
    x: safe.x, y: run.rounded(safe.y + barHeight), width: safe.width, height: run.rounded(safe.height - barHeight),
  };
  const result = layoutContainer(components, [], visible.width, visible.height, false, 0, run);
  /** @type {ScreenLayout} */
  const screen = { frame: visible, contentHeight: result.contentHeight };
  if (showsBar) screen.navigationBar = { x: safe.x, y: safe.y, width: safe.width, height: barHeight };
  if (title) screen.title = { x: title.x, y: safe.y, width: title.width, height: barHeight };
  /** @type {FrameTree} */
  const tree = { bounds: boundsRect, screen, components: result.nodes };
  if (run.warnings.length > 0) tree.warnings = run.warnings;
  return tree;
}

/**
 * The box of the navigation bar's title with fitted text (decision 0570): centred, as wide as
 * the bar less its bar buttons (44 points each, the more numerous side's count on both sides; 8
 * points each side without any); as tall as the title wrapped in it, in the screen's font, semibold.
 * @param {string} title
 * @param {JSONObject[]} components
 * @param {LayoutRect} safe
 * @param {LayoutRun} run
 * @returns {{x: number, width: number, height: number}}
 */
function fittedTitle(title, components, safe, run) {
  const sides = { left: 0, right: 0 };
  for (const component of components) {
    if (component.type !== "navigation") continue;
    const implementation = objectOf(component, "implementation");
    const position = stringOf(implementation, "position");
    const style = stringOf(implementation, "style");
    if ((style === "slidefrom" || style === "button") && (position === "left" || position === "right")) sides[position] += 1;
  }
  const buttons = Math.max(sides.left, sides.right);
  const inset = buttons > 0 ? buttons * LayoutMetrics.barButtonSize : 8;
  const width = run.rounded(Math.max(0, safe.width - 2 * inset));
  const height = run.rounded(run.measure(title, { ...run.defaultFont, bold: true }, width));
  return { x: run.rounded(safe.x + (safe.width - width) / 2), width, height };
}

/**
 * `setDefaults` merged: a key of `patch` set to a value replaces, set to null removes.
 * @param {Defaults} current
 * @param {JSONObject} patch a canonical setDefaults object
 * @returns {Defaults}
 */
function mergeDefaults(current, patch) {
  /** @type {Defaults} */
  const merged = { ...current };
  /** @type {Array<[keyof Defaults, string]>} */
  const keys = [["font", "string"], ["fontsize", "number"], ["color", "string"], ["background", "string"]];
  for (const [key, kind] of keys) {
    if (!(key in patch)) continue;
    const value = patch[key];
    if (value === null) delete merged[key];
    else if (typeof value === kind) Object.assign(merged, { [key]: value });
  }
  return merged;
}

/**
 * Every node of the tree, depth first in document order.
 * @param {FrameTree} tree
 * @returns {LayoutNode[]}
 */
export function allNodes(tree) {
  /** @type {LayoutNode[]} */
  const nodes = [];
  const stack = [...tree.components].reverse();
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    nodes.push(node);
    if (node.children) for (let index = node.children.length - 1; index >= 0; index -= 1) stack.push(node.children[index]);
  }
  return nodes;
}
