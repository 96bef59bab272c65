// Building the console's elements. Text always goes in as text nodes, never as HTML: a label of
// `<img src=x onerror=…>` in a payload stays those characters on the page.

/**
 * A child of ``h``: an element, a text (made a text node), or nothing.
 * @typedef {Node | string | number | null | undefined | false} Child
 */

/**
 * A new element with attributes and children. Attributes are set with setAttribute (or as a
 * property for `hidden`, `disabled`, `checked` and `value`); children that are strings become
 * text nodes.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string | number | boolean | null | undefined>} [attributes]
 * @param {...(Child | Child[])} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "hidden" || name === "disabled" || name === "checked") {
      /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (element))[name] = Boolean(value);
    } else if (name === "value") {
      /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (element)).value = String(value);
    } else {
      element.setAttribute(name, value === true ? "" : String(value));
    }
  }
  append(element, children);
  return element;
}

/**
 * Appends children (texts become text nodes; nested arrays are flattened; nothing is skipped).
 * @param {Node} parent
 * @param {(Child | Child[])[]} children
 */
export function append(parent, children) {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === "string" || typeof child === "number" ? document.createTextNode(String(child)) : child);
  }
}

/**
 * Replaces everything in `parent` with `children`.
 * @param {Node} parent
 * @param {...(Child | Child[])} children
 */
export function replace(parent, ...children) {
  while (parent.firstChild) parent.removeChild(parent.firstChild);
  append(parent, children);
}

/**
 * A date-time as the operator's locale writes it, or the text itself when it is not one.
 * @param {string | null | undefined} text an RFC 3339 date-time
 * @returns {string}
 */
export function dateTimeText(text) {
  if (!text) return "";
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? text : date.toLocaleString();
}
