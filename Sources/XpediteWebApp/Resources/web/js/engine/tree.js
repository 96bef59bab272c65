// Walks a screen's components (canonical new-dialect JSON) with the index paths the layout
// engine gives them, as XpediteClient's ComponentTree does.

/** @typedef {Record<string, any>} Component */

const FIELD_TYPES = new Set(["textbox", "password", "textview", "checkbox", "date", "select", "radio"]);
const CONTAINER_TYPES = new Set(["form", "section", "scrollview", "navigation"]);

/**
 * The nested components of a container (form, section, scrollview, navigation).
 * @param {Component} component
 * @returns {Component[]}
 */
export function childrenOf(component) {
  if (!CONTAINER_TYPES.has(component.type)) return [];
  return Array.isArray(component.components) ? component.components : [];
}

/**
 * The `name` of an input, or `undefined` for any other component.
 * @param {Component} component
 * @returns {string | undefined}
 */
export function fieldName(component) {
  return FIELD_TYPES.has(component.type) && typeof component.name === "string" ? component.name : undefined;
}

/**
 * Whether a component is an input that can take focus.
 * @param {Component} component
 */
export function isFocusable(component) {
  return FIELD_TYPES.has(component.type);
}

/**
 * `[2, 0]` → `"2.0"`.
 * @param {number[]} path
 */
export function pathKey(path) {
  return path.join(".");
}

/**
 * `"2.0"` → `[2, 0]`; `undefined` when the text is no index path.
 * @param {unknown} text
 * @returns {number[] | undefined}
 */
export function parsePath(text) {
  if (typeof text !== "string" || text === "") return undefined;
  const parts = text.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : -1));
  return parts.every((part) => part >= 0) ? parts : undefined;
}

/**
 * Calls `body` for every component, depth first in document order, with its index path and the
 * index path of the form holding it (if any). A navigation's entries are not visited.
 * @param {Component[]} components
 * @param {(component: Component, path: number[], form: number[] | undefined) => void} body
 */
export function forEachComponent(components, body) {
  /**
   * @param {Component[]} level
   * @param {number[]} prefix
   * @param {number[] | undefined} form
   */
  const walk = (level, prefix, form) => {
    level.forEach((component, index) => {
      if (!component || typeof component !== "object") return;
      const path = [...prefix, index];
      body(component, path, form);
      if (component.type === "navigation") return;
      const children = childrenOf(component);
      if (children.length > 0) walk(children, path, component.type === "form" ? path : form);
    });
  };
  walk(components ?? [], [], undefined);
}

/**
 * The component at `path`.
 * @param {Component[] | undefined} components
 * @param {number[]} path
 * @returns {Component | undefined}
 */
export function componentAt(components, path) {
  let level = components ?? [];
  /** @type {Component | undefined} */
  let found;
  for (const index of path) {
    if (!Number.isInteger(index) || index < 0 || index >= level.length) return undefined;
    found = level[index];
    level = found ? childrenOf(found) : [];
  }
  return found;
}

/**
 * Whether a navigation is a stub: `type` and `id` only (docs/protocol/menus.md#a-menu-cached-by-id).
 * @param {Component} navigation
 */
export function isNavigationStub(navigation) {
  if (typeof navigation.id !== "string") return false;
  return Object.keys(navigation).every((key) => key === "type" || key === "id");
}
