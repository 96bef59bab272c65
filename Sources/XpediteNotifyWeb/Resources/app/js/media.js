// Captured media: camera and markupImage (photo.js: a photo from the file picker, which on a
// phone opens the camera, or a live preview through getUserMedia; markupImage then draws on it
// (markup.js); always uploaded as a JPEG), audio and video (recording.js: MediaRecorder, stopped
// at maxDurationSeconds or maxSizeK), and barcode (barcode.js: BarcodeDetector where the browser
// has one, else a photo decoded by POST /device/barcode; typing is always possible).
// What is captured uploads at once (POST /device/documents, with a progress bar) and the field
// shows it; offline, the blob waits in the answer's queue entry and uploads when it is sent.
// This module holds what the capturing fields share: the upload and the pending blob.
import { el, uuid } from "./dom.js";
import { Control } from "./field.js";
import { OfflineError } from "./api.js";

/**
 * Stops a camera or microphone stream.
 * @param {MediaStream | null | undefined} stream
 */
export function stopStream(stream) {
  if (stream) {
    for (const track of stream.getTracks()) track.stop();
  }
}

/** A field whose value is a document: upload on capture, progress, pending blob offline. */
export class MediaControl extends Control {
  /**
   * @param {import("./field.js").Field} field
   * @param {import("./field.js").Context} context
   * @param {string} kind the document kind uploaded (`image`, `audio`, `video`)
   */
  constructor(field, context, kind) {
    super(field, context);
    this.kind = kind;
    /** @type {string | null} the document name, once uploaded */
    this.value = null;
    /** @type {import("./outbox.js").PendingMedia | null} {ref, kind, blob} while not uploaded */
    this.pending = null;
    /** @type {Promise<void> | null} */
    this.uploading = null;
    this.progress = el("progress", { max: 1, value: 0, hidden: true, "aria-label": `Uploading ${this.name}` });
    this.state = el("p", { class: "hint upload-state", "aria-live": "polite" });
    this.shown = el("div", { class: "captured" });
  }

  /** @override */
  read() {
    return this.value || (this.pending ? this.pending.ref : null);
  }

  /** @override */
  pendingMedia() {
    return this.pending && !this.value ? [this.pending] : [];
  }

  /** @override */
  async settle() {
    if (this.uploading) await this.uploading.catch(() => {});
  }

  /**
   * Keeps a captured blob and uploads it now.
   * @param {Blob} blob
   */
  captured(blob) {
    this.value = null;
    this.pending = { ref: `pending:${uuid()}`, kind: this.kind, blob };
    this.showError("");
    this.uploading = this.upload(this.pending);
  }

  /** @param {import("./outbox.js").PendingMedia} pending */
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
        this.showError(`The upload failed: ${/** @type {Error} */ (error).message}`);
      }
    } finally {
      this.progress.hidden = true;
      this.uploading = null;
    }
  }
}
