// The contrast rule applied to the drawn screen (docs/accessibility.md#colours): every element
// that draws text, whose colour (a server's `color`, or the renderer's own on a server's
// `background`) does not reach 4.5:1 on what it is drawn on, takes the colour that
// contrast.js's readableColour gives. The element keeps its original `style` attribute in
// `data-contrast`, so that a redraw or a change of appearance starts from the server's colours.
// A component the browser does not draw now (far from the visible part, decision 0550) can be left
// out, and looked at on its own when it is drawn.

import { composite, hexOf, MINIMUM_RATIO, parseColour, readableColour } from "./contrast.js";

/** @typedef {import("./contrast.js").RGBA} RGBA */

const WHITE = { r: 255, g: 255, b: 255, a: 1 };

/**
 * The opaque colour an element's text is drawn on: its own background colour composited on its
 * parent's (up to `root`; white beyond it). `cache` holds the answers of one pass, so that each
 * element's style is read once.
 * @param {Element} element
 * @param {Element} root
 * @param {Map<Element, RGBA>} cache
 * @returns {RGBA}
 */
function backgroundOf(element, root, cache) {
  const known = cache.get(element);
  if (known) return known;
  const window = /** @type {Window} */ (element.ownerDocument.defaultView);
  const own = parseColour(window.getComputedStyle(element).backgroundColor);
  let result;
  if (own && own.a >= 1) result = own;
  else {
    const below = element === root || !element.parentElement ? WHITE : backgroundOf(element.parentElement, root, cache);
    result = own && own.a > 0 ? composite(own, below) : below;
  }
  cache.set(element, result);
  return result;
}

/**
 * Whether an element draws text of its own (a non-blank text node child), or is a text control.
 * @param {Element} element
 */
function drawsText(element) {
  if (element.tagName === "INPUT" || element.tagName === "TEXTAREA" || element.tagName === "SELECT") return true;
  for (const child of Array.from(element.childNodes)) if (child.nodeType === 3 && (child.nodeValue ?? "").trim() !== "") return true;
  return false;
}

/**
 * @typedef {object} ReadableOptions
 * @property {Element} [scope] Only the text in this element (`root` or an element inside it, itself
 *   included) is checked; what it is drawn on is still looked for up to `root`. `root` by default.
 * @property {(element: Element) => boolean} [skip] Elements whose text is left as it is, with
 *   everything inside them: a component the browser does not draw now (content-visibility, a
 *   component far from the visible part of the screen), whose computed style would cost a style
 *   recalculation of its own. Its text is made readable when it is drawn (screen-view.js).
 */

/**
 * The elements of `scope` that the pass looks at (`scope` itself unless it is `root`), in
 * document order, without those that `skip` leaves out and what is inside them.
 * @param {Element} root
 * @param {Element} scope
 * @param {((element: Element) => boolean)|undefined} skip
 * @returns {Element[]}
 */
function elementsOf(root, scope, skip) {
  if (!skip) {
    const all = Array.from(scope.querySelectorAll("*"));
    return scope === root ? all : [scope, ...all];
  }
  if (scope !== root && skip(scope)) return [];
  /** @type {Element[]} */
  const result = scope === root ? [] : [scope];
  const document = root.ownerDocument;
  const walker = document.createTreeWalker(scope, 1, {
    acceptNode: (node) => (skip(/** @type {Element} */ (node)) ? 2 : 1),
  });
  for (let node = walker.nextNode(); node; node = walker.nextNode()) result.push(/** @type {Element} */ (node));
  return result;
}

/**
 * Makes every text inside `root` readable on its background; returns how many elements changed.
 * Elements changed by an earlier pass start again from their original style.
 * @param {Element} root
 * @param {number} [ratio]
 * @param {ReadableOptions} [options]
 * @returns {number}
 */
export function makeTextReadable(root, ratio = MINIMUM_RATIO, options = {}) {
  const elements = elementsOf(root, options.scope ?? root, options.skip);
  for (const element of elements) {
    const original = element.getAttribute("data-contrast");
    if (original === null) continue;
    if (original === "") element.removeAttribute("style");
    else element.setAttribute("style", original);
    element.removeAttribute("data-contrast");
  }
  const window = /** @type {Window} */ (root.ownerDocument.defaultView);
  /** @type {[HTMLElement, string][]} */
  const changes = [];
  /** @type {Map<Element, RGBA>} */
  const backgrounds = new Map();
  // Read everything first, then write: one layout, not one per element.
  for (const element of elements) {
    if (!("style" in element) || !drawsText(element)) continue;
    const style = window.getComputedStyle(element);
    if (style.visibility === "hidden" || style.display === "none") continue;
    const text = parseColour(style.color);
    if (!text) continue;
    const result = readableColour(text, backgroundOf(element, root, backgrounds), ratio);
    if (result.changed) changes.push([/** @type {HTMLElement} */ (element), hexOf(result.colour)]);
  }
  for (const [element, colour] of changes) {
    element.setAttribute("data-contrast", element.getAttribute("style") ?? "");
    element.style.setProperty("color", colour);
  }
  return changes.length;
}
