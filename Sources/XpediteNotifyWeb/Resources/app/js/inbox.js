// The inbox: the messages waiting for an answer (GET /device/inbox, loaded again on every event
// of the stream), the answers waiting in the queue or refused, and what happens to the message on
// screen when it is answered elsewhere or withdrawn.
import { el, replace, age } from "./dom.js";
import { ApiError, OfflineError } from "./api.js";
import { takeNotice, showNotice } from "./notice.js";
import { messageHash } from "./routes.js";
import { drawn } from "./timings.js";
import { goToInbox, isRoute, page, signedIn, state } from "./state.js";

/** Loads the inbox and draws it when it is shown. */
export async function loadInbox() {
  if (!state.api) return;
  try {
    const answer = await state.api.inbox();
    state.inbox = Array.isArray(answer.messages) ? answer.messages : [];
    state.inboxLoaded = true;
    state.inboxError = null;
    prefetch();
  } catch (error) {
    if (error instanceof OfflineError) state.inboxError = "Offline, and the inbox was never loaded on this device.";
    else if (!(error instanceof ApiError && error.status === 401)) state.inboxError = /** @type {Error} */ (error).message;
  }
  if (state.route && state.route.name === "inbox") renderInbox();
}

/** Loads each message's payload once, so the service worker keeps it for offline use. */
function prefetch() {
  const { api } = signedIn();
  for (const message of state.inbox) {
    if (state.prefetched.has(message.messageId)) continue;
    state.prefetched.add(message.messageId);
    api.message(message.messageId).catch(() => state.prefetched.delete(message.messageId));
  }
}

/**
 * A message answered (the event stream's `answered`, on every device of the user): it leaves
 * the inbox, and its open form gives way to a notice.
 * @param {string} messageId
 */
export function answered(messageId) {
  state.inbox = state.inbox.filter((message) => message.messageId !== messageId);
  if (isRoute("inbox")) renderInbox();
  if (!isRoute("message", messageId)) return;
  // Every device of the user hears of an answer, this one too, and the event may come before the
  // answer's own 201: send() goes on to the inbox itself.
  if (state.sending.has(messageId)) return;
  // An answer still waiting in the queue is this device's own (refreshQueue goes to the inbox
  // in the same step as it drops a sent one from `state.queue`).
  const own = state.queue.some((entry) => entry.messageId === messageId && entry.state === "waiting");
  showNotice(own ? "Your answer was sent." : "This message was answered on another device.");
  goToInbox();
}

/**
 * A withdrawn or expired message (the event stream's `withdrawn`, or the service worker's word
 * of a withdrawal push): it leaves the inbox, and its open form closes with a notice saying so.
 * @param {unknown} messageId
 * @param {unknown} reason
 */
export function withdrawn(messageId, reason) {
  if (typeof messageId !== "string") return;
  state.inbox = state.inbox.filter((message) => message.messageId !== messageId);
  state.prefetched.delete(messageId);
  if (isRoute("inbox")) renderInbox();
  if (isRoute("message", messageId)) showWithdrawn(reason);
}

/**
 * Replaces the form on screen by the notice that its message was withdrawn (with the sender's
 * reason, when one was given).
 * @param {unknown} reason
 */
export function showWithdrawn(reason) {
  const back = el("button", { type: "button", class: "back", text: "‹ Back", onclick: () => { location.hash = "#/inbox"; } });
  const why = typeof reason === "string" && reason && reason !== "expired" ? ` Reason: ${reason}` : "";
  const text = reason === "expired" ? "This message was withdrawn: it expired." : `This message was withdrawn.${why}`;
  replace(page.view, back, el("p", { class: "notice bad", id: "withdrawn", role: "alert", text }));
  drawn("message");
}

/**
 * The badge of a queued answer: waiting to send, or refused with the server's reason.
 * @param {import("./outbox.js").QueueEntry} entry
 * @returns {string}
 */
function queuedText(entry) {
  return entry.state === "rejected" ? `Not sent: ${entry.error ? entry.error.message : "refused"}` : "waiting to send";
}

/** Draws the inbox: the notice, the messages (with their queued answers), the requests started. */
export function renderInbox() {
  const { outbox } = signedIn();
  page.title.textContent = "Inbox";
  const queued = new Map(state.queue.filter((entry) => entry.messageId).map((entry) => [entry.messageId, entry]));
  const items = state.inbox.map((message) => {
    const entry = queued.get(message.messageId);
    const badge = entry ? (entry.state === "rejected"
      ? el("span", { class: "badge bad", text: queuedText(entry) })
      : el("span", { class: "badge", text: "waiting to send" })) : null;
    return el("li", {}, el("button", {
      type: "button", class: "item", "data-message": message.messageId,
      onclick: () => { location.hash = messageHash(message.messageId); },
    }, el("span", { class: "item-head" }, el("span", { class: "item-title", text: message.title }),
      el("span", { class: "item-age", text: age(message.sentAt) })),
    el("span", { class: "item-body", text: message.body }), badge));
  });
  const requests = state.queue.filter((entry) => !entry.messageId).map((entry) => el("li", {},
    el("div", { class: "item" }, el("span", { class: "item-title", text: entry.title || entry.request }),
      el("span", { class: `badge${entry.state === "rejected" ? " bad" : ""}`, text: queuedText(entry) }),
      entry.state === "rejected" ? el("button", { type: "button", class: "button secondary", text: "Discard",
        onclick: () => outbox.discard(entry.responseId) }) : null)));
  // A refused answer to a message that left the inbox (answered elsewhere) is of no more use;
  // known only once the inbox was loaded.
  const rejectedMessages = state.inboxLoaded ? state.queue.filter((entry) => entry.messageId && entry.state === "rejected"
    && !state.inbox.some((message) => message.messageId === entry.messageId)) : [];
  for (const entry of rejectedMessages) outbox.discard(entry.responseId);
  const content = [];
  const current = takeNotice();
  if (current) content.push(current);
  if (state.inboxError && !state.inbox.length) content.push(el("p", { class: "notice bad", text: state.inboxError }));
  if (!items.length && !requests.length && !state.inboxError) content.push(el("p", { class: "empty", text: "No messages. New ones appear here." }));
  if (items.length) content.push(el("ul", { class: "list", id: "inbox", "aria-label": "Messages" }, ...items));
  if (requests.length) content.push(el("h3", { class: "section-label", text: "Started by you" }), el("ul", { class: "list" }, ...requests));
  replace(page.view, ...content);
  drawn("inbox");
}
