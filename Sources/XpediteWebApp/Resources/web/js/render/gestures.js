// Drags on the screen view (screen-view.js), with a finger or a mouse: pull to refresh, swipe to
// close a panel, and an edge pan to open one.

/** @typedef {import("./types.js").Action} Action */

/**
 * Acts on a drag that ended: from `start` (page coordinates and the element pressed) to `event`.
 * @param {HTMLElement} root The drawn screen.
 * @param {{x: number, y: number, target: Element}} start
 * @param {PointerEvent} event
 * @param {number} factor How much the page scales the screen (drags are measured in its points).
 * @param {(action: Action) => void} send
 * @param {(menu: Element, open: boolean) => void} setOpen Opens or closes a menu.
 * @returns {boolean} Whether it was a drag (a pan, not a tap: the click that ends it goes nowhere).
 */
export function handleDragEnd(root, start, event, factor, send, setOpen) {
  // In the phone's points: a scaled phone's drags are shorter on the page.
  const dx = (event.clientX - start.x) / factor;
  const dy = (event.clientY - start.y) / factor;
  const dragged = Math.abs(dx) > 10 || Math.abs(dy) > 10;
  const panel = start.target.closest(".x-panel.x-open");
  if (panel && Math.abs(dx) > 50 && ((panel.classList.contains("x-left") && dx < 0) || (panel.classList.contains("x-right") && dx > 0))) {
    setOpen(panel, false);
  }
  // An edge pan opens the slide-in panel of that side
  // (docs/protocol/components/navigation.md#navigation): from within 20 points of the left edge
  // to the right, or of the right edge to the left.
  const edge = root.getBoundingClientRect();
  const fromLeft = (start.x - edge.left) / factor;
  const fromRight = (edge.right - start.x) / factor;
  if (!panel && Math.abs(dy) < 40 && ((fromLeft <= 20 && dx > 50) || (fromRight <= 20 && dx < -50))) {
    const closed = root.querySelector(`${fromLeft <= 20 ? ".x-panel.x-left" : ".x-panel.x-right"}:not(.x-open)`);
    if (closed) setOpen(closed, true);
  }
  const table = /** @type {HTMLElement|null} */ (start.target.closest("[data-refresh]"));
  if (table && table.scrollTop <= 0 && dy > 60 && Math.abs(dx) < 40) send({ action: "refresh", path: table.dataset.table });
  return dragged;
}
