// Lays out one `components` array inside its container (XpediteLayout's ContainerLayout): each
// stacking child through a FrameResolver, navigation menus and dialog forms outside the flow
// (window-layout.js), and every container's children recursively. Every component is visited once,
// so a layout takes time linear in the number of components.

import {
  FrameResolver, boxContentTop, boxContentWidth, boxTitleHeight, formFooterHeight, formTitleRowHeight, optionKeys,
  radioTitleHeight,
} from "./frame-resolver.js";
import { LayoutMetrics } from "./metrics.js";
import { childrenOf, componentsOf, isBox, stringOf } from "./model.js";
import { tableColumnParts } from "./table-columns.js";
import { dialogNode, navigationNode } from "./window-layout.js";

/** @typedef {import("./run.js").LayoutRun} LayoutRun */
/** @typedef {import("./run.js").LayoutRect} LayoutRect */
/** @typedef {import("./model.js").Component} Component */
/** @typedef {import("./table-columns.js").LayoutPart} LayoutPart */

/**
 * A container's content area, relative to its frame.
 * @typedef {object} ContentLayout
 * @property {LayoutRect} frame
 * @property {number} height the content height
 * @property {number} visibleHeight what `%` keys of the children refer to
 */

/**
 * One laid-out component, as `xpedite layout` prints it.
 * @typedef {object} LayoutNode
 * @property {number[]} indexPath
 * @property {string} type
 * @property {string} [id]
 * @property {"flow" | "window"} placement
 * @property {LayoutRect} frame
 * @property {ContentLayout} [content]
 * @property {LayoutPart[]} [parts]
 * @property {LayoutNode[]} [children]
 */

/**
 * What a laid-out `components` array gives its container.
 * @typedef {object} ContainerResult
 * @property {LayoutNode[]} nodes one per component, in array order (a stray menuEntry has none)
 * @property {number} contentHeight `B` at the end
 */

/**
 * Lays out `components`, the children of the component at `parent`.
 * @param {Component[]} components
 * @param {number[]} parent
 * @param {number} width
 * @param {number} visibleHeight
 * @param {boolean} insideForm
 * @param {number} depth
 * @param {LayoutRun} run
 * @returns {ContainerResult}
 */
export function layoutContainer(components, parent, width, visibleHeight, insideForm, depth, run) {
  const resolver = new FrameResolver(width, visibleHeight, insideForm);
  /** @type {LayoutNode[]} */
  const nodes = [];
  components.forEach((component, index) => {
    const indexPath = [...parent, index];
    if (component.type === "navigation") {
      nodes.push(navigationNode(component, indexPath, run));
    } else if (component.type === "form" && component.style === "dialog") {
      nodes.push(dialogNode(component, indexPath, depth, run));
    } else if (component.type === "menuEntry") {
      run.warn("misplaced-component", indexPath, "a menuEntry belongs in a navigation's components; not laid out");
    } else {
      nodes.push(place(component, indexPath, resolver, depth, run));
    }
  });
  return { nodes, contentHeight: resolver.bottom };
}

/**
 * Lays out the children of a container nested `depth` levels deep, unless that is too deep.
 * @param {Component[]} components
 * @param {number[]} parent
 * @param {number} width
 * @param {number} visibleHeight
 * @param {boolean} insideForm
 * @param {number} depth
 * @param {LayoutRun} run
 * @returns {ContainerResult}
 */
export function layoutChildren(components, parent, width, visibleHeight, insideForm, depth, run) {
  const maximum = run.configuration.maximumDepth;
  if (depth > maximum) {
    if (components.length > 0) {
      run.warn("nesting-too-deep", parent,
        `containers nested more than ${maximum} deep; the children of this one are not laid out`);
    }
    return { nodes: [], contentHeight: 0 };
  }
  return layoutContainer(components, parent, width, visibleHeight, insideForm, depth, run);
}

/**
 * Places one stacking component and builds its node: content area, parts and children.
 * @param {Component} component
 * @param {number[]} indexPath
 * @param {FrameResolver} resolver
 * @param {number} depth
 * @param {LayoutRun} run
 * @returns {LayoutNode}
 */
function place(component, indexPath, resolver, depth, run) {
  // Fit-to-content containers have no height of their own: their children's `%` keys refer to the
  // enclosing container's visible height.
  const inheritedHeight = resolver.visibleHeight;
  const childrenInsideForm = resolver.insideForm || component.type === "form";
  const children = childrenOf(component);
  /** @type {ContainerResult | undefined} */
  let laidOut;
  const placed = resolver.place(component, indexPath, run, (width) => {
    const result = layoutChildren(children, indexPath, width, inheritedHeight, childrenInsideForm, depth + 1, run);
    laidOut = result;
    return result.contentHeight;
  });
  const frame = placed.frame;
  /** @type {LayoutNode} */
  const node = { indexPath, type: String(component.type), placement: "flow", frame };
  const id = stringOf(component, "id");
  if (id !== undefined) node.id = id;
  const box = isBox(component);
  const contentWidth = box ? run.rounded(boxContentWidth(frame.width)) : frame.width;

  /**
   * The children, laid out now if the height did not need them.
   * @param {number} visibleHeight
   * @returns {ContainerResult}
   */
  const content = (visibleHeight) =>
    laidOut ?? layoutChildren(children, indexPath, contentWidth, visibleHeight, childrenInsideForm, depth + 1, run);

  /** @type {LayoutPart[]} */
  let parts = [];
  switch (component.type) {
    case "form": {
      const result = content(inheritedHeight);
      const title = formTitleRowHeight(component);
      const footer = formFooterHeight(component);
      const visible = placed.heightFromSize ? run.rounded(Math.max(0, frame.height - title - footer)) : result.contentHeight;
      node.content = {
        frame: { x: 0, y: title, width: frame.width, height: visible },
        height: result.contentHeight,
        visibleHeight: inheritedHeight,
      };
      if (title > 0) parts.push({ kind: "titleRow", frame: { x: 0, y: 0, width: frame.width, height: title } });
      if (footer > 0) {
        parts.push({ kind: "footer", frame: { x: 0, y: run.rounded(frame.height - footer), width: frame.width, height: footer } });
      }
      node.children = result.nodes;
      break;
    }
    case "section": {
      if (!box) break;
      const result = content(inheritedHeight);
      const top = boxContentTop(component);
      const visible = placed.heightFromSize
        ? run.rounded(Math.max(0, frame.height - top - LayoutMetrics.boxInset))
        : result.contentHeight;
      node.content = {
        frame: { x: LayoutMetrics.boxInset, y: top, width: contentWidth, height: visible },
        height: result.contentHeight,
        visibleHeight: inheritedHeight,
      };
      const caption = boxTitleHeight(component);
      if (caption > 0) parts.push({ kind: "titleRow", frame: { x: 0, y: 0, width: frame.width, height: caption } });
      node.children = result.nodes;
      break;
    }
    case "scrollview": {
      const visibleHeight = placed.heightFromSize ? frame.height : inheritedHeight;
      let contentHeight;
      if (componentsOf(component) !== undefined) {
        const result = content(visibleHeight);
        contentHeight = result.contentHeight;
        node.children = result.nodes;
      } else {
        contentHeight = placed.heightFromSize
          ? run.rounded(run.measure(stringOf(component, "text") ?? "", run.defaultFont, frame.width))
          : frame.height;
      }
      node.content = { frame: { x: 0, y: 0, width: frame.width, height: frame.height }, height: contentHeight, visibleHeight };
      break;
    }
    case "radio":
      parts = radioParts(component, frame.width);
      break;
    case "table":
      parts = tableColumnParts(component, frame.width, frame.height, indexPath, run);
      break;
    case "textbox":
    case "password":
    case "date":
    case "select":
      parts = fieldParts(stringOf(component, "title"), frame, resolver, run);
      break;
    default:
      break;
  }
  if (parts.length > 0) node.parts = parts;
  if (node.children !== undefined && node.children.length === 0) delete node.children;
  return node;
}

/**
 * A radio group: the title row (22) and one 44 pt row per option, sorted by key.
 * @param {Component} radio
 * @param {number} width
 * @returns {LayoutPart[]}
 */
function radioParts(radio, width) {
  /** @type {LayoutPart[]} */
  const parts = [];
  const title = radioTitleHeight(radio);
  if (title > 0) parts.push({ kind: "title", frame: { x: 0, y: 0, width, height: title } });
  optionKeys(radio).forEach((key, index) => {
    const top = title + index * LayoutMetrics.optionHeight;
    parts.push({ kind: "option", index, key, frame: { x: 0, y: top, width, height: LayoutMetrics.optionHeight } });
  });
  return parts;
}

/**
 * A field inside a form with a title: the title row (22) above the control.
 * @param {string | undefined} title
 * @param {LayoutRect} frame
 * @param {FrameResolver} resolver
 * @param {LayoutRun} run
 * @returns {LayoutPart[]}
 */
function fieldParts(title, frame, resolver, run) {
  if (!resolver.showsFieldTitle(title)) return [];
  const titleHeight = LayoutMetrics.fieldTitleHeight;
  return [
    { kind: "title", frame: { x: 0, y: 0, width: frame.width, height: titleHeight } },
    { kind: "field", frame: { x: 0, y: titleHeight, width: frame.width, height: run.rounded(Math.max(0, frame.height - titleHeight)) } },
  ];
}
