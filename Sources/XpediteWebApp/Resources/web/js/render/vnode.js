// A description of the screen's DOM, built by the renderer and turned into elements by patch.js.
// Text is always a text node and every attribute is set with setAttribute: no markup is ever
// parsed, so a payload's text is never HTML.

/**
 * @typedef {object} VNode
 * @property {string} tag
 * @property {Record<string, string>} attrs Attributes with a value (null ones are left out).
 * @property {(VNode|string)[]} children Elements and texts.
 */

/**
 * An element. Attributes whose value is `null` or `undefined` are left out; an empty string is a
 * boolean attribute (`checked=""`). `children` is a text or a list of elements and texts.
 * @param {string} tag
 * @param {Record<string, string|null|undefined>} [attributes]
 * @param {(VNode|string|null|undefined|false)[]|string} [children]
 * @returns {VNode}
 */
export function h(tag, attributes = {}, children = []) {
  /** @type {Record<string, string>} */
  const attrs = {};
  for (const name of Object.keys(attributes)) {
    const value = attributes[name];
    if (value !== null && value !== undefined) attrs[name] = String(value);
  }
  /** @type {(VNode|string)[]} */
  const kids = [];
  if (typeof children === "string") {
    if (children !== "") kids.push(children);
  } else {
    for (const child of children) {
      if (child === null || child === undefined || child === false) continue;
      if (typeof child === "string" && child === "") continue;
      // A fragment (several siblings where one node is expected) is flattened.
      if (typeof child !== "string" && child.tag === "#fragment") kids.push(...child.children);
      else kids.push(child);
    }
  }
  return { tag, attrs, children: kids };
}

/**
 * The element (or text node) of `node`, made with createElement and setAttribute only.
 * @param {Document} document
 * @param {VNode|string} node
 * @returns {Node}
 */
export function createNode(document, node) {
  if (typeof node === "string") return document.createTextNode(node);
  if (node.tag === "select" && document.defaultView) return createSelect(document, node);
  return createElement(document, node);
}

/** @type {WeakMap<Document, Document>} */
const inertDocuments = new WeakMap();

/**
 * A select and its options, built in a document of its own that no window shows, then adopted by
 * `document`. Built in the page, each option put into a select changes the select's choice; in
 * Chromium, right after a tap (while the page has the person's activation), that makes its
 * autofill read every form control of the page in a task after the frame, which styles and lays
 * out each skipped far component on its own (decision 0580). Adopted, the select keeps its options
 * and its choice, and no choice has changed in the page.
 * @param {Document} document
 * @param {VNode} node
 * @returns {Node}
 */
function createSelect(document, node) {
  let inert = inertDocuments.get(document);
  if (!inert) {
    inert = document.implementation.createHTMLDocument("");
    inertDocuments.set(document, inert);
  }
  return document.adoptNode(createElement(inert, node));
}

/**
 * @param {Document} document
 * @param {VNode} node
 * @returns {Node}
 */
function createElement(document, node) {
  const element = document.createElement(node.tag);
  for (const name of Object.keys(node.attrs)) element.setAttribute(name, node.attrs[name]);
  if (node.tag === "textarea") {
    // A text area's text is its value.
    element.textContent = textOf(node);
    return element;
  }
  for (const child of node.children) element.appendChild(createNode(document, child));
  if (node.tag === "select") selectChosen(/** @type {HTMLSelectElement} */ (element), node);
  return element;
}

/**
 * The text of a node's text children, joined.
 * @param {VNode} node
 * @returns {string}
 */
export function textOf(node) {
  return node.children.map((child) => (typeof child === "string" ? child : textOf(child))).join("");
}

/**
 * A single select shows the option marked `selected` (the first when none is).
 * @param {HTMLSelectElement} element
 * @param {VNode} node
 */
export function selectChosen(element, node) {
  if (element.multiple) return;
  const options = node.children.filter((child) => typeof child !== "string" && child.tag === "option");
  const index = Math.max(0, options.findIndex((child) => typeof child !== "string" && "selected" in child.attrs));
  if (element.selectedIndex !== index && options.length > 0) element.selectedIndex = index;
}
