// Xpedite Notify, the app: sign-in (sign-in.js), the inbox (inbox.js, live through
// GET /device/events), the Start tab (start.js), the form of a message or start request
// (answer.js), the queue of answers waiting to be sent (outbox.js), the account and Web Push
// (account.js). This module starts and ends the signed-in session and shows the route: the URL's
// hash (routes.js).
import { Api } from "./api.js";
import { listen } from "./events.js";
import { Outbox } from "./outbox.js";
import * as db from "./db.js";
import { unsubscribe } from "./push.js";
import { forgetSession, readSession } from "./session.js";
import { messageHash, parseRoute, tabHref } from "./routes.js";
import { showSignIn } from "./sign-in.js";
import { answered, loadInbox, renderInbox, withdrawn } from "./inbox.js";
import { renderStart } from "./start.js";
import { renderForm } from "./answer.js";
import { renderAccount, turnOnPush } from "./account.js";
import { showNotice } from "./notice.js";
import { goToInbox, isRoute, page, setRedraw, setStatus, signedIn, state } from "./state.js";

const DATA_CACHE = "xpedite-notify-data";

/**
 * Shows the sign-in form; once signed in, the session starts and Web Push is turned on.
 * @param {string} [message]
 */
function signIn(message) {
  showSignIn(async () => {
    await start();
    turnOnPush();
  }, message);
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
  forgetSession();
  location.hash = "#/inbox";
  signIn();
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
    signIn();
    return;
  }
  state.session = session;
  const api = new Api(session.token, () => { stop(); forgetSession(); signIn("Signed out: sign in again."); });
  const outbox = new Outbox(api, session.username, () => refreshQueue());
  state.api = api;
  state.outbox = outbox;
  page.tabs.hidden = false;
  page.accountButton.hidden = false;
  await refreshQueue();
  outbox.flush();
  state.stopEvents = listen(api, {
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
        outbox.flush();
      }
    },
    unauthorized: () => api.onUnauthorized?.(),
  });
  route();
}

/** Reads the queue again (it changed) and shows what changed for the view on screen. */
async function refreshQueue() {
  if (!state.session) return;
  const before = state.queue;
  state.queue = await signedIn().outbox.entries();
  setStatus();
  if (state.route && state.route.name === "inbox") renderInbox();
  // The message on screen shows its waiting answer: once the queue sent it, say so; once the
  // server refused it, show the form again.
  const shown = state.route && state.route.name === "message" && state.route.id !== undefined && !state.sending.has(state.route.id) ? state.route.id : null;
  /** @param {import("./outbox.js").QueueEntry[]} entries */
  const waiting = (entries) => entries.some((entry) => entry.messageId === shown && entry.state === "waiting");
  if (shown && waiting(before) && !waiting(state.queue)) {
    if (state.queue.some((entry) => entry.messageId === shown)) route();
    else {
      showNotice("Your answer was sent.");
      goToInbox();
    }
  }
}

/** Shows the route of the URL's hash (the inbox for any other). */
function route() {
  if (!state.session) {
    signIn();
    return;
  }
  const { name, id } = parseRoute(location.hash);
  state.route = { name, id };
  document.body.classList.toggle("in-form", name === "message" || name === "request");
  for (const tab of page.tabs.querySelectorAll("a")) {
    const current = tab.getAttribute("href") === tabHref(name);
    if (current) tab.setAttribute("aria-current", "page");
    else tab.removeAttribute("aria-current");
  }
  window.scrollTo(0, 0);
  if (name === "message" && id) renderForm("message", id);
  else if (name === "request" && id) renderForm("request", id);
  else if (name === "start") renderStart();
  else if (name === "account") renderAccount(signOut);
  else {
    state.route = { name: "inbox" };
    renderInbox();
    loadInbox();
  }
}

setRedraw(route);
window.addEventListener("hashchange", route);
window.addEventListener("online", () => { if (state.outbox) state.outbox.flush(); });
page.accountButton.addEventListener("click", () => { location.hash = "#/account"; });
setInterval(() => { if (isRoute("inbox")) renderInbox(); }, 30000);

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("sw.js", { scope: "./" }).then(() => navigator.serviceWorker.ready)
    .then((registration) => { state.registration = registration; })
    .catch(() => { state.registration = null; });
  navigator.serviceWorker.addEventListener("message", (event) => {
    const data = event.data || {};
    if (data.type === "open" && data.messageId) location.hash = messageHash(data.messageId);
    else if (data.type === "push") loadInbox();
    else if (data.type === "withdrawn") withdrawn(data.messageId, null);
  });
}

start();
