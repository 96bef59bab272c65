// camera and markupImage: a photo from the file picker (on a phone it opens the camera) or a
// live preview through getUserMedia; markupImage draws on it first (markup.js), from the camera
// or from its `source` image. Always uploaded as a JPEG (media.js).
import { el } from "./dom.js";
import { canvasOf, grab, jpeg } from "./canvas.js";
import { MediaControl, stopStream } from "./media.js";
import { markUp } from "./markup.js";

/** camera and markupImage. */
export class PhotoControl extends MediaControl {
  /**
   * @param {import("./field.js").Field} field
   * @param {import("./field.js").Context} context
   */
  constructor(field, context) {
    super(field, context, "image");
    this.markup = field.type === "markupImage";
    const source = this.markup && typeof field.source === "string" ? field.source : "camera";
    const placeholder = field.placeholder || (this.markup ? (source === "camera" ? "Take a photo and mark it up" : "Mark up an image") : "Take Photo");
    this.file = el("input", { id: this.controlId, class: "file-input", type: "file", accept: "image/*", capture: "environment",
      "aria-label": this.label ? null : this.name });
    this.file.addEventListener("change", () => {
      const chosen = this.file.files?.[0];
      if (chosen) this.take(chosen);
    });
    const actions = el("div", { class: "actions" });
    if (source === "camera") {
      if (navigator.mediaDevices && typeof navigator.mediaDevices.getUserMedia === "function") {
        actions.append(el("button", { type: "button", class: "button", text: placeholder, onclick: () => this.live() }));
      }
      this.body.append(actions, this.file);
    } else {
      actions.append(el("button", { type: "button", class: "button", text: placeholder, onclick: () => this.markSource(source) }));
      this.body.append(actions);
    }
    this.body.append(this.progress, this.state, this.shown);
    /** @type {string | undefined} the thumbnail's blob: URL */
    this.thumbURL = undefined;
  }

  /**
   * @override
   * @returns {"label" | "span"}
   */
  labelTag() {
    const field = this.field;
    return field.type === "markupImage" && typeof field.source === "string" && field.source !== "camera" ? "span" : "label";
  }

  /** A live preview from the camera; "Capture" takes the frame. */
  async live() {
    /** @type {MediaStream} */
    let stream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
    } catch (error) {
      this.showError(`No camera: ${/** @type {Error} */ (error).message}. Choose a photo instead.`);
      return;
    }
    const video = el("video", { class: "preview", autoplay: true, playsinline: true, muted: true, "aria-label": `Camera for ${this.name}` });
    video.srcObject = stream;
    const close = () => { stopStream(stream); panel.remove(); };
    const panel = el("div", { class: "camera" }, video, el("div", { class: "actions" },
      el("button", { type: "button", class: "button", text: "Capture", onclick: async () => {
        const canvas = grab(video);
        close();
        await this.take(canvas);
      } }),
      el("button", { type: "button", class: "button secondary", text: "Cancel", onclick: close })));
    this.shown.before(panel);
    await video.play().catch(() => {});
  }

  /**
   * Marks up the image at `source`: a document (`rcs/…`) or a URL.
   * @param {string} source
   */
  async markSource(source) {
    try {
      let blob;
      if (source.startsWith("rcs/")) blob = await this.context.api.document(source);
      else {
        const response = await fetch(source, { mode: "cors" });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        blob = await response.blob();
      }
      await this.take(blob);
    } catch (error) {
      this.showError(`The image could not be loaded: ${/** @type {Error} */ (error).message}`);
    }
  }

  /**
   * A photo (a File, Blob or canvas): marked up first for markupImage, then JPEG, shown, uploaded.
   * @param {Blob | HTMLCanvasElement} source
   */
  async take(source) {
    try {
      /** @type {HTMLCanvasElement | null} */
      let canvas = source instanceof HTMLCanvasElement ? source : await canvasOf(source, 1600);
      if (this.markup) {
        canvas = await markUp(canvas, this.name);
        if (!canvas) return;
      }
      const blob = await jpeg(canvas);
      this.show(blob);
      this.captured(blob);
    } catch (error) {
      this.showError(`That photo could not be read: ${/** @type {Error} */ (error).message}`);
    }
  }

  /**
   * Shows the photo as a thumbnail.
   * @param {Blob} blob
   */
  show(blob) {
    if (this.thumbURL) URL.revokeObjectURL(this.thumbURL);
    this.thumbURL = URL.createObjectURL(blob);
    this.shown.replaceChildren(el("img", { class: "thumb", src: this.thumbURL, alt: `Photo for ${this.name}` }));
  }
}
