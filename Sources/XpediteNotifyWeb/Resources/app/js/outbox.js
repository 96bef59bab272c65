// Answers go out through a queue in IndexedDB: an answer is saved first ("waiting to send"),
// then sent; media captured but not uploaded yet travels in the entry as blobs and is uploaded
// first (each document name saved back into the entry, so nothing is uploaded twice). The
// responseId is made once, when the answer is made, so however often a send is retried the
// server publishes it once (docs/notify-api.md#device-routes: the same responseId again → 200,
// same object).
import * as db from "./db.js";
import { ApiError, OfflineError } from "./api.js";

/**
 * Media captured but not uploaded when the answer was made: `ref` stands for it in the values
 * until it is uploaded as the document `name`.
 * @typedef {object} PendingMedia
 * @property {string} ref `pending:<uuid>`
 * @property {string} kind the document kind (`image`, `audio`, `video`)
 * @property {Blob} blob
 * @property {string} [name] the document's name, once uploaded
 */

/**
 * Why the server refused an answer: its status, message and issues.
 * @typedef {object} Refusal
 * @property {number} status
 * @property {string} message
 * @property {import("./api.js").Issue[]} issues
 */

/**
 * An answer as the queue keeps it (one IndexedDB record, keyed by `responseId`).
 * @typedef {object} QueueEntry
 * @property {string} responseId
 * @property {string} [messageId] the message answered, or
 * @property {string} [request] the start request sent
 * @property {string} [title]
 * @property {number} submitValue
 * @property {Record<string, unknown>} values
 * @property {PendingMedia[]} [media]
 * @property {string} username
 * @property {number} createdAt milliseconds since 1970
 * @property {"waiting" | "rejected"} state
 * @property {Refusal | null} error
 */

/**
 * A new answer, before the queue adds its owner, time and state.
 * @typedef {Omit<QueueEntry, "username" | "createdAt" | "state" | "error">} NewEntry
 */

/**
 * What a send came to.
 * @typedef {{state: "sent", response: unknown} | {state: "waiting"} | {state: "rejected", error: any}} SendResult
 */

export class Outbox {
  /**
   * `onChange()` is called whenever the queue changes.
   * @param {import("./api.js").Api} api
   * @param {string} username
   * @param {() => void} onChange
   */
  constructor(api, username, onChange) {
    this.api = api;
    this.username = username;
    this.onChange = onChange;
    /** @type {Promise<void> | null} */
    this.flushing = null;
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.timer = null;
  }

  /** @returns {Promise<QueueEntry[]>} this user's answers, oldest first */
  entries() {
    return db.list(this.username);
  }

  /**
   * Saves a new answer: {responseId, messageId | request, title, submitValue, values,
   * media: [{ref, kind, blob, name?}]}.
   * @param {NewEntry} entry
   */
  async add(entry) {
    /** @type {QueueEntry} */
    const saved = Object.assign({ username: this.username, createdAt: Date.now(), state: /** @type {const} */ ("waiting"), error: null }, entry);
    await db.put(saved);
    this.onChange();
  }

  /** @param {string} responseId */
  async discard(responseId) {
    await db.remove(responseId);
    this.onChange();
  }

  /**
   * Sends one entry; resolves to {state: "sent", response} | {state: "waiting"} |
   * {state: "rejected", error}. A rejected entry (4xx) stays, marked, until discarded.
   * @param {QueueEntry} entry
   * @returns {Promise<SendResult>}
   */
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
      /** @type {Record<string, unknown>} */
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
      const refused = /** @type {Partial<import("./api.js").ApiError>} */ (error);
      entry.error = { status: refused.status || 0, message: /** @type {string} */ (refused.message), issues: refused.issues || [] };
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
