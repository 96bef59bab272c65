// Components far from the visible part of the screen (`x-far`, screen-renderer.js) are skipped by
// the browser until they come near (content-visibility: auto, decision 0550): while skipped, their
// computed style and geometry are not read (each read would make the browser style and lay out that
// component on its own). The browser says when one is drawn (`contentvisibilityautostatechange`);
// the view then makes its text readable and asks its table for more rows if it needs them.

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

/**
 * @typedef {object} FarComponents
 * @property {((element: Element) => boolean)|undefined} skip Whether an element is a far component
 *   the browser skips now (for makeTextReadable's `skip`); `undefined` where the browser cannot say
 *   when it draws one, so that every element is looked at after every drawing, as before.
 * @property {(element: Element) => boolean} insideSkipped Whether an element is inside a skipped
 *   far component of `root`.
 * @property {(event: Event & {skipped?: boolean}) => Element|null} shownBy The far component an
 *   event of `contentvisibilityautostatechange` says is now drawn (remembered as shown), or `null`
 *   (another element, or one the browser skips again, which is forgotten).
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
  return {
    skip,
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
      shown.add(target);
      return target;
    },
  };
}
