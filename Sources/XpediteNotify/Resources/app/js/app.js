// Xpedite Notify, the app: sign-in, the inbox (live through GET /device/events), the Start tab,
// the form of a message or start request, the queue of answers waiting to be sent, Web Push.
// Routes are the URL's hash: #/inbox, #/start, #/message/<id>, #/request/<name>.
import { el, replace, age, uuid } from "./dom.js";
import { Api, ApiError, OfflineError } from "./api.js";
import { listen } from "./events.js";
import { Outbox } from "./outbox.js";
import { Form } from "./form.js";
import * as db from "./db.js";
import { subscribe, unsubscribe } from "./push.js";

const SESSION = "xpedite-notify-session";
const DEVICE = "xpedite-notify-device";
const DATA_CACHE = "xpedite-notify-data";

const view = document.getElementById("view");
const title = document.getElementById("title");
const tabs = document.getElementById("tabs");
const statusLine = document.getElementById("status");
const accountButton = document.getElementById("account");

/** Tap-to-drawn times of the inbox and of a form, for the benchmark (scripts/bench-notify-app). */
const timings = [];
window.notifyTimings = timings;

const state = {
  session: null, api: null, outbox: null, stopEvents: null, inbox: [], inboxLoaded: false, queue: [], connected: false,
  registration: null, pushStatus: "", prefetched: new Set(), route: null, tapAt: null,
  // The messages whose answer send() has on its way.
  sending: new Set(),
};

function readSession() {
  try {
    const session = JSON.parse(localStorage.getItem(SESSION) || "null");
    return session && typeof session.token === "string" && typeof session.username === "string" ? session : null;
  } catch {
    return null;
  }
}

function deviceId() {
  let id = localStorage.getItem(DEVICE);
  if (!id) {
    id = `web-${uuid()}`;
    localStorage.setItem(DEVICE, id);
  }
  return id;
}

function deviceName() {
  const agent = navigator.userAgent;
  const browser = /Firefox\//.test(agent) ? "Firefox" : /Edg\//.test(agent) ? "Edge" : /Chrom/.test(agent) ? "Chrome" : /Safari\//.test(agent) ? "Safari" : "Browser";
  const system = /Android/.test(agent) ? "Android" : /iPhone|iPad/.test(agent) ? "iOS" : /Mac OS/.test(agent) ? "macOS" : /Windows/.test(agent) ? "Windows" : /Linux/.test(agent) ? "Linux" : "";
  return `${browser}${system ? ` on ${system}` : ""}`;
}

function setStatus() {
  const waiting = state.queue.filter((entry) => entry.state === "waiting").length;
  const parts = [];
  if (state.session && !state.connected) parts.push("offline");
  if (waiting) parts.push(`${waiting} waiting to send`);
  statusLine.textContent = parts.join(" · ");
  statusLine.classList.toggle("offline", Boolean(state.session && !state.connected));
}

/** Records the time from the last tap to the next drawn frame. */
function drawn(kind) {
  const started = state.tapAt;
  state.tapAt = null;
  if (started === null) return;
  requestAnimationFrame(() => setTimeout(() => timings.push({ kind, ms: performance.now() - started }), 0));
}

document.addEventListener("pointerdown", () => { state.tapAt = performance.now(); }, true);
document.addEventListener("keydown", (event) => { if (event.key === "Enter") state.tapAt = performance.now(); }, true);

// ---- Sign in and out ----

function showSignIn(message) {
  tabs.hidden = true;
  accountButton.hidden = true;
  title.textContent = "Xpedite Notify";
  const error = el("p", { class: "error-text", role: "alert", hidden: !message, text: message || "" });
  const username = el("input", { id: "username", name: "username", autocomplete: "username", autocapitalize: "none", required: true });
  const password = el("input", { id: "password", name: "password", type: "password", autocomplete: "current-password", required: true });
  const button = el("button", { type: "submit", class: "button wide", text: "Sign in" });
  const form = el("form", { class: "card signin", "aria-label": "Sign in" },
    el("h2", { text: "Sign in" }),
    el("label", { for: "username", text: "Username" }), username,
    el("label", { for: "password", text: "Password" }), password,
    button, error);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.hidden = true;
    button.disabled = true;
    try {
      const answer = await new Api(null).login({ username: username.value.trim(), password: password.value,
        deviceId: deviceId(), deviceName: deviceName(), platform: "web" });
      localStorage.setItem(SESSION, JSON.stringify({ token: answer.deviceToken, username: answer.username }));
      await start();
      turnOnPush();
    } catch (failure) {
      error.textContent = failure instanceof OfflineError ? "No connection to the server." : (failure.status === 401 ? "Wrong username or password." : failure.message);
      error.hidden = false;
    } finally {
      button.disabled = false;
    }
  });
  replace(view, form);
  username.focus();
}

async function signOut() {
  const { api, session } = state;
  stop();
  try {
    if (api) await api.logout();
  } catch {
    // Offline or already signed out: the token is dropped here anyway.
  }
  await unsubscribe(state.registration);
  if (session) await db.clear(session.username);
  await caches.delete(DATA_CACHE).catch(() => false);
  localStorage.removeItem(SESSION);
  location.hash = "#/inbox";
  showSignIn();
}

function stop() {
  if (state.stopEvents) state.stopEvents();
  if (state.outbox) state.outbox.stop();
  Object.assign(state, { session: null, api: null, outbox: null, stopEvents: null, inbox: [], inboxLoaded: false, queue: [],
    connected: false, prefetched: new Set() });
  setStatus();
}

/** Starts a signed-in session: the API, the queue, the event stream, the current route. */
async function start() {
  const session = readSession();
  if (!session) {
    showSignIn();
    return;
  }
  state.session = session;
  state.api = new Api(session.token, () => { stop(); localStorage.removeItem(SESSION); showSignIn("Signed out: sign in again."); });
  state.outbox = new Outbox(state.api, session.username, () => refreshQueue());
  tabs.hidden = false;
  accountButton.hidden = false;
  await refreshQueue();
  state.outbox.flush();
  state.stopEvents = listen(state.api, {
    event: (type, data) => {
      if (type === "message") loadInbox();
      else if (type === "answered") answered(data.messageId);
      else if (type === "withdrawn") withdrawn(data.messageId, data.reason);
    },
    state: (open) => {
      state.connected = open;
      setStatus();
      if (open) {
        loadInbox();
        state.outbox.flush();
      }
    },
    unauthorized: () => state.api.onUnauthorized(),
  });
  route();
}

async function refreshQueue() {
  if (!state.session) return;
  const before = state.queue;
  state.queue = await state.outbox.entries();
  setStatus();
  if (state.route && state.route.name === "inbox") renderInbox();
  // The message on screen shows its waiting answer: once the queue sent it, say so; once the
  // server refused it, show the form again.
  const shown = state.route && state.route.name === "message" && !state.sending.has(state.route.id) ? state.route.id : null;
  const waiting = (entries) => entries.some((entry) => entry.messageId === shown && entry.state === "waiting");
  if (shown && waiting(before) && !waiting(state.queue)) {
    if (state.queue.some((entry) => entry.messageId === shown)) route();
    else {
      showNotice("Your answer was sent.");
      goToInbox();
    }
  }
}

// ---- Inbox ----

async function loadInbox() {
  if (!state.api) return;
  try {
    const answer = await state.api.inbox();
    state.inbox = Array.isArray(answer.messages) ? answer.messages : [];
    state.inboxLoaded = true;
    state.inboxError = null;
    prefetch();
  } catch (error) {
    if (error instanceof OfflineError) state.inboxError = "Offline, and the inbox was never loaded on this device.";
    else if (!(error instanceof ApiError && error.status === 401)) state.inboxError = error.message;
  }
  if (state.route && state.route.name === "inbox") renderInbox();
}

/** Loads each message's payload once, so the service worker keeps it for offline use. */
function prefetch() {
  for (const message of state.inbox) {
    if (state.prefetched.has(message.messageId)) continue;
    state.prefetched.add(message.messageId);
    state.api.message(message.messageId).catch(() => state.prefetched.delete(message.messageId));
  }
}

function answered(messageId) {
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

/** A withdrawn or expired message (the event stream's `withdrawn`, or the service worker's word
 *  of a withdrawal push): it leaves the inbox, and its open form closes with a notice saying so. */
function withdrawn(messageId, reason) {
  if (typeof messageId !== "string") return;
  state.inbox = state.inbox.filter((message) => message.messageId !== messageId);
  state.prefetched.delete(messageId);
  if (isRoute("inbox")) renderInbox();
  if (isRoute("message", messageId)) showWithdrawn(reason);
}

/** Replaces the form on screen by the notice that its message was withdrawn (with the sender's
 *  reason, when one was given). */
function showWithdrawn(reason) {
  const back = el("button", { type: "button", class: "back", text: "‹ Back", onclick: () => { location.hash = "#/inbox"; } });
  const why = typeof reason === "string" && reason && reason !== "expired" ? ` Reason: ${reason}` : "";
  const text = reason === "expired" ? "This message was withdrawn: it expired." : `This message was withdrawn.${why}`;
  replace(view, back, el("p", { class: "notice bad", id: "withdrawn", role: "alert", text }));
  drawn("message");
}

/** Goes to the inbox; draws it again when it is already there (setting the same hash does nothing). */
function goToInbox() {
  if (location.hash === "#/inbox") route();
  else location.hash = "#/inbox";
}

/** A short notice above the inbox ("Sent."), kept for 4 s across its live redraws. */
let notice = null;
function showNotice(text, bad) {
  notice = { text, bad, until: Date.now() + 4000 };
}

function takeNotice() {
  if (notice && Date.now() > notice.until) notice = null;
  return notice ? el("p", { class: `notice${notice.bad ? " bad" : ""}`, role: "status", text: notice.text }) : null;
}

function renderInbox() {
  title.textContent = "Inbox";
  const queued = new Map(state.queue.filter((entry) => entry.messageId).map((entry) => [entry.messageId, entry]));
  const items = state.inbox.map((message) => {
    const entry = queued.get(message.messageId);
    const badge = entry ? (entry.state === "rejected"
      ? el("span", { class: "badge bad", text: `Not sent: ${entry.error ? entry.error.message : "refused"}` })
      : el("span", { class: "badge", text: "waiting to send" })) : null;
    return el("li", {}, el("button", {
      type: "button", class: "item", "data-message": message.messageId,
      onclick: () => { location.hash = `#/message/${encodeURIComponent(message.messageId)}`; },
    }, el("span", { class: "item-head" }, el("span", { class: "item-title", text: message.title }),
      el("span", { class: "item-age", text: age(message.sentAt) })),
    el("span", { class: "item-body", text: message.body }), badge));
  });
  const requests = state.queue.filter((entry) => !entry.messageId).map((entry) => el("li", {},
    el("div", { class: "item" }, el("span", { class: "item-title", text: entry.title || entry.request }),
      el("span", { class: "badge" + (entry.state === "rejected" ? " bad" : ""),
        text: entry.state === "rejected" ? `Not sent: ${entry.error ? entry.error.message : "refused"}` : "waiting to send" }),
      entry.state === "rejected" ? el("button", { type: "button", class: "button secondary", text: "Discard",
        onclick: () => state.outbox.discard(entry.responseId) }) : null)));
  // A refused answer to a message that left the inbox (answered elsewhere) is of no more use;
  // known only once the inbox was loaded.
  const rejectedMessages = state.inboxLoaded ? state.queue.filter((entry) => entry.messageId && entry.state === "rejected"
    && !state.inbox.some((message) => message.messageId === entry.messageId)) : [];
  for (const entry of rejectedMessages) state.outbox.discard(entry.responseId);
  const content = [];
  const current = takeNotice();
  if (current) content.push(current);
  if (state.inboxError && !state.inbox.length) content.push(el("p", { class: "notice bad", text: state.inboxError }));
  if (!items.length && !requests.length && !state.inboxError) content.push(el("p", { class: "empty", text: "No messages. New ones appear here." }));
  if (items.length) content.push(el("ul", { class: "list", id: "inbox", "aria-label": "Messages" }, ...items));
  if (requests.length) content.push(el("h3", { class: "section-label", text: "Started by you" }), el("ul", { class: "list" }, ...requests));
  replace(view, ...content);
  drawn("inbox");
}

// ---- Start tab ----

async function renderStart() {
  title.textContent = "Start";
  replace(view, el("p", { class: "empty", text: "Loading…" }));
  try {
    const answer = await state.api.requests();
    const requests = Array.isArray(answer.requests) ? answer.requests : [];
    if (!isRoute("start")) return;
    replace(view, requests.length ? el("ul", { class: "list", id: "requests", "aria-label": "Start requests" }, ...requests.map((request) =>
      el("li", {}, el("button", { type: "button", class: "item", "data-request": request.name,
        onclick: () => { location.hash = `#/request/${encodeURIComponent(request.name)}`; } },
      el("span", { class: "item-title", text: request.title }), el("span", { class: "item-body", text: request.body })))))
      : el("p", { class: "empty", text: "Nothing to start." }));
    drawn("start");
  } catch (error) {
    if (isRoute("start")) replace(view, el("p", { class: "notice bad", text: error instanceof OfflineError ? "Offline." : error.message }));
  }
}

// ---- A form ----

function isRoute(name, id) {
  return state.route && state.route.name === name && (id === undefined || state.route.id === id);
}

async function renderForm(kind, id) {
  title.textContent = kind === "message" ? "Message" : "Start";
  const back = el("button", { type: "button", class: "back", text: "‹ Back", onclick: () => { location.hash = kind === "message" ? "#/inbox" : "#/start"; } });
  let item;
  try {
    item = kind === "message" ? await state.api.message(id) : await state.api.request(id);
  } catch (error) {
    if (!isRoute(kind, id)) return;
    if (error instanceof ApiError && error.status === 410) {
      showWithdrawn(null);
      return;
    }
    const text = error instanceof OfflineError ? "Offline: this message was not kept on this device." : error.message;
    replace(view, back, el("p", { class: "notice bad", text }));
    return;
  }
  if (!isRoute(kind, id)) return;
  const payload = kind === "message" ? (item.payload || {}) : item;
  const queued = state.queue.find((entry) => (kind === "message" ? entry.messageId === id : false) && entry.state === "waiting");
  const head = el("div", { class: "form-head" }, el("h2", { text: item.title || "" }), el("p", { text: item.body || "" }));
  if (queued) {
    replace(view, back, head, el("p", { class: "notice", text: "Your answer is waiting to send; it goes out when the connection is back." }));
    drawn("message");
    return;
  }
  const form = new Form(payload, { api: state.api }, (submitValue, values, media) => send(kind, id, item, submitValue, values, media));
  replace(view, back, head, form.element);
  drawn("message");
}

/** Sends the answer to a message or a start request (sendAnswer); a message's answer is noted as
 * on its way, so that the event stream's news of it is not taken for another device's. */
async function send(kind, id, item, submitValue, values, media) {
  if (kind !== "message") return sendAnswer(kind, id, item, submitValue, values, media);
  state.sending.add(id);
  try {
    return await sendAnswer(kind, id, item, submitValue, values, media);
  } finally {
    state.sending.delete(id);
  }
}

/** Queues the answer, then sends it: {state: "sent" | "waiting" | "rejected", error}. */
async function sendAnswer(kind, id, item, submitValue, values, media) {
  const entry = { responseId: uuid(), submitValue, values, media, title: item.title };
  if (kind === "message") {
    entry.messageId = id;
    // An earlier answer the server refused is replaced by this one.
    for (const old of state.queue) if (old.messageId === id && old.state === "rejected") await state.outbox.discard(old.responseId);
  }
  else entry.request = id;
  await state.outbox.add(entry);
  await state.outbox.flush();
  const after = (await state.outbox.entries()).find((candidate) => candidate.responseId === entry.responseId);
  if (!after) {
    if (kind === "message") state.inbox = state.inbox.filter((message) => message.messageId !== id);
    showNotice("Sent.");
    goToInbox();
    return { state: "sent" };
  }
  if (after.state === "rejected") {
    await state.outbox.discard(entry.responseId);
    if (after.error && after.error.status === 409) {
      showNotice("This message was already answered.", true);
      goToInbox();
    } else if (after.error && after.error.status === 410) {
      state.inbox = state.inbox.filter((message) => message.messageId !== id);
      showNotice("This message was withdrawn: your answer was not taken.", true);
      goToInbox();
    }
    return { state: "rejected", error: after.error };
  }
  showNotice("Offline: your answer is waiting to send.");
  goToInbox();
  return { state: "waiting" };
}

// ---- Account ----

/** Subscribes to Web Push (after sign-in, or from the account view); the outcome is shown there. */
async function turnOnPush() {
  state.pushStatus = "Turning on push notifications…";
  showPushStatus();
  state.pushStatus = await subscribe(state.api, state.registration || await serviceWorkerReady());
  showPushStatus();
}

function showPushStatus() {
  const line = document.getElementById("push-status");
  if (line) line.textContent = state.pushStatus;
}

/** The active service worker's registration, or null when none is active within 30 s (a first
 * visit installs the shell first, which a slow phone may take seconds for). */
function serviceWorkerReady() {
  return "serviceWorker" in navigator ? Promise.race([navigator.serviceWorker.ready, new Promise((resolve) => setTimeout(() => resolve(null), 30000))]) : null;
}

function renderAccount() {
  title.textContent = "Account";
  replace(view, el("div", { class: "card" },
    el("p", { text: `Signed in as ${state.session.username}` }),
    el("p", { class: "hint", text: `This device: ${deviceName()} (${deviceId()})` }),
    el("p", { class: "hint", id: "push-status", text: state.pushStatus || "Push notifications: not set up yet." }),
    el("button", { type: "button", class: "button secondary wide", text: "Turn on push notifications", onclick: turnOnPush }),
    el("button", { type: "button", class: "button wide", id: "sign-out", text: "Sign out", onclick: signOut })));
  drawn("account");
}

// ---- Routing ----

function route() {
  if (!state.session) {
    showSignIn();
    return;
  }
  const hash = location.hash || "#/inbox";
  const [, name, raw] = /^#\/([a-z]+)(?:\/(.*))?$/.exec(hash) || [null, "inbox", null];
  const id = raw ? decodeURIComponent(raw) : undefined;
  state.route = { name, id };
  document.body.classList.toggle("in-form", name === "message" || name === "request");
  for (const tab of tabs.querySelectorAll("a")) {
    const current = tab.getAttribute("href") === `#/${name === "message" ? "inbox" : name === "request" ? "start" : name}`;
    if (current) tab.setAttribute("aria-current", "page");
    else tab.removeAttribute("aria-current");
  }
  window.scrollTo(0, 0);
  if (name === "message" && id) renderForm("message", id);
  else if (name === "request" && id) renderForm("request", id);
  else if (name === "start") renderStart();
  else if (name === "account") renderAccount();
  else {
    state.route = { name: "inbox" };
    renderInbox();
    loadInbox();
  }
}

window.addEventListener("hashchange", route);
window.addEventListener("online", () => { if (state.outbox) state.outbox.flush(); });
accountButton.addEventListener("click", () => { location.hash = "#/account"; });
setInterval(() => { if (isRoute("inbox")) renderInbox(); }, 30000);

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("sw.js", { scope: "./" }).then(() => navigator.serviceWorker.ready)
    .then((registration) => { state.registration = registration; })
    .catch(() => { state.registration = null; });
  navigator.serviceWorker.addEventListener("message", (event) => {
    const data = event.data || {};
    if (data.type === "open" && data.messageId) location.hash = `#/message/${encodeURIComponent(data.messageId)}`;
    else if (data.type === "push") loadInbox();
    else if (data.type === "withdrawn") withdrawn(data.messageId, null);
  });
}

start();
