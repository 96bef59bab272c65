// The contrast rule applied to the drawn screen (docs/accessibility.md#colours): every element
// that draws text, whose colour (a server's `color`, or the renderer's own on a server's
// `background`) does not reach 4.5:1 on what it is drawn on, takes the colour that
// contrast.js's readableColour gives. The element keeps its original `style` attribute in
// `data-contrast`, so that a redraw or a change of appearance starts from the server's colours.

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
 * Makes every text inside `root` readable on its background; returns how many elements changed.
 * Elements changed by an earlier pass start again from their original style.
 * @param {Element} root
 * @param {number} [ratio]
 * @returns {number}
 */
export function makeTextReadable(root, ratio = MINIMUM_RATIO) {
  for (const element of Array.from(root.querySelectorAll("[data-contrast]"))) {
    const original = element.getAttribute("data-contrast") ?? "";
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
  for (const element of Array.from(root.querySelectorAll("*"))) {
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
