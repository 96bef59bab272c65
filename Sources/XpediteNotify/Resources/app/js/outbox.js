// Answers go out through a queue in IndexedDB: an answer is saved first ("waiting to send"),
// then sent; media captured but not uploaded yet travels in the entry as blobs and is uploaded
// first (each document name saved back into the entry, so nothing is uploaded twice). The
// responseId is made once, when the answer is made, so however often a send is retried the
// server publishes it once (docs/notify-api.md#device-routes: the same responseId again → 200,
// same object).
import * as db from "./db.js";
import { ApiError, OfflineError } from "./api.js";

export class Outbox {
  /** `onChange()` is called whenever the queue changes. */
  constructor(api, username, onChange) {
    this.api = api;
    this.username = username;
    this.onChange = onChange;
    this.flushing = null;
    this.timer = null;
  }

  entries() {
    return db.list(this.username);
  }

  /** Saves a new answer: {responseId, messageId | request, title, submitValue, values,
   *  media: [{ref, kind, blob, name?}]}. */
  async add(entry) {
    await db.put(Object.assign({ username: this.username, createdAt: Date.now(), state: "waiting", error: null }, entry));
    this.onChange();
  }

  async discard(responseId) {
    await db.remove(responseId);
    this.onChange();
  }

  /** Sends one entry; resolves to {state: "sent", response} | {state: "waiting"} |
   *  {state: "rejected", error}. A rejected entry (4xx) stays, marked, until discarded. */
  async send(entry) {
    try {
      for (const media of entry.media || []) {
        if (media.name) continue;
        const answer = await this.api.upload(`/device/documents?kind=${media.kind}`, media.blob);
        media.name = answer.name;
        await db.put(entry);
      }
      const values = Object.assign({}, entry.values);
      for (const media of entry.media || []) {
        for (const key of Object.keys(values)) if (values[key] === media.ref) values[key] = media.name;
      }
      const body = { responseId: entry.responseId, submitValue: entry.submitValue, values };
      if (entry.messageId) body.messageId = entry.messageId;
      else body.request = entry.request;
      const response = await this.api.respond(body);
      await db.remove(entry.responseId);
      this.onChange();
      return { state: "sent", response };
    } catch (error) {
      if (error instanceof OfflineError || (error instanceof ApiError && error.status >= 500)) {
        this.schedule();
        return { state: "waiting" };
      }
      entry.state = "rejected";
      entry.error = { status: error.status || 0, message: error.message, issues: error.issues || [] };
      await db.put(entry);
      this.onChange();
      return { state: "rejected", error };
    }
  }

  /** Sends every waiting entry, one at a time (one run at a time). */
  flush() {
    if (!this.flushing) {
      this.flushing = (async () => {
        try {
          for (const entry of await this.entries()) {
            if (entry.state !== "waiting") continue;
            const result = await this.send(entry);
            if (result.state === "waiting") break;
          }
        } finally {
          this.flushing = null;
        }
      })();
    }
    return this.flushing;
  }

  /** Tries again in a few seconds (while anything waits). */
  schedule() {
    if (this.timer) return;
    this.timer = setTimeout(async () => {
      this.timer = null;
      const waiting = (await this.entries()).some((entry) => entry.state === "waiting");
      if (waiting) this.flush();
    }, 3000);
  }

  stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
