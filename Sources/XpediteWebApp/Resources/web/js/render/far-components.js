// Components far from the visible part of the screen (`x-far`, screen-renderer.js) are skipped by
// the browser until they come near (content-visibility: auto, decision 0550): while skipped, their
// computed style and geometry are not read (each read would make the browser style and lay out that
// component on its own). The browser says when one is drawn (`contentvisibilityautostatechange`);
// the view then makes its text readable and asks its table for more rows if it needs them.

// A new screen is put in the page without what is inside its far components: the browser would skip
// it anyway, and building it is most of a long screen's drawing. It is built when the browser is
// idle after that frame (or at once when the view needs it first), decision 0581.

import { createNode } from "./vnode.js";

/** @typedef {import("./vnode.js").VNode} VNode */
/** @typedef {import("./types.js").LayoutNode} LayoutNode */

/**
 * Marks a component of the screen's content `x-far` when it lies more than a screen's height
 * away from the visible part (`top` … `top + height` of the content): the page's style draws it
 * with `content-visibility: auto` (screen.css), so that the browser skips its style, layout and
 * paint until it comes near (decision 0550). What is visible or near is drawn as before.
 * @param {VNode|null} vnode
 * @param {LayoutNode} node
 * @param {number} height the visible height of the content
 * @param {number} top the content's scroll offset
 * @returns {VNode|null}
 */
export function markFar(vnode, node, height, top) {
  if (vnode && (node.frame.y >= top + 2 * height || node.frame.y + node.frame.height <= top - height)) {
    vnode.attrs.class = `${vnode.attrs.class ?? ""} x-far`.trim();
    // Farther than the browser draws ahead (Chromium: about one and a half viewports beyond the
    // visible part), with a screen to spare: what is inside it can wait for an idle moment.
    if (node.frame.y >= top + 4 * height || node.frame.y + node.frame.height <= top - 3 * height) later.add(vnode);
  }
  return vnode;
}

/** Far components whose content a new screen builds later (takeFarChildren). */
const later = new WeakSet();

/** Tags whose children are their value: a far component that is one keeps them. */
const VALUE_CHILDREN = new Set(["select", "textarea", "option"]);

/**
 * @typedef {object} TakenChildren
 * @property {VNode} node A far component's box, left empty.
 * @property {(VNode|string)[]} children What was inside it.
 */

/**
 * Takes the children out of the far components of a screen's description that `markFar` found
 * far enough to wait, in document order, leaving their boxes empty. The component that holds the
 * field with the screen's initial focus (`focus`, an index path) keeps what is inside it.
 * @param {VNode} tree
 * @param {unknown} [focus]
 * @returns {TakenChildren[]}
 */
export function takeFarChildren(tree, focus) {
  /** @param {string} path */
  const holdsFocus = (path) => typeof focus === "string" && (focus === path || focus.startsWith(`${path}.`));
  /** @type {TakenChildren[]} */
  const taken = [];
  /** @param {VNode} node */
  const visit = (node) => {
    for (const child of node.children) {
      if (typeof child === "string") continue;
      const path = child.attrs["data-path"];
      if (later.has(child) && !VALUE_CHILDREN.has(child.tag) && path !== undefined && !holdsFocus(path)) {
        taken.push({ node: child, children: child.children });
        child.children = [];
      } else if (!later.has(child)) visit(child);
    }
  };
  visit(tree);
  return taken;
}

/**
 * @typedef {object} FarComponents
 * @property {((element: Element) => boolean)|undefined} skip Whether an element is a far component
 *   the browser skips now (for makeTextReadable's `skip`); `undefined` where the browser cannot say
 *   when it draws one, so that every element is looked at after every drawing, as before.
 * @property {(element: Element) => boolean} insideSkipped Whether an element is inside a skipped
 *   far component of `root`.
 * @property {(event: Event & {skipped?: boolean}) => Element|null} shownBy The far component an
 *   event of `contentvisibilityautostatechange` says is now drawn (remembered as shown), or `null`
 *   (another element, or one the browser skips again, which is forgotten). What is inside it is
 *   built first if it is not yet.
 * @property {(document: Document, tree: VNode, focus?: unknown) => Node} build The element of a new
 *   screen's description; where the browser skips far components, without what is inside the
 *   farthest (but the one with the initial `focus`), which is built when the browser is next idle
 *   (or by `flush`).
 * @property {() => void} flush Builds at once what is inside far components and is not built yet.
 * @property {() => void} cancel Forgets what is not built yet (the screen is gone).
 */

/**
 * Tracks the far components of the screen drawn in `root`.
 * @param {HTMLElement} root
 * @param {Window & typeof globalThis} window
 * @returns {FarComponents}
 */
export function trackFarComponents(root, window) {
  // Only where the browser both skips (content-visibility) and says when it draws (the event's
  // interface).
  const skipsFar =
    window.CSS?.supports?.("content-visibility", "auto") === true &&
    typeof (/** @type {any} */ (window).ContentVisibilityAutoStateChangeEvent) === "function";
  /** @type {WeakSet<Element>} */
  const shown = new WeakSet();
  /** @type {((element: Element) => boolean)|undefined} */
  const skip = skipsFar ? (element) => element.classList.contains("x-far") && !shown.has(element) : undefined;
  /** @type {Map<Element, (VNode|string)[]>} */
  let pending = new Map();
  /** @param {Element} box */
  const fill = (box) => {
    const children = pending.get(box) ?? [];
    pending.delete(box);
    for (const child of children) box.appendChild(createNode(box.ownerDocument, child));
  };
  const flush = () => {
    for (const box of Array.from(pending.keys())) fill(box);
  };
  const whenIdle = (/** @type {() => void} */ callback) => {
    if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(callback, { timeout: 100 });
    else window.setTimeout(callback, 50);
  };
  return {
    skip,
    flush,
    cancel() {
      pending = new Map();
    },
    build(document, tree, focus) {
      pending = new Map();
      if (!skip) return createNode(document, tree);
      const taken = takeFarChildren(tree, focus);
      const node = createNode(document, tree);
      const byPath = new Map(taken.map((entry) => [entry.node.attrs["data-path"], entry.children]));
      const boxes = node instanceof window.Element ? Array.from(node.querySelectorAll(".x-far[data-path]")) : [];
      const found = boxes.filter((box) => byPath.has(box.getAttribute("data-path") ?? ""));
      if (found.length !== taken.length) {
        // Not the boxes the description had (never expected): everything is built now.
        for (const entry of taken) entry.node.children = entry.children;
        return createNode(document, tree);
      }
      pending = new Map(found.map((box) => [box, byPath.get(box.getAttribute("data-path") ?? "") ?? []]));
      if (pending.size > 0) whenIdle(flush);
      return node;
    },
    insideSkipped(element) {
      if (!skip) return false;
      const far = element.closest(".x-far");
      return far !== null && root.contains(far) && skip(far);
    },
    shownBy(event) {
      const target = event.target instanceof window.Element ? /** @type {Element} */ (event.target) : null;
      if (!skipsFar || !target || !target.classList.contains("x-far") || !root.contains(target)) return null;
      if (event.skipped) {
        shown.delete(target);
        return null;
      }
      // The browser draws it before the idle time came: what is inside it is built now.
      if (pending.has(target)) fill(target);
      shown.add(target);
      return target;
    },
  };
}
