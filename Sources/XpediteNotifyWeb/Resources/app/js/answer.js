// The form of a message or a start request (form.js), and its answer: queued first, then sent
// (outbox.js), with what the person sees after (sent, waiting offline, refused).
import { el, replace, uuid } from "./dom.js";
import { ApiError, OfflineError } from "./api.js";
import { Form } from "./form.js";
import { showWithdrawn } from "./inbox.js";
import { showNotice } from "./notice.js";
import { drawn } from "./timings.js";
import { goToInbox, isRoute, page, signedIn, state } from "./state.js";

/** @typedef {import("./outbox.js").PendingMedia} PendingMedia */
/** @typedef {import("./form.js").SubmitResult} SubmitResult */

/**
 * Loads and draws the form of a message (`kind` "message") or of a start request ("request").
 * @param {"message" | "request"} kind
 * @param {string} id the message's id or the request's name
 */
export async function renderForm(kind, id) {
  const { api } = signedIn();
  page.title.textContent = kind === "message" ? "Message" : "Start";
  const back = el("button", { type: "button", class: "back", text: "‹ Back", onclick: () => { location.hash = kind === "message" ? "#/inbox" : "#/start"; } });
  /** @type {import("./api.js").Message | import("./api.js").Payload} */
  let item;
  try {
    item = kind === "message" ? await api.message(id) : await api.request(id);
  } catch (error) {
    if (!isRoute(kind, id)) return;
    if (error instanceof ApiError && error.status === 410) {
      showWithdrawn(null);
      return;
    }
    const text = error instanceof OfflineError ? "Offline: this message was not kept on this device." : /** @type {Error} */ (error).message;
    replace(page.view, back, el("p", { class: "notice bad", text }));
    return;
  }
  if (!isRoute(kind, id)) return;
  const payload = kind === "message" ? (/** @type {import("./api.js").Message} */ (item).payload || {}) : item;
  const queued = state.queue.find((entry) => (kind === "message" ? entry.messageId === id : false) && entry.state === "waiting");
  const head = el("div", { class: "form-head" }, el("h2", { text: item.title || "" }), el("p", { text: item.body || "" }));
  if (queued) {
    replace(page.view, back, head, el("p", { class: "notice", text: "Your answer is waiting to send; it goes out when the connection is back." }));
    drawn("message");
    return;
  }
  const form = new Form(payload, { api }, (submitValue, values, media) => send(kind, id, item, submitValue, values, media));
  replace(page.view, back, head, form.element);
  drawn("message");
}

/**
 * Sends the answer to a message or a start request (sendAnswer); a message's answer is noted as
 * on its way, so that the event stream's news of it is not taken for another device's.
 * @param {"message" | "request"} kind
 * @param {string} id
 * @param {{title?: string}} item the message or request answered
 * @param {number} submitValue
 * @param {Record<string, unknown>} values
 * @param {PendingMedia[]} media
 * @returns {Promise<SubmitResult>}
 */
async function send(kind, id, item, submitValue, values, media) {
  if (kind !== "message") return sendAnswer(kind, id, item, submitValue, values, media);
  state.sending.add(id);
  try {
    return await sendAnswer(kind, id, item, submitValue, values, media);
  } finally {
    state.sending.delete(id);
  }
}

/**
 * Queues the answer, then sends it: {state: "sent" | "waiting" | "rejected", error}.
 * @param {"message" | "request"} kind
 * @param {string} id
 * @param {{title?: string}} item
 * @param {number} submitValue
 * @param {Record<string, unknown>} values
 * @param {PendingMedia[]} media
 * @returns {Promise<SubmitResult>}
 */
async function sendAnswer(kind, id, item, submitValue, values, media) {
  const { outbox } = signedIn();
  /** @type {import("./outbox.js").NewEntry} */
  const entry = { responseId: uuid(), submitValue, values, media, title: item.title };
  if (kind === "message") {
    entry.messageId = id;
    // An earlier answer the server refused is replaced by this one.
    for (const old of state.queue) if (old.messageId === id && old.state === "rejected") await outbox.discard(old.responseId);
  }
  else entry.request = id;
  await outbox.add(entry);
  await outbox.flush();
  const after = (await outbox.entries()).find((candidate) => candidate.responseId === entry.responseId);
  if (!after) {
    if (kind === "message") state.inbox = state.inbox.filter((message) => message.messageId !== id);
    showNotice("Sent.");
    goToInbox();
    return { state: "sent" };
  }
  if (after.state === "rejected") {
    await outbox.discard(entry.responseId);
    if (after.error && after.error.status === 409) {
      showNotice("This message was already answered.", true);
      goToInbox();
    } else if (after.error && after.error.status === 410) {
      state.inbox = state.inbox.filter((message) => message.messageId !== id);
      showNotice("This message was withdrawn: your answer was not taken.", true);
      goToInbox();
    }
    // A rejected entry always carries the server's refusal (outbox.js).
    return { state: "rejected", error: /** @type {import("./outbox.js").Refusal} */ (after.error) };
  }
  showNotice("Offline: your answer is waiting to send.");
  goToInbox();
  return { state: "waiting" };
}
