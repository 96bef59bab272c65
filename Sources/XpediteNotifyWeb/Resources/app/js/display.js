// The fields that only show something: text, sectionLabel, image (tap for a zoom and pan
// view), document (a PDF or web page opened as a link; the v* flavors play or show media
// uploaded earlier, fetched with this device's token), and dashboard (a link).
import { el, safeURL } from "./dom.js";
import { Control, styleLabel } from "./field.js";

/** `text`: the label alone, with its styling. */
export class TextDisplay extends Control {
  /**
   * @param {import("./field.js").Field} field
   * @param {import("./field.js").Context} context
   */
  constructor(field, context) {
    super(Object.assign({}, field, { label: undefined }), context);
    this.field = field;
    this.element.className = "text-field";
    this.element.removeAttribute("role");
    this.element.textContent = typeof field.label === "string" ? field.label : "";
    styleLabel(this.element, field);
  }
}

/** `sectionLabel`: a section heading; ignores the styling properties
 * (docs/notify.md#field-types). */
export class SectionDisplay extends Control {
  /**
   * @param {import("./field.js").Field} field
   * @param {import("./field.js").Context} context
   */
  constructor(field, context) {
    super({ type: field.type }, context);
    this.field = field;
    this.element = el("h3", { class: "section-label", "data-type": field.type, text: typeof field.label === "string" ? field.label : "" });
  }
}

/**
 * A document name (`rcs/…`) fetched with the token, or a plain http(s) URL; a blob: URL or
 * an http(s) URL, or null.
 * @param {unknown} url
 * @param {import("./api.js").Api} api
 * @returns {Promise<string | null>}
 */
async function resolve(url, api) {
  if (typeof url === "string" && url.startsWith("rcs/")) return URL.createObjectURL(await api.document(url));
  return safeURL(url);
}

export class ImageDisplay extends Control {
  /**
   * @override
   * @returns {"span"}
   */
  labelTag() {
    return "span";
  }

  /**
   * @param {import("./field.js").Field} field
   * @param {import("./field.js").Context} context
   */
  constructor(field, context) {
    super(field, context);
    this.img = el("img", { id: this.controlId, alt: this.name, loading: "lazy", decoding: "async" });
    const button = el("button", { type: "button", class: "image-button", "aria-label": `${this.name}: open, zoom and pan`,
      onclick: () => viewer(this.img.src, this.name) }, this.img);
    this.body.append(button);
    resolve(field.url, context.api).then((src) => {
      if (src) this.img.src = src;
      else this.showError("This image has no valid address.");
    }).catch((error) => this.showError(`The image could not be loaded: ${error.message}`));
  }
}

/**
 * The zoom and pan view: drag to pan, wheel or two fingers to zoom, buttons for both.
 * @param {string} src the image's URL (nothing opens without one)
 * @param {string} name the image's accessible name
 */
export function viewer(src, name) {
  if (!src) return;
  const img = el("img", { src, alt: name, draggable: "false" });
  let scale = 1;
  let x = 0;
  let y = 0;
  const apply = () => { img.style.transform = `translate(calc(-50% + ${x}px), calc(-50% + ${y}px)) scale(${scale})`; };
  /** @param {number} factor */
  const zoom = (factor) => { scale = Math.min(8, Math.max(1, scale * factor)); if (scale === 1) { x = 0; y = 0; } apply(); };
  /** @type {Map<number, [number, number]>} */
  const pointers = new Map();
  let pinch = 0;
  const overlay = el("div", { class: "viewer", role: "dialog", "aria-label": name }, img,
    el("div", { class: "viewer-tools" },
      el("button", { type: "button", class: "button", text: "−", "aria-label": "Zoom out", onclick: () => zoom(1 / 1.5) }),
      el("button", { type: "button", class: "button", text: "+", "aria-label": "Zoom in", onclick: () => zoom(1.5) }),
      el("button", { type: "button", class: "button", text: "Close", onclick: () => close() })));
  const close = () => { overlay.remove(); document.removeEventListener("keydown", key); };
  /** @param {KeyboardEvent} event */
  const key = (event) => { if (event.key === "Escape") close(); };
  overlay.addEventListener("wheel", (event) => { event.preventDefault(); zoom(event.deltaY < 0 ? 1.2 : 1 / 1.2); }, { passive: false });
  img.addEventListener("pointerdown", (event) => { img.setPointerCapture(event.pointerId); pointers.set(event.pointerId, [event.clientX, event.clientY]); });
  img.addEventListener("pointermove", (event) => {
    const before = pointers.get(event.pointerId);
    if (!before) return;
    pointers.set(event.pointerId, [event.clientX, event.clientY]);
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      const distance = Math.hypot(a[0] - b[0], a[1] - b[1]);
      if (pinch) zoom(distance / pinch);
      pinch = distance;
    } else {
      x += event.clientX - before[0];
      y += event.clientY - before[1];
      apply();
    }
  });
  /** @param {PointerEvent} event */
  const up = (event) => { pointers.delete(event.pointerId); pinch = 0; };
  img.addEventListener("pointerup", up);
  img.addEventListener("pointercancel", up);
  document.addEventListener("keydown", key);
  apply();
  document.body.append(overlay);
}

export class DocumentDisplay extends Control {
  /**
   * @override
   * @returns {"span"}
   */
  labelTag() {
    return "span";
  }

  /**
   * @param {import("./field.js").Field} field
   * @param {import("./field.js").Context} context
   */
  constructor(field, context) {
    super(field, context);
    const flavor = typeof field.flavor === "string" ? field.flavor : "";
    const placeholder = field.placeholder || (flavor === "pdf" ? "View the PDF document" : "View the Web document");
    const url = field.url;
    if (["vimage", "vaudio", "vvideo"].includes(flavor)) {
      const tag = /** @type {{[flavor: string]: "img" | "audio" | "video"}} */ ({ vimage: "img", vaudio: "audio", vvideo: "video" })[flavor];
      const media = el(tag, { id: this.controlId, class: tag === "img" ? "thumb" : "player", controls: tag !== "img",
        alt: tag === "img" ? this.name : null, "aria-label": tag === "img" ? null : this.name });
      this.body.append(media);
      resolve(url, context.api).then((src) => {
        if (src) media.src = src;
        else this.showError("This document has no valid address.");
      }).catch((error) => this.showError(`The document could not be loaded: ${error.message}`));
    } else {
      const link = el("a", { id: this.controlId, class: "button secondary", target: "_blank", rel: "noopener noreferrer",
        text: placeholder, "aria-label": this.label ? `${this.label}: ${placeholder}` : placeholder });
      this.body.append(link);
      if (typeof url === "string" && url.startsWith("rcs/")) {
        link.href = "#";
        link.addEventListener("click", async (event) => {
          event.preventDefault();
          try {
            window.open(/** @type {string} */ (await resolve(url, context.api)), "_blank", "noopener");
          } catch (error) {
            this.showError(`The document could not be loaded: ${/** @type {Error} */ (error).message}`);
          }
        });
      } else {
        const safe = safeURL(url);
        if (safe) link.href = safe;
        else this.showError("This document has no valid address.");
      }
    }
  }
}

/** `dashboard`: a link to the server's own app (the Xpedite app at `/`), naming the tab. */
export class DashboardDisplay extends Control {
  /**
   * @override
   * @returns {"span"}
   */
  labelTag() {
    return "span";
  }

  /**
   * @param {import("./field.js").Field} field
   * @param {import("./field.js").Context} context
   */
  constructor(field, context) {
    super(field, context);
    const text = field.placeholder || "View the Dashboard";
    const link = el("a", { id: this.controlId, class: "button secondary", href: new URL("/", document.baseURI).href,
      target: "_blank", rel: "noopener", text });
    this.body.append(link);
    if (typeof field.startTab === "string" && field.startTab) this.body.append(el("p", { class: "hint", text: `Opens on the tab “${field.startTab}”.` }));
  }
}
