// barcode: a text field always; the camera's BarcodeDetector where the browser has one, or a
// photo decoded by the server (POST /device/barcode).
import { el } from "./dom.js";
import { Control } from "./field.js";
import { OfflineError } from "./api.js";
import { canvasOf, jpeg } from "./canvas.js";
import { stopStream } from "./media.js";

/**
 * A code read from an image: its text and format (`qr_code`, `ean_13`, …).
 * @typedef {{text: string, format?: string}} Code
 */

/**
 * The Shape Detection API's BarcodeDetector (Chromium on Android and macOS), which the DOM
 * library of TypeScript 4.8 does not declare.
 * @typedef {{detect(source: HTMLVideoElement): Promise<{rawValue: string, format: string}[]>}} BarcodeDetector
 */

/** barcode: a text field always; the camera's BarcodeDetector, or a photo decoded by the server. */
export class BarcodeControl extends Control {
  /**
   * @param {import("./field.js").Field} field
   * @param {import("./field.js").Context} context
   */
  constructor(field, context) {
    super(field, context);
    this.input = el("input", { id: this.controlId, type: "text", placeholder: field.placeholder || "Scan Barcode",
      autocomplete: "off", "aria-label": this.label ? null : this.name });
    if (typeof field.default === "string") this.input.value = field.default;
    this.codes = el("div", { class: "codes" });
    this.state = el("p", { class: "hint", "aria-live": "polite" });
    const actions = el("div", { class: "actions" });
    if ("BarcodeDetector" in window && navigator.mediaDevices) {
      actions.append(el("button", { type: "button", class: "button secondary", text: "Scan", onclick: () => this.scan() }));
    }
    this.photo = el("input", { type: "file", accept: "image/*", capture: "environment", class: "file-input",
      "aria-label": `Photo of a code for ${this.name}` });
    this.photo.addEventListener("change", () => this.decodePhoto());
    this.body.append(this.input, actions, this.photo, this.state, this.codes);
  }

  /** @override */
  read() {
    return this.input.value === "" ? null : this.input.value;
  }

  /**
   * Offers the codes found, each a button that puts it in the field.
   * @param {Code[]} codes
   */
  choose(codes) {
    this.codes.replaceChildren(...codes.map((code) => el("button", { type: "button", class: "button secondary",
      text: code.text, title: code.format || "", onclick: () => { this.input.value = code.text; this.codes.replaceChildren(); } })));
    this.state.textContent = codes.length ? "Tap the code to use:" : "No code was found.";
  }

  async scan() {
    /** @type {MediaStream} */
    let stream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
    } catch (error) {
      this.showError(`No camera: ${/** @type {Error} */ (error).message}`);
      return;
    }
    /** @type {BarcodeDetector} */
    const detector = new (/** @type {{BarcodeDetector: new () => BarcodeDetector}} */ (/** @type {unknown} */ (window))).BarcodeDetector();
    const video = el("video", { class: "preview", autoplay: true, muted: true, playsinline: true, "aria-label": `Scanner for ${this.name}` });
    video.srcObject = stream;
    let running = true;
    const close = () => { running = false; stopStream(stream); panel.remove(); };
    const panel = el("div", {}, video, el("div", { class: "actions" },
      el("button", { type: "button", class: "button secondary", text: "Cancel", onclick: close })));
    this.codes.before(panel);
    await video.play().catch(() => {});
    while (running) {
      try {
        const found = await detector.detect(video);
        if (found.length) {
          close();
          this.choose(found.map((code) => ({ text: code.rawValue, format: code.format })));
          return;
        }
      } catch {
        // a frame that cannot be read: try the next
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  async decodePhoto() {
    const chosen = this.photo.files?.[0];
    if (!chosen) return;
    this.state.textContent = "Reading the code…";
    try {
      const blob = chosen.type === "image/png" || chosen.type === "image/jpeg" ? chosen : await jpeg(await canvasOf(chosen, 2000));
      const answer = await this.context.api.upload("/device/barcode", blob);
      this.choose(Array.isArray(answer?.codes) ? answer.codes : []);
    } catch (error) {
      this.state.textContent = "";
      this.showError(error instanceof OfflineError ? "Offline: type the code instead." : `The code could not be read: ${/** @type {Error} */ (error).message}`);
    }
  }
}
