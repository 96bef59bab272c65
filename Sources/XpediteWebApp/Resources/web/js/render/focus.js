// Where the focus goes in the drawn screen: the open modal, the elements that take the focus
// with Tab, and the same place in a redrawn screen (screen-view.js keeps the focus with these).

/**
 * The open modal (an alert, else a dialog form) of the drawn screen in `root`, or null.
 * @param {HTMLElement} root
 */
export function openModal(root) {
  return /** @type {HTMLElement|null} */ (root.querySelector(".x-alert") ?? root.querySelector(".x-dialog"));
}

/**
 * The elements inside `container` that take the focus with Tab, in order.
 * @param {Element} container
 * @returns {HTMLElement[]}
 */
export function focusables(container) {
  const selector = 'button, input, select, textarea, iframe, [tabindex]:not([tabindex="-1"])';
  return /** @type {HTMLElement[]} */ (Array.from(container.querySelectorAll(selector))).filter(
    (element) => !element.hasAttribute("disabled") && element.getClientRects().length > 0 && getComputedStyle(element).visibility !== "hidden",
  );
}

/**
 * A selector of the element in the same place as `element` in a redrawn screen.
 * @param {HTMLElement} element
 */
export function samePlace(element) {
  const parts = [element.tagName.toLowerCase()];
  for (const name of ["data-path", "data-action", "data-row", "data-entry", "data-toggle"]) {
    const value = element.getAttribute(name);
    if (value !== null) parts.push(`[${name}="${CSS.escape(value)}"]`);
  }
  return parts.join("");
}

/**
 * The field of the drawn screen that takes the focus when it comes (the protocol's `focus`,
 * docs/protocol/components/inputs.md#textbox), or null.
 * @param {HTMLElement} root
 */
export function initialFocus(root) {
  return /** @type {HTMLElement|null} */ (root.querySelector('[data-focus] [data-action="set"]'));
}
