// A web view's frame, made when the web view comes near the screen (decision 0506). An `iframe` is
// a browsing context of its own and costs more to make than the rest of a screen's components
// together (a 200-component screen with 16 web views took four times as long to draw); so the
// renderer draws `<x-web-frame src|srcdoc>` in the web view's box, and this element makes its
// sandboxed `iframe` once the box is within 200 px of the visible screen, as Chromium's own
// `loading="lazy"` waits for a frame's page but not for the frame. The frame always runs in a
// sandbox without scripts, forms or same-origin access (`sandbox=""`); a URL frame sends no
// referrer. patch.js leaves the element's children to it.

/** The element's name, used by the renderer (screen-renderer.js) and by patch.js. */
export const WEB_FRAME = "x-web-frame";

/** The attributes that the element passes on to its frame. */
const FORWARDED = ["src", "srcdoc"];

/**
 * Makes a web frame's sandboxed iframe (once), with the frame's `src` or `srcdoc`.
 * @param {HTMLElement} element an `x-web-frame`
 */
export function makeFrame(element) {
  if (element.firstElementChild?.localName === "iframe") return;
  const frame = element.ownerDocument.createElement("iframe");
  frame.setAttribute("sandbox", "");
  frame.setAttribute("referrerpolicy", "no-referrer");
  frame.setAttribute("title", "web content");
  for (const name of FORWARDED) {
    const value = element.getAttribute(name);
    if (value !== null) frame.setAttribute(name, value);
  }
  element.appendChild(frame);
}

/**
 * Defines `<x-web-frame>` in `window` (once). The class is made here, not when the module loads,
 * so that the renderer's DOM-free modules (and Node's tests) can import WEB_FRAME.
 * @param {Window & typeof globalThis} window
 */
export function defineWebFrame(window) {
  if (window.customElements.get(WEB_FRAME)) return;
  // Every web frame of the page is watched by one observer: when its box comes within 200 px of
  // the viewport, its iframe is made, and it is no longer watched.
  const observer = new window.IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        makeFrame(/** @type {HTMLElement} */ (entry.target));
      }
    },
    { rootMargin: "200px" },
  );
  window.customElements.define(
    WEB_FRAME,
    class extends window.HTMLElement {
      static get observedAttributes() {
        return FORWARDED;
      }

      connectedCallback() {
        if (!this.firstElementChild) observer.observe(this);
      }

      disconnectedCallback() {
        observer.unobserve(this);
      }

      /**
       * A forwarded attribute changed: the frame, if made, follows.
       * @param {string} name
       * @param {string | null} _old
       * @param {string | null} value
       */
      attributeChangedCallback(name, _old, value) {
        const frame = this.firstElementChild;
        if (!(frame instanceof window.HTMLIFrameElement) || frame.getAttribute(name) === value) return;
        if (value === null) frame.removeAttribute(name);
        else frame.setAttribute(name, value);
      }
    },
  );
}
