// The screen's menus in the page: a slide-in panel with its shade, or a drop-down, opened and
// closed by the view (screen-view.js) without asking the engine.

/**
 * Opens or closes a menu (a slide-in panel with its shade, or a drop-down) inside `root`, and
 * keeps `openMenus` (the ids of the open menus, kept across redraws) up to date.
 * @param {HTMLElement} root
 * @param {Set<string>} openMenus
 * @param {Element} menu
 * @param {boolean} open
 */
export function setMenuOpen(root, openMenus, menu, open) {
  const document = root.ownerDocument;
  if (open) openMenus.add(menu.id);
  else openMenus.delete(menu.id);
  menu.classList.toggle("x-open", open);
  const shade = /** @type {HTMLElement|null} */ (root.querySelector(`[data-close="${CSS.escape(menu.id)}"]`));
  if (shade) shade.classList.toggle("x-open", open);
  // The old `shrink%`: the screen's content shrinks about its centre while the panel is out.
  const content = /** @type {HTMLElement|null} */ (root.querySelector(".x-content"));
  if (shade?.dataset.shrink && content) content.style.transform = open ? `scale(${Number(shade.dataset.shrink)})` : "";
  // Its bar button says whether it is open; the focus goes to its first entry, and back to the
  // bar button when it closes from inside.
  const toggle = /** @type {HTMLElement|null} */ (root.querySelector(`[data-toggle="${CSS.escape(menu.id)}"]`));
  toggle?.setAttribute("aria-expanded", open ? "true" : "false");
  if (open) {
    const first = /** @type {HTMLElement|null} */ (menu.querySelector("button"));
    first?.focus({ preventScroll: true });
  } else if (menu.contains(document.activeElement)) toggle?.focus({ preventScroll: true });
}

/**
 * The menu element with an id, inside `root`.
 * @param {HTMLElement} root
 * @param {string|undefined} id
 */
export const menuById = (root, id) => (id ? root.querySelector(`#${CSS.escape(id)}`) : null);
