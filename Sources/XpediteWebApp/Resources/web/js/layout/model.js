// Reading a canonical (normalised) packet the way XpediteProtocol's model types do: a key counts
// only when its value has the right kind, as `ObjectReader.string(_:)`, `number(_:)` … read it.

/** @typedef {import("../protocol/json-types").JSONValue} JSONValue */
/** @typedef {import("../protocol/json-types").JSONObject} JSONObject */

/**
 * A component as the layout reads it: a canonical component object.
 * @typedef {JSONObject} Component
 */

/**
 * A size dict read as SizeSpec: only numeric members count; the old `centre-y` flag is `centrey` 0.
 * @typedef {object} SizeSpec
 * @property {number} [x]
 * @property {number} [y]
 * @property {number} [width]
 * @property {number} [height]
 * @property {number} [xPercent]
 * @property {number} [yPercent]
 * @property {number} [widthPercent]
 * @property {number} [heightPercent]
 * @property {number} [xAfter]
 * @property {number} [yBelow]
 * @property {number} [relativeHeightPercent]
 * @property {number} [centreX]
 * @property {number} [centreY]
 */

/** @type {ReadonlyArray<[string, keyof SizeSpec]>} */
const SIZE_KEYS = [
  ["x", "x"],
  ["y", "y"],
  ["width", "width"],
  ["height", "height"],
  ["x%", "xPercent"],
  ["y%", "yPercent"],
  ["width%", "widthPercent"],
  ["height%", "heightPercent"],
  ["x+", "xAfter"],
  ["y+", "yBelow"],
  ["relative-height%", "relativeHeightPercent"],
  ["centrex", "centreX"],
  ["centrey", "centreY"],
];

/** The component types of the protocol (Component.types). */
export const COMPONENT_TYPES = new Set([
  "label", "image", "button", "textbox", "password", "textview", "checkbox", "date", "select", "radio",
  "form", "section", "scrollview", "web", "table", "navigation", "menuEntry",
]);

/** @type {SizeSpec} */
const EMPTY_SIZE = Object.freeze({});

/**
 * The value of `key` when it is an object (not an array).
 * @param {JSONObject | undefined} object
 * @param {string} key
 * @returns {JSONObject | undefined}
 */
export function objectOf(object, key) {
  const value = object?.[key];
  return value !== null && typeof value === "object" && !Array.isArray(value) ? value : undefined;
}

/**
 * The value of `key` when it is a string.
 * @param {JSONObject | undefined} object
 * @param {string} key
 * @returns {string | undefined}
 */
export function stringOf(object, key) {
  const value = object?.[key];
  return typeof value === "string" ? value : undefined;
}

/**
 * The value of `key` when it is a number.
 * @param {JSONObject | undefined} object
 * @param {string} key
 * @returns {number | undefined}
 */
export function numberOf(object, key) {
  const value = object?.[key];
  return typeof value === "number" ? value : undefined;
}

/**
 * The value of `key` when it is an array.
 * @param {JSONObject | undefined} object
 * @param {string} key
 * @returns {JSONValue[] | undefined}
 */
export function arrayOf(object, key) {
  const value = object?.[key];
  return Array.isArray(value) ? value : undefined;
}

/**
 * The component objects of `key` (elements that are not objects are skipped), or undefined.
 * @param {JSONObject | undefined} object
 * @param {string} [key]
 * @returns {Component[] | undefined}
 */
export function componentsOf(object, key = "components") {
  const elements = arrayOf(object, key);
  if (!elements) return undefined;
  /** @type {Component[]} */
  const components = [];
  for (const element of elements) {
    if (element !== null && typeof element === "object" && !Array.isArray(element)
      && typeof element.type === "string" && COMPONENT_TYPES.has(element.type)) {
      components.push(element);
    }
  }
  return components;
}

/**
 * The size dict of a component, read as SizeSpec.
 * @param {Component} component
 * @returns {SizeSpec}
 */
export function sizeOf(component) {
  const size = objectOf(component, "size");
  if (!size) return EMPTY_SIZE;
  /** @type {SizeSpec} */
  const spec = {};
  for (const [key, property] of SIZE_KEYS) {
    const value = size[key];
    if (typeof value === "number") spec[property] = value;
  }
  if (spec.centreY === undefined && typeof size["centre-y"] === "number") spec.centreY = 0;
  return spec;
}

/**
 * The children of a container: a form's, an old section box's, a scroll view's or a navigation's
 * `components` (Component.children).
 * @param {Component} component
 * @returns {Component[]}
 */
export function childrenOf(component) {
  switch (component.type) {
    case "form":
    case "section":
    case "scrollview":
    case "navigation":
      return componentsOf(component) ?? [];
    default:
      return [];
  }
}

/**
 * Whether a title is shown: present and not empty.
 * @param {string | undefined} title
 * @returns {boolean}
 */
export function shows(title) {
  return title !== undefined && title.length > 0;
}

/**
 * Whether a section is an old box (it has `components`).
 * @param {Component} component
 * @returns {boolean}
 */
export function isBox(component) {
  return component.type === "section" && arrayOf(component, "components") !== undefined;
}
