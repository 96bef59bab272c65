// Patches the page's DOM to a new description in place (the port of simulator.js's patch):
// elements that stay keep their identity, so the field being typed into keeps its focus, caret,
// the characters typed since its value last went to the engine, and an input method's
// composition, which a replaced element would cut off. Elements match when they are the same tag
// with the same identity (id, data-path, type); a password shown with its eye is a text input for
// the moment, still the same field.

import { createNode, selectChosen, textOf } from "./vnode.js";
import { WEB_FRAME } from "./web-frame.js";

/** @typedef {import("./vnode.js").VNode} VNode */

/**
 * @typedef {object} PatchOptions
 * @property {(element: Element) => boolean} isProtected Whether `element` is the field being
 *   typed into, whose value stays as it is.
 */

/**
 * @param {string|null} x
 * @param {string|null} y
 */
function sameType(x, y) {
  return x === y || ((x === "password" || x === "text") && (y === "password" || y === "text"));
}

/**
 * @param {Node} old
 * @param {VNode|string} fresh
 */
function sameNode(old, fresh) {
  if (typeof fresh === "string") return old.nodeType === Node.TEXT_NODE;
  if (old.nodeType !== Node.ELEMENT_NODE) return false;
  const element = /** @type {Element} */ (old);
  return (
    element.tagName.toLowerCase() === fresh.tag &&
    element.id === (fresh.attrs.id ?? "") &&
    element.getAttribute("data-path") === (fresh.attrs["data-path"] ?? null) &&
    sameType(element.getAttribute("type"), fresh.attrs.type ?? null)
  );
}

/**
 * @param {Element} old
 * @param {VNode} fresh
 * @param {PatchOptions} options
 */
function patchAttributes(old, fresh, options) {
  const protect = options.isProtected(old);
  for (let i = old.attributes.length - 1; i >= 0; i--) {
    const name = old.attributes[i].name;
    if (!(name in fresh.attrs)) old.removeAttribute(name);
  }
  for (const name of Object.keys(fresh.attrs)) {
    if (protect && name === "value") continue;
    // A password the eye shows stays shown.
    if (name === "type" && sameType(old.getAttribute("type"), fresh.attrs.type) && old.getAttribute("type") !== fresh.attrs.type) continue;
    if (old.getAttribute(name) !== fresh.attrs[name]) old.setAttribute(name, fresh.attrs[name]);
  }
  // The live state follows the engine's, except in the field being typed into.
  if (old instanceof HTMLInputElement) {
    if (old.type === "checkbox" || old.type === "radio") {
      if (old.checked !== "checked" in fresh.attrs) old.checked = "checked" in fresh.attrs;
    } else if (!protect) {
      const value = fresh.attrs.value ?? "";
      if (old.value !== value) old.value = value;
    }
  } else if (old instanceof HTMLOptionElement) {
    if (old.selected !== "selected" in fresh.attrs) old.selected = "selected" in fresh.attrs;
  }
}

/**
 * @param {Node} old
 * @param {VNode|string} fresh
 * @param {PatchOptions} options
 */
function patchNode(old, fresh, options) {
  if (typeof fresh === "string") {
    if (old.nodeValue !== fresh) old.nodeValue = fresh;
    return;
  }
  const element = /** @type {HTMLElement} */ (old);
  // The page's own marks of an image that loaded (or failed) stay while the image does: an image
  // kept across the patch does not load a second time to set them again.
  const keep = [];
  if (element.tagName === "IMG" && element.classList.contains("x-broken") && element.getAttribute("src") === fresh.attrs.src) {
    keep.push("x-broken");
  }
  if (element.classList.contains("x-loaded")) {
    const image = element.querySelector(":scope > img");
    const freshImage = fresh.children.find((child) => typeof child !== "string" && child.tag === "img");
    if (image && freshImage && typeof freshImage !== "string" && image.getAttribute("src") === freshImage.attrs.src) {
      keep.push("x-loaded");
    }
  }
  patchAttributes(element, fresh, options);
  for (const name of keep) element.classList.add(name);
  // A web frame's children are its own (web-frame.js).
  if (element.localName === WEB_FRAME) return;
  if (element instanceof HTMLTextAreaElement) {
    const text = textOf(fresh);
    if (!options.isProtected(element) && element.value !== text) {
      element.textContent = text;
      element.value = text;
    }
    return;
  }
  patchChildren(element, fresh.children, options);
  // A select's choice follows its options once they are all in place.
  if (element instanceof HTMLSelectElement && !options.isProtected(element)) selectChosen(element, fresh);
}

/**
 * Makes the children of `parent` those of `fresh`, keeping every element that matches.
 * @param {Element} parent
 * @param {(VNode|string)[]} fresh
 * @param {PatchOptions} options
 */
export function patchChildren(parent, fresh, options) {
  const document = parent.ownerDocument;
  let current = parent.firstChild;
  for (const next of fresh) {
    if (current && sameNode(current, next)) {
      patchNode(current, next, options);
      current = current.nextSibling;
      continue;
    }
    // A matching element further on (one was removed before it) is kept, with the rest.
    let match = current ? current.nextSibling : null;
    while (match && !sameNode(match, next)) match = match.nextSibling;
    if (
      match &&
      typeof next !== "string" &&
      match.nodeType === Node.ELEMENT_NODE &&
      (/** @type {Element} */ (match).id || /** @type {Element} */ (match).hasAttribute("data-path"))
    ) {
      while (current && current !== match) {
        const gone = current;
        current = current.nextSibling;
        parent.removeChild(gone);
      }
      patchNode(match, next, options);
      current = match.nextSibling;
    } else {
      parent.insertBefore(createNode(document, next), current);
    }
  }
  while (current) {
    const gone = current;
    current = current.nextSibling;
    parent.removeChild(gone);
  }
}
