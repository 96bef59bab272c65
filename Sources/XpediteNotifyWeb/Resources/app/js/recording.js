// audio and video: MediaRecorder, stopped at maxDurationSeconds or maxSizeK
// (recording-limits.js), played back, and uploaded (media.js).
import { el } from "./dom.js";
import { MediaControl, stopStream } from "./media.js";
import { recordingLimits, recordingType } from "./recording-limits.js";

/** audio and video. */
export class RecordingControl extends MediaControl {
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
    const kind = field.type === "video" ? "video" : "audio";
    super(field, context, kind);
    /** @type {"audio" | "video"} */
    this.kind = kind;
    const limits = recordingLimits(field, kind);
    this.seconds = limits.seconds;
    this.limit = limits.bytes;
    this.placeholder = field.placeholder || "Start Recording";
    this.button = el("button", { id: this.controlId, type: "button", class: "button", text: this.placeholder,
      onclick: () => (this.recorder ? this.stop() : this.record()) });
    this.timer = el("span", { class: "hint", "aria-live": "off" });
    this.body.append(el("div", { class: "actions" }, this.button), this.timer,
      el("p", { class: "hint", text: `At most ${this.seconds} s and ${Math.round(this.limit / 1024)} KB.` }),
      this.progress, this.state, this.shown);
    /** @type {MediaRecorder | null} */
    this.recorder = null;
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this.tick = undefined;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.deadline = undefined;
    /** @type {string | undefined} */
    this.mediaURL = undefined;
  }

  /**
   * The MIME type this browser records in (recording-limits.js).
   * @returns {string}
   */
  type() {
    return recordingType(this.kind, (type) => Boolean(window.MediaRecorder) && MediaRecorder.isTypeSupported(type));
  }

  async record() {
    if (!window.MediaRecorder || !navigator.mediaDevices) {
      this.showError("This browser cannot record.");
      return;
    }
    /** @type {MediaStream} */
    let stream;
    try {
      stream = await navigator.mediaDevices.getUserMedia(this.kind === "video" ? { video: true, audio: true } : { audio: true });
    } catch (error) {
      this.showError(`No ${this.kind === "video" ? "camera" : "microphone"}: ${/** @type {Error} */ (error).message}`);
      return;
    }
    this.showError("");
    const type = this.type();
    const recorder = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
    /** @type {Blob[]} */
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

  /**
   * Plays the recording back.
   * @param {Blob} blob
   */
  show(blob) {
    if (this.mediaURL) URL.revokeObjectURL(this.mediaURL);
    this.mediaURL = URL.createObjectURL(blob);
    this.shown.replaceChildren(el(this.kind, { class: "player", controls: true, src: this.mediaURL, "aria-label": `Recording for ${this.name}` }));
  }
}
