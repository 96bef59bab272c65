// The markup editor of markupImage: red strokes drawn on the photo with a finger, mouse or pen,
// undone one at a time.
import { el } from "./dom.js";
import { context2D } from "./canvas.js";

/**
 * Where a pointer at (`x`, `y`) in the page falls on a canvas of `width` × `height` pixels shown
 * in `box` (scaled to fit and centred, as object-fit: contain draws it).
 * @param {{left: number, top: number, width: number, height: number}} box the canvas's box on the page
 * @param {number} width the canvas's own width
 * @param {number} height the canvas's own height
 * @param {number} x
 * @param {number} y
 * @returns {[number, number]} the canvas's pixel coordinates
 */
export function canvasPoint(box, width, height, x, y) {
  const scale = Math.min(box.width / width, box.height / height);
  const left = box.left + (box.width - width * scale) / 2;
  const top = box.top + (box.height - height * scale) / 2;
  return [(x - left) / scale, (y - top) / scale];
}

/**
 * The markup editor: draws red strokes on the photo with a finger, mouse or pen. Resolves to
 * the canvas, or null when cancelled.
 * @param {HTMLCanvasElement} photo
 * @param {string} name the field's accessible name
 * @returns {Promise<HTMLCanvasElement | null>}
 */
export function markUp(photo, name) {
  return new Promise((resolve) => {
    const canvas = el("canvas", { "aria-label": `Draw on the photo for ${name}`, role: "img" });
    canvas.width = photo.width;
    canvas.height = photo.height;
    const context = context2D(canvas);
    context.drawImage(photo, 0, 0);
    context.strokeStyle = "#ff3b30";
    context.lineCap = "round";
    context.lineJoin = "round";
    context.lineWidth = Math.max(4, Math.round(Math.max(photo.width, photo.height) / 120));
    /** @type {ImageData[]} the canvas before each stroke, for Undo */
    const strokes = [];
    /** @type {[number, number] | null} */
    let last = null;
    /** @param {PointerEvent} event */
    const point = (event) => canvasPoint(canvas.getBoundingClientRect(), canvas.width, canvas.height, event.clientX, event.clientY);
    canvas.addEventListener("pointerdown", (event) => {
      canvas.setPointerCapture(event.pointerId);
      strokes.push(context.getImageData(0, 0, canvas.width, canvas.height));
      last = point(event);
    });
    canvas.addEventListener("pointermove", (event) => {
      if (!last) return;
      const next = point(event);
      context.beginPath();
      context.moveTo(last[0], last[1]);
      context.lineTo(next[0], next[1]);
      context.stroke();
      last = next;
    });
    const end = () => { last = null; };
    canvas.addEventListener("pointerup", end);
    canvas.addEventListener("pointercancel", end);
    /** @param {HTMLCanvasElement | null} result */
    const finish = (result) => { overlay.remove(); resolve(result); };
    const overlay = el("div", { class: "markup", role: "dialog", "aria-label": `Mark up the photo for ${name}` }, canvas,
      el("div", { class: "actions" },
        el("button", { type: "button", class: "button secondary", text: "Undo", onclick: () => {
          const previous = strokes.pop();
          if (previous) context.putImageData(previous, 0, 0);
        } }),
        el("button", { type: "button", class: "button secondary", text: "Cancel", onclick: () => finish(null) }),
        el("button", { type: "button", class: "button", text: "Done", onclick: () => finish(canvas) })));
    document.body.append(overlay);
  });
}
