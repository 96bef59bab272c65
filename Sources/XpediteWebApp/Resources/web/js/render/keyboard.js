// The keyboard beyond what the browser does (docs/accessibility.md#what-the-renderer-guarantees),
// for the screen view (screen-view.js).

import { focusables, openModal } from "./focus.js";

/**
 * Handles a navigation key in the screen drawn in `root`: Enter or Space on a row taps it;
 * Escape closes an open menu, dismisses an alert or cancels a dialog form; Tab stays inside an
 * open alert or dialog.
 * @param {HTMLElement} root
 * @param {KeyboardEvent} event
 * @param {(menu: Element, open: boolean) => void} setOpen Opens or closes a menu.
 * @returns {boolean} Whether the key was taken.
 */
export function handleNavigationKey(root, event, setOpen) {
  const document = root.ownerDocument;
  const target = event.target instanceof Element ? event.target : null;
  if (event.key === "Escape") {
    const menu = root.querySelector(".x-panel.x-open, .x-dropdown.x-open");
    if (menu) {
      setOpen(menu, false);
      const toggle = /** @type {HTMLElement|null} */ (root.querySelector(`[data-toggle="${CSS.escape(menu.id)}"]`));
      toggle?.focus({ preventScroll: true });
      return true;
    }
    const modal = openModal(root);
    const close = /** @type {HTMLElement|null} */ (modal?.querySelector('[data-action="dismiss"], .x-form-cancel') ?? null);
    if (close) {
      close.click();
      return true;
    }
    return false;
  }
  if (event.key === "Tab") {
    const modal = openModal(root);
    if (!modal) return false;
    const list = focusables(modal);
    if (list.length === 0) return true;
    const index = list.indexOf(/** @type {HTMLElement} */ (document.activeElement));
    const next = event.shiftKey ? (index <= 0 ? list.length - 1 : index - 1) : index === -1 || index === list.length - 1 ? 0 : index + 1;
    list[next].focus();
    return true;
  }
  if ((event.key === "Enter" || event.key === " ") && target?.getAttribute("role") === "row" && target.hasAttribute("data-action")) {
    /** @type {HTMLElement} */ (target).click();
    return true;
  }
  return false;
}
