// The phone's screen in the page: draws engine states into a root element and reports taps and
// inputs as actions. A redraw of the same screen patches the DOM in place, keyed by component path,
// so typing, focus, caret, selection, composition, scroll offsets and open menus survive it; a new
// screen is drawn afresh, at the top, with the engine's initial focus.

import { focusables, initialFocus, openModal, samePlace } from "./focus.js";
import { trackFarComponents } from "./far-components.js";
import { handleDragEnd } from "./gestures.js";
import { defaultImageSource } from "./image-source.js";
import { handleNavigationKey } from "./keyboard.js";
import { menuById, setMenuOpen } from "./menus.js";
import { patchChildren } from "./patch.js";
import { deferWhilePressed } from "./pressed-deferral.js";
import { layoutRowHeight } from "./row-height.js";
import { makeTextReadable } from "./readable-text.js";
import { renderScreen } from "./screen-renderer.js";
import { defineWebFrame } from "./web-frame.js";

/** @typedef {import("./types.js").ScreenState} ScreenState */
/** @typedef {import("./types.js").Action} Action */

/**
 * @typedef {object} ScreenViewOptions
 * @property {(action: Action) => void} send Receives every interaction: `{action: "press"|"save"|
 *   "cancel"|"return"|"row"|"menu"|"bar"|"loadMore"|"refresh"|"set"|"dismiss", path: "2.0", row?,
 *   entry?, kind?: "text"|"checked"|"date"|"option"|"options", text?, checked?, options?}`.
 * @property {import("./types.js").ImageSourceFunction} [imageSource] The URL an image loads from
 *   (null: the placeholder); by default the manifest URL, an absolute URL or the old folder's file.
 * @property {import("./types.js").RowHeightFunction} [rowHeight] A table row's height; by default
 *   the web layout's TableRowLayout.
 * @property {() => number} [scale] How much the page scales the screen (a scaled phone frame):
 *   drags are measured in the phone's points. 1 by default.
 * @property {(state: ScreenState, newScreen: boolean) => void} [drawn] Called after each state is
 *   in the page (a state that waited for a pressed pointer, once it is): for timing a tap until its
 *   screen is drawn.
 *
 * @typedef {object} ScreenView
 * @property {(state: ScreenState) => void} render Draws a state. While a pointer is pressed on the
 *   screen the newest state waits for its release (at most a second), so a redraw never takes a
 *   button away between press and click.
 * @property {() => void} destroy Removes the listeners and the drawn screen.
 * @property {() => void} recolour Applies the contrast rule again (after the appearance changed:
 *   a class on the page, or the system's light/dark, which the view follows itself).
 */

/**
 * Creates the view of the screen inside `root` (an element sized to the phone's bounds, with
 * `position: relative` or absolute and `overflow: hidden`, as `#screen` of the simulator).
 * @param {HTMLElement} root
 * @param {ScreenViewOptions} options
 * @returns {ScreenView}
 */
export function createScreenView(root, options) {
  const send = options.send;
  const imageSource = options.imageSource ?? defaultImageSource;
  const rowHeight = options.rowHeight ?? layoutRowHeight;
  const scale = options.scale ?? (() => 1);
  const document = root.ownerDocument;
  if (document.defaultView) defineWebFrame(document.defaultView);
  /** @type {Set<string>} */
  const openMenus = new Set();
  /** @type {unknown} */
  let shownScreen;
  let shownPacketText = "";
  let hasScreen = false;

  // Typing is never lost: the field with the focus keeps its own value while it holds typing the
  // engine has not seen (`unsent`) or a composition is open; every other field takes the value
  // the engine sends.
  /** @type {WeakSet<EventTarget>} */
  const unsent = new WeakSet();
  /** @type {EventTarget|null} */
  let composing = null;

  const window = /** @type {Window & typeof globalThis} */ (document.defaultView);
  // Far components: skipped by the browser until they come near (far-components.js).
  const { skip, insideSkipped, shownBy, build, flush, cancel } = trackFarComponents(root, window);

  /** @param {Element} element */
  const isProtected = (element) => element === document.activeElement && (composing === element || unsent.has(element));

  /**
   * Whether `state` shows another screen than the one drawn: its `screen` identity when it has
   * one, else its packet.
   * @param {ScreenState} state
   */
  function isNewScreen(state) {
    if (!hasScreen) return true;
    if (state.screen !== undefined) return state.screen !== shownScreen;
    if (state.packet === shownScreen) return false;
    return JSON.stringify(state.packet ?? null) !== shownPacketText;
  }

  /** @param {ScreenState} state */
  function draw(state) {
    const newScreen = isNewScreen(state);
    // What is not built yet inside far components: a new screen drops it, a redraw builds it first.
    if (newScreen) cancel();
    else flush();
    shownScreen = state.screen !== undefined ? state.screen : state.packet;
    shownPacketText = state.screen !== undefined ? "" : JSON.stringify(state.packet ?? null);
    hasScreen = true;
    if (newScreen) openMenus.clear();
    /** @type {Record<string, number>} */
    const scrolls = {};
    // A new screen is drawn at the top: the offsets are kept for a redraw of the same screen.
    for (const element of newScreen ? [] : Array.from(root.querySelectorAll("[data-scroll]"))) {
      if (insideSkipped(element)) continue;
      scrolls[/** @type {HTMLElement} */ (element).dataset.scroll ?? ""] = element.scrollTop;
    }
    const active = /** @type {HTMLElement|null} */ (document.activeElement);
    const focusPath = active && root.contains(active) ? (active.dataset.path ?? null) : null;
    const selection =
      focusPath && active instanceof HTMLInputElement && typeof active.selectionStart === "number"
        ? [active.selectionStart, active.selectionEnd ?? active.selectionStart]
        : focusPath && active instanceof HTMLTextAreaElement
          ? [active.selectionStart, active.selectionEnd]
          : null;
    const tree = renderScreen({
      state,
      imageSource,
      rowHeight,
      openMenus,
      inMain: root.closest("main") !== null,
      visibleTop: newScreen ? 0 : (scrolls.screen ?? 0),
    });
    if (newScreen) {
      root.replaceChildren(build(document, tree, state.focus));
    } else {
      patchChildren(root, [tree], { isProtected });
      for (const element of Array.from(root.querySelectorAll("[data-scroll]"))) {
        // Only an offset to restore is written (reading or writing one makes the browser lay out).
        const saved = scrolls[/** @type {HTMLElement} */ (element).dataset.scroll ?? ""];
        if (saved) element.scrollTop = saved;
      }
    }
    makeTextReadable(root, undefined, { skip });
    const modal = openModal(root);
    const initial = newScreen ? initialFocus(root) : null;
    if (modal && !modal.contains(document.activeElement)) {
      // A dialog or alert that has just come: the focus goes into it, and back where it was after.
      if (!returnFocus && active && active !== document.body) returnFocus = active;
      const inside = /** @type {HTMLElement|null} */ (modal.querySelector("[data-dialog-focus]") ?? focusables(modal)[0] ?? null);
      inside?.focus({ preventScroll: true });
    } else if (newScreen && (!focusPath || initial)) {
      // A new screen: the engine's initial focus (`focus`, docs/protocol/components/inputs.md#textbox)
      // gets the caret, wherever the focus was (a menu entry, a button of the last screen); else
      // its heading, so that the focus is never lost to the page's body (unless it is somewhere
      // else on the page, outside the screen).
      const heading = /** @type {HTMLElement|null} */ (root.querySelector("h1"));
      const focusElsewhere = active !== null && active !== document.body && !root.contains(active) && document.contains(active);
      if (initial) initial.focus();
      else if (heading && !focusElsewhere) heading.focus({ preventScroll: true });
      returnFocus = null;
    } else if (!modal && returnFocus) {
      // A dialog or alert went away: the focus returns to what had it, if it is still drawn.
      const back = returnFocus;
      returnFocus = null;
      if (!root.contains(document.activeElement) || document.activeElement === root) {
        const again =
          back.isConnected && root.contains(back)
            ? back
            : /** @type {HTMLElement|null} */ (root.querySelector(samePlace(back)) ?? root.querySelector("h1"));
        again?.focus({ preventScroll: true });
      }
    } else if (focusPath && document.activeElement !== active) {
      const again = /** @type {HTMLElement|null} */ (root.querySelector(`[data-path="${CSS.escape(focusPath)}"][data-action="set"]`));
      if (again) {
        again.focus();
        if (selection && (again instanceof HTMLInputElement || again instanceof HTMLTextAreaElement)) {
          try {
            again.setSelectionRange(selection[0], selection[1]);
          } catch {
            // Not a text input (a date, a checkbox).
          }
        }
      }
    }
    const lost = document.activeElement === null || document.activeElement === document.body || !document.activeElement.isConnected;
    if (lost && active && (root.contains(active) || !active.isConnected) && active !== document.body) {
      // The element with the focus went away with the redraw: the focus goes to the same place in
      // the new drawing, else to the screen's heading, never to the page's body.
      const again = newScreen ? null : /** @type {HTMLElement|null} */ (root.querySelector(samePlace(active)));
      const target = again ?? /** @type {HTMLElement|null} */ (root.querySelector("h1"));
      target?.focus({ preventScroll: true });
    }
    for (const element of Array.from(root.querySelectorAll("[data-more]"))) {
      if (!insideSkipped(element)) checkMore(/** @type {HTMLElement} */ (element));
    }
    options.drawn?.(state, newScreen);
  }

  /** @type {HTMLElement|null} */
  let returnFocus = null;

  // A state that comes while a pointer is pressed waits for its release (pressed-deferral.js).
  const deferral = deferWhilePressed(draw);
  const render = deferral.render;

  /**
   * Opens or closes a menu (a slide-in panel with its shade, or a drop-down).
   * @param {Element} menu
   * @param {boolean} open
   */
  const setOpen = (menu, open) => setMenuOpen(root, openMenus, menu, open);

  /** @param {Event} event */
  const targetElement = (event) => (event.target instanceof Element ? event.target : null);

  /** @param {MouseEvent} event */
  function onClick(event) {
    const target = targetElement(event);
    if (!target) return;
    const toggle = /** @type {HTMLElement|null} */ (target.closest("[data-toggle]"));
    if (toggle && root.contains(toggle)) {
      if (toggle.dataset.toggle === "eye") {
        const input = toggle.parentElement?.querySelector("input");
        if (input) input.type = input.type === "password" ? "text" : "password";
        toggle.setAttribute("aria-pressed", input?.type === "text" ? "true" : "false");
      } else {
        const menu = menuById(root, toggle.dataset.toggle);
        if (menu) setOpen(menu, !menu.classList.contains("x-open"));
      }
      return;
    }
    const close = /** @type {HTMLElement|null} */ (target.closest("[data-close]"));
    if (close && root.contains(close)) {
      const menu = menuById(root, close.dataset.close);
      if (menu) setOpen(menu, false);
      return;
    }
    const element = /** @type {HTMLElement|null} */ (target.closest("[data-action]"));
    if (!element || !root.contains(element) || element.dataset.action === "set") return;
    // A tapped menu entry closes its panel or drop-down first (docs/protocol/menus.md#what-a-tap-does),
    // also when the answer is the screen already shown.
    const menu = element.closest(".x-panel.x-open, .x-dropdown.x-open");
    if (menu) setOpen(menu, false);
    /** @type {Action} */
    const action = { action: element.dataset.action };
    if (element.dataset.path !== undefined) action.path = element.dataset.path;
    if (element.dataset.row !== undefined) action.row = Number(element.dataset.row);
    if (element.dataset.entry !== undefined) action.entry = Number(element.dataset.entry);
    send(action);
  }

  // Images: the placeholder stays until the image has loaded; a failed image is hidden.
  /** @param {Event} event */
  function onLoad(event) {
    const target = targetElement(event);
    if (target?.tagName === "IMG") target.parentElement?.classList.add("x-loaded");
  }
  /** @param {Event} event */
  function onError(event) {
    const target = targetElement(event);
    if (target?.tagName === "IMG") target.classList.add("x-broken");
  }

  /**
   * The `set` action of an input: its value as the engine keeps it.
   * @param {HTMLElement} element
   * @returns {Action}
   */
  function valueAction(element) {
    unsent.delete(element);
    /** @type {Action} */
    const action = { action: "set", path: element.dataset.path, kind: element.dataset.kind };
    if (element.dataset.kind === "checked") action.checked = /** @type {HTMLInputElement} */ (element).checked;
    else if (element.dataset.kind === "options") {
      action.options = Array.from(/** @type {HTMLSelectElement} */ (element).selectedOptions).map((option) => option.value);
    } else action.text = /** @type {HTMLInputElement} */ (element).value;
    return action;
  }

  /** @param {Event} event */
  function onInput(event) {
    if (event.target) unsent.add(event.target);
  }
  /** @param {Event} event */
  function onCompositionStart(event) {
    composing = event.target;
    if (event.target) unsent.add(event.target);
  }
  /** @param {Event} event */
  function onCompositionEnd(event) {
    if (composing === event.target) composing = null;
  }

  // Inputs: the value goes to the engine when it changes.
  /** @param {Event} event */
  function onChange(event) {
    const element = /** @type {HTMLElement|null} */ (targetElement(event)?.closest('[data-action="set"]') ?? null);
    if (element && root.contains(element)) send(valueAction(element));
  }

  /** @param {KeyboardEvent} event */
  function onKeyDown(event) {
    if (!event.isComposing && handleNavigationKey(root, event, setOpen)) {
      event.preventDefault();
      return;
    }
    const element = /** @type {HTMLElement|null} */ (targetElement(event)?.closest('[data-action="set"]') ?? null);
    if (!element || event.key !== "Enter" || element.tagName === "TEXTAREA" || event.isComposing) return;
    event.preventDefault();
    send(valueAction(element));
    send({ action: "return", path: element.dataset.path });
  }

  // Infinite scroll: near a table's end, the engine is asked for the next batch.
  /** @param {HTMLElement} element */
  function checkMore(element) {
    if (!element.dataset.more || element.dataset.asked) return;
    if (element.scrollTop + element.clientHeight >= element.scrollHeight - 88) {
      element.dataset.asked = "1";
      send({ action: "loadMore", path: element.dataset.table });
    }
  }
  /** @param {Event} event */
  function onScroll(event) {
    const target = event.target;
    if (target instanceof HTMLElement && target.dataset.more) checkMore(target);
  }

  // Pull to refresh and swipe to close a panel, with a finger or a mouse drag.
  /** @type {{x: number, y: number, target: Element}|null} */
  let dragStart = null;
  // A drag is a pan, not a tap: the click that ends it goes nowhere.
  let dragged = false;
  /** @param {PointerEvent} event */
  function onPointerDown(event) {
    deferral.press();
    const target = targetElement(event);
    dragStart = target ? { x: event.clientX, y: event.clientY, target } : null;
    dragged = false;
  }
  /** @param {MouseEvent} event */
  function onClickCapture(event) {
    if (!dragged) return;
    dragged = false;
    event.preventDefault();
    event.stopPropagation();
  }
  /** @param {PointerEvent} event */
  function onPointerUp(event) {
    if (!dragStart) return;
    dragged = handleDragEnd(root, dragStart, event, scale() || 1, send, setOpen);
    dragStart = null;
  }
  const release = () => deferral.release();

  /** @param {Event & {skipped?: boolean}} event */
  function onVisibilityChange(event) {
    const target = shownBy(event);
    if (!target) return;
    makeTextReadable(root, undefined, { scope: target, skip });
    for (const element of Array.from(target.querySelectorAll("[data-more]"))) checkMore(/** @type {HTMLElement} */ (element));
  }

  /** @type {[EventTarget, string, (event: any) => void, boolean][]} */
  const listeners = [
    [root, "input", onInput, true],
    [root, "compositionstart", onCompositionStart, true],
    [root, "compositionend", onCompositionEnd, true],
    [root, "pointerdown", onPointerDown, true],
    [window, "pointerup", release, true],
    [window, "pointercancel", release, true],
    [root, "click", onClickCapture, true],
    [root, "click", onClick, false],
    [root, "load", onLoad, true],
    [root, "error", onError, true],
    [root, "change", onChange, false],
    [root, "keydown", onKeyDown, false],
    [root, "scroll", onScroll, true],
    [root, "pointerup", onPointerUp, false],
    [root, "contentvisibilityautostatechange", onVisibilityChange, true],
  ];
  for (const [target, type, listener, capture] of listeners) target.addEventListener(type, listener, capture);
  // The system's appearance changes the renderer's colours: the contrast rule runs again.
  const scheme = window.matchMedia?.("(prefers-color-scheme: dark)");
  const recolour = () => {
    makeTextReadable(root, undefined, { skip });
  };
  scheme?.addEventListener("change", recolour);

  return {
    render,
    recolour,
    destroy() {
      for (const [target, type, listener, capture] of listeners) target.removeEventListener(type, listener, capture);
      scheme?.removeEventListener("change", recolour);
      deferral.cancel();
      cancel();
      root.replaceChildren();
    },
  };
}
