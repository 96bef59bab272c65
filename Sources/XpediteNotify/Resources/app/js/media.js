// Captured media: camera and markupImage (a photo from the file picker, which on a phone opens
// the camera, or a live preview through getUserMedia; markupImage then draws on it on a
// canvas; always uploaded as a JPEG), audio and video (MediaRecorder, stopped at
// maxDurationSeconds or maxSizeK), and barcode (BarcodeDetector where the browser has one,
// else a photo decoded by POST /device/barcode; typing is always possible).
// What is captured uploads at once (POST /device/documents, with a progress bar) and the field
// shows it; offline, the blob waits in the answer's queue entry and uploads when it is sent.
import { el, uuid } from "./dom.js";
import { Control } from "./field.js";
import { OfflineError } from "./api.js";

/** Draws an image (a File, Blob or URL) into a canvas no larger than `limit` pixels a side. */
async function canvasOf(source, limit) {
  const bitmap = await createImageBitmap(source);
  const scale = Math.min(1, limit / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext("2d").drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  if (bitmap.close) bitmap.close();
  return canvas;
}

function jpeg(canvas) {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("the photo could not be encoded"))), "image/jpeg", 0.85);
  });
}

/** A frame of a playing <video> as a canvas. */
function grab(video) {
  const canvas = document.createElement("canvas");
  canvas.width = video.videoWidth || 640;
  canvas.height = video.videoHeight || 480;
  canvas.getContext("2d").drawImage(video, 0, 0, canvas.width, canvas.height);
  return canvas;
}

function stopStream(stream) {
  if (stream) stream.getTracks().forEach((track) => track.stop());
}

/** A field whose value is a document: upload on capture, progress, pending blob offline. */
class MediaControl extends Control {
  constructor(field, context, kind) {
    super(field, context);
    this.kind = kind;
    this.value = null;          // the document name, once uploaded
    this.pending = null;        // {ref, kind, blob} while not uploaded
    this.uploading = null;
    this.progress = el("progress", { max: 1, value: 0, hidden: true, "aria-label": `Uploading ${this.name}` });
    this.state = el("p", { class: "hint upload-state", "aria-live": "polite" });
    this.shown = el("div", { class: "captured" });
  }

  read() {
    return this.value || (this.pending ? this.pending.ref : null);
  }

  pendingMedia() {
    return this.pending && !this.value ? [this.pending] : [];
  }

  async settle() {
    if (this.uploading) await this.uploading.catch(() => {});
  }

  /** Keeps a captured blob and uploads it now. */
  captured(blob) {
    this.value = null;
    this.pending = { ref: `pending:${uuid()}`, kind: this.kind, blob };
    this.showError("");
    this.uploading = this.upload(this.pending);
  }

  async upload(pending) {
    this.progress.hidden = false;
    this.progress.value = 0;
    this.state.textContent = "Uploading…";
    try {
      const answer = await this.context.api.upload(`/device/documents?kind=${this.kind}`, pending.blob,
        (fraction) => { this.progress.value = fraction; });
      if (this.pending === pending) {
        this.value = answer.name;
        this.state.textContent = "Uploaded";
      }
    } catch (error) {
      if (this.pending !== pending) return;
      if (error instanceof OfflineError) {
        this.state.textContent = "Offline: it uploads when the answer is sent";
      } else {
        this.pending = null;
        this.state.textContent = "";
        this.showError(`The upload failed: ${error.message}`);
      }
    } finally {
      this.progress.hidden = true;
      this.uploading = null;
    }
  }
}

/** camera and markupImage. */
export class PhotoControl extends MediaControl {
  constructor(field, context) {
    super(field, context, "image");
    this.markup = field.type === "markupImage";
    const source = this.markup && typeof field.source === "string" ? field.source : "camera";
    const placeholder = field.placeholder || (this.markup ? (source === "camera" ? "Take a photo and mark it up" : "Mark up an image") : "Take Photo");
    this.file = el("input", { id: this.controlId, class: "file-input", type: "file", accept: "image/*", capture: "environment",
      "aria-label": this.label ? null : this.name });
    this.file.addEventListener("change", () => {
      const chosen = this.file.files && this.file.files[0];
      if (chosen) this.take(chosen);
    });
    const actions = el("div", { class: "actions" });
    if (source === "camera") {
      if (navigator.mediaDevices && navigator.mediaDevices.getUserMedia) {
        actions.append(el("button", { type: "button", class: "button", text: placeholder, onclick: () => this.live() }));
      }
      this.body.append(actions, this.file);
    } else {
      actions.append(el("button", { type: "button", class: "button", text: placeholder, onclick: () => this.markSource(source) }));
      this.body.append(actions);
    }
    this.body.append(this.progress, this.state, this.shown);
  }

  labelTag() {
    const field = this.field;
    return field.type === "markupImage" && typeof field.source === "string" && field.source !== "camera" ? "span" : "label";
  }

  /** A live preview from the camera; "Capture" takes the frame. */
  async live() {
    let stream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
    } catch (error) {
      this.showError(`No camera: ${error.message}. Choose a photo instead.`);
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
      this.showError(`The image could not be loaded: ${error.message}`);
    }
  }

  /** A photo (a File, Blob or canvas): marked up first for markupImage, then JPEG, shown, uploaded. */
  async take(source) {
    try {
      let canvas = source instanceof HTMLCanvasElement ? source : await canvasOf(source, 1600);
      if (this.markup) {
        canvas = await markUp(canvas, this.name);
        if (!canvas) return;
      }
      const blob = await jpeg(canvas);
      this.show(blob);
      this.captured(blob);
    } catch (error) {
      this.showError(`That photo could not be read: ${error.message}`);
    }
  }

  show(blob) {
    if (this.thumbURL) URL.revokeObjectURL(this.thumbURL);
    this.thumbURL = URL.createObjectURL(blob);
    this.shown.replaceChildren(el("img", { class: "thumb", src: this.thumbURL, alt: `Photo for ${this.name}` }));
  }
}

/** The markup editor: draws red strokes on the photo with a finger, mouse or pen. Resolves to
 *  the canvas, or null when cancelled. */
function markUp(photo, name) {
  return new Promise((resolve) => {
    const canvas = el("canvas", { "aria-label": `Draw on the photo for ${name}`, role: "img" });
    canvas.width = photo.width;
    canvas.height = photo.height;
    const context = canvas.getContext("2d");
    context.drawImage(photo, 0, 0);
    context.strokeStyle = "#ff3b30";
    context.lineCap = "round";
    context.lineJoin = "round";
    context.lineWidth = Math.max(4, Math.round(Math.max(photo.width, photo.height) / 120));
    const strokes = [];
    let last = null;
    const point = (event) => {
      const box = canvas.getBoundingClientRect();
      const scale = Math.min(box.width / canvas.width, box.height / canvas.height);
      const left = box.left + (box.width - canvas.width * scale) / 2;
      const top = box.top + (box.height - canvas.height * scale) / 2;
      return [(event.clientX - left) / scale, (event.clientY - top) / scale];
    };
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

/** audio and video. */
export class RecordingControl extends MediaControl {
  labelTag() {
    return "span";
  }

  constructor(field, context) {
    super(field, context, field.type === "video" ? "video" : "audio");
    this.seconds = Number.isFinite(field.maxDurationSeconds) && field.maxDurationSeconds > 0 ? field.maxDurationSeconds : 10;
    this.limit = (Number.isFinite(field.maxSizeK) && field.maxSizeK > 0 ? field.maxSizeK : (this.kind === "video" ? 1000 : 100)) * 1024;
    this.placeholder = field.placeholder || "Start Recording";
    this.button = el("button", { id: this.controlId, type: "button", class: "button", text: this.placeholder,
      onclick: () => (this.recorder ? this.stop() : this.record()) });
    this.timer = el("span", { class: "hint", "aria-live": "off" });
    this.body.append(el("div", { class: "actions" }, this.button), this.timer,
      el("p", { class: "hint", text: `At most ${this.seconds} s and ${Math.round(this.limit / 1024)} KB.` }),
      this.progress, this.state, this.shown);
    this.recorder = null;
  }

  type() {
    const candidates = this.kind === "video"
      ? ["video/webm;codecs=vp8,opus", "video/webm", "video/mp4"]
      : ["audio/webm;codecs=opus", "audio/webm", "audio/mp4"];
    return candidates.find((type) => window.MediaRecorder && MediaRecorder.isTypeSupported(type)) || "";
  }

  async record() {
    if (!window.MediaRecorder || !navigator.mediaDevices) {
      this.showError("This browser cannot record.");
      return;
    }
    let stream;
    try {
      stream = await navigator.mediaDevices.getUserMedia(this.kind === "video" ? { video: true, audio: true } : { audio: true });
    } catch (error) {
      this.showError(`No ${this.kind === "video" ? "camera" : "microphone"}: ${error.message}`);
      return;
    }
    this.showError("");
    const type = this.type();
    const recorder = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
    const chunks = [];
    let size = 0;
    let preview = null;
    if (this.kind === "video") {
      preview = el("video", { class: "preview", autoplay: true, muted: true, playsinline: true, "aria-label": `Recording ${this.name}` });
      preview.srcObject = stream;
      this.shown.replaceChildren(preview);
    }
    recorder.ondataavailable = (event) => {
      if (!event.data || event.data.size === 0) return;
      chunks.push(event.data);
      size += event.data.size;
      // The size limit: stop once the next second would pass it.
      if (size >= this.limit * 0.9 && recorder.state === "recording") this.stop();
    };
    const started = Date.now();
    recorder.onstop = () => {
      stopStream(stream);
      clearInterval(this.tick);
      clearTimeout(this.deadline);
      this.recorder = null;
      this.button.textContent = this.placeholder;
      this.timer.textContent = "";
      const blob = new Blob(chunks, { type: (recorder.mimeType || type || `${this.kind}/webm`).split(";")[0] });
      if (blob.size === 0) {
        this.showError("Nothing was recorded.");
        return;
      }
      if (blob.size > this.limit) {
        this.showError(`The recording is larger than ${Math.round(this.limit / 1024)} KB; record a shorter one.`);
        this.shown.replaceChildren();
        return;
      }
      this.show(blob);
      this.captured(blob);
    };
    this.recorder = recorder;
    recorder.start(250);
    this.button.textContent = "Stop";
    this.tick = setInterval(() => {
      this.timer.textContent = `${((Date.now() - started) / 1000).toFixed(0)} s of ${this.seconds} s`;
    }, 250);
    this.deadline = setTimeout(() => this.stop(), this.seconds * 1000);
  }

  stop() {
    if (this.recorder && this.recorder.state !== "inactive") this.recorder.stop();
  }

  show(blob) {
    if (this.mediaURL) URL.revokeObjectURL(this.mediaURL);
    this.mediaURL = URL.createObjectURL(blob);
    this.shown.replaceChildren(el(this.kind, { class: "player", controls: true, src: this.mediaURL, "aria-label": `Recording for ${this.name}` }));
  }
}

/** barcode: a text field always; the camera's BarcodeDetector, or a photo decoded by the server. */
export class BarcodeControl extends Control {
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

  read() {
    return this.input.value === "" ? null : this.input.value;
  }

  choose(codes) {
    this.codes.replaceChildren(...codes.map((code) => el("button", { type: "button", class: "button secondary",
      text: code.text, title: code.format || "", onclick: () => { this.input.value = code.text; this.codes.replaceChildren(); } })));
    this.state.textContent = codes.length ? "Tap the code to use:" : "No code was found.";
  }

  async scan() {
    let stream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
    } catch (error) {
      this.showError(`No camera: ${error.message}`);
      return;
    }
    const detector = new window.BarcodeDetector();
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
    const chosen = this.photo.files && this.photo.files[0];
    if (!chosen) return;
    this.state.textContent = "Reading the code…";
    try {
      const blob = chosen.type === "image/png" || chosen.type === "image/jpeg" ? chosen : await jpeg(await canvasOf(chosen, 2000));
      const answer = await this.context.api.upload("/device/barcode", blob);
      this.choose(Array.isArray(answer && answer.codes) ? answer.codes : []);
    } catch (error) {
      this.state.textContent = "";
      this.showError(error instanceof OfflineError ? "Offline: type the code instead." : `The code could not be read: ${error.message}`);
    }
  }
}
