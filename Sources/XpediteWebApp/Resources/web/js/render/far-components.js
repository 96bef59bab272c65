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
  }
  return vnode;
}

/** Tags whose children are their value: a far component that is one keeps them. */
const VALUE_CHILDREN = new Set(["select", "textarea", "option"]);

/**
 * @param {VNode} node
 */
const isFar = (node) => (node.attrs.class ?? "").split(" ").includes("x-far") && !VALUE_CHILDREN.has(node.tag);

/**
 * Takes the children out of the far components of a screen's description (those `markFar`
 * marked), in document order, leaving their boxes empty; returns them, one list per far component.
 * @param {VNode} tree
 * @returns {(VNode|string)[][]}
 */
export function takeFarChildren(tree) {
  /** @type {(VNode|string)[][]} */
  const taken = [];
  /** @param {VNode} node */
  const visit = (node) => {
    for (const child of node.children) {
      if (typeof child === "string") continue;
      if (isFar(child)) {
        taken.push(child.children);
        child.children = [];
      } else visit(child);
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
 * @property {(document: Document, tree: VNode) => Node} build The element of a new screen's
 *   description; where the browser skips far components, without what is inside them, which is
 *   built when the browser is next idle (or by `flush`).
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
  /** @type {{box: Element, children: (VNode|string)[]}[]} */
  let pending = [];
  const flush = () => {
    const list = pending;
    pending = [];
    for (const { box, children } of list) {
      for (const child of children) box.appendChild(createNode(box.ownerDocument, child));
    }
  };
  const whenIdle = (/** @type {() => void} */ callback) => {
    if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(callback, { timeout: 100 });
    else window.setTimeout(callback, 50);
  };
  return {
    skip,
    flush,
    cancel() {
      pending = [];
    },
    build(document, tree) {
      pending = [];
      if (!skip) return createNode(document, tree);
      const taken = takeFarChildren(tree);
      const node = createNode(document, tree);
      const boxes = node instanceof window.Element ? Array.from(node.querySelectorAll(".x-far")) : [];
      if (boxes.length !== taken.length) {
        // Not the boxes the description had (never expected): everything is built now.
        boxes.forEach((box, index) => {
          for (const child of taken[index] ?? []) box.appendChild(createNode(document, child));
        });
        return node;
      }
      pending = boxes.map((box, index) => ({ box, children: taken[index] }));
      if (pending.length > 0) whenIdle(flush);
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
      if (pending.some((entry) => entry.box === target)) flush();
      shown.add(target);
      return target;
    },
  };
}
