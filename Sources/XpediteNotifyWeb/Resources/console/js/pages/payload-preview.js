// The live preview of a payload: the notification app's preview page (app/preview.html), framed
// at phone size, drawing the payload with the app's own renderer. The payload goes to it with
// postMessage to this origin only, and only the frame's own messages are listened to.

import { h } from "../dom.js";

/** The app's preview page, relative to the console's page (`/notify/console/`). */
export const previewURL = "../app/preview.html";

/** A phone-sized frame showing a payload as the app draws it. */
export class PayloadPreview {
  /**
   * @param {() => {title: string, body: string}} heading the title and body shown above the form
   */
  constructor(heading) {
    this.heading = heading;
    this.ready = false;
    /** @type {unknown} */
    this.payload = null;
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.timer = null;
    this.frame = h("iframe", { class: "phone", src: previewURL, title: "Preview on a phone", width: 390, height: 760 });
    this.element = h("section", { class: "preview-pane", "aria-label": "Preview" }, h("h2", {}, "Preview"), this.frame);
    this.listener = (/** @type {MessageEvent} */ event) => {
      if (event.origin !== location.origin || event.source !== this.frame.contentWindow) return;
      const data = /** @type {{type?: unknown} | null} */ (event.data);
      if (data && data.type === "xpedite-preview-ready") {
        this.ready = true;
        this.post();
      }
    };
    addEventListener("message", this.listener);
  }

  /**
   * Shows a payload (soon: changes in a row are drawn once).
   * @param {unknown} payload
   */
  show(payload) {
    this.payload = payload;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.post();
    }, 120);
  }

  /** Sends the payload to the frame, once it is listening. */
  post() {
    if (!this.ready || !this.frame.isConnected || !this.frame.contentWindow) return;
    const { title, body } = this.heading();
    this.frame.contentWindow.postMessage({ type: "xpedite-preview", payload: this.payload, title, body }, location.origin);
  }

  /** Stops listening (the section was left). */
  stop() {
    removeEventListener("message", this.listener);
    if (this.timer !== null) clearTimeout(this.timer);
  }
}
