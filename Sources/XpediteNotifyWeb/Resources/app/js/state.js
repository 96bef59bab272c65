// What the app's views share: the page's fixed elements, the signed-in state (the API, the
// queue, the inbox, the route), the status line, and the way back to the inbox.

/** @typedef {import("./api.js").Api} Api */
/** @typedef {import("./outbox.js").Outbox} Outbox */
/** @typedef {import("./routes.js").Route} Route */

/**
 * The page's element with `id` (index.html has each one).
 * @param {string} id
 * @returns {HTMLElement}
 */
function byId(id) {
  return /** @type {HTMLElement} */ (document.getElementById(id));
}

/** The page's fixed elements: the view, the title and status of the bar, the tabs, Account. */
export const page = {
  view: byId("view"),
  title: byId("title"),
  tabs: byId("tabs"),
  statusLine: byId("status"),
  accountButton: byId("account"),
};

/**
 * The app's state: empty while signed out.
 * @typedef {object} AppState
 * @property {import("./session.js").Session | null} session
 * @property {Api | null} api
 * @property {Outbox | null} outbox
 * @property {(() => void) | null} stopEvents stops the event stream
 * @property {import("./api.js").InboxMessage[]} inbox
 * @property {boolean} inboxLoaded whether the inbox was loaded since the sign-in
 * @property {string | null} [inboxError] why the inbox could not be loaded
 * @property {import("./outbox.js").QueueEntry[]} queue the answers waiting or refused
 * @property {boolean} connected whether the event stream is open
 * @property {ServiceWorkerRegistration | null} registration
 * @property {string} pushStatus the outcome of turning on Web Push
 * @property {Set<string>} prefetched the messages whose payload was loaded for offline use
 * @property {Route | null} route the route shown
 * @property {Set<string>} sending the messages whose answer send() has on its way
 */

/** @type {AppState} */
export const state = {
  session: null, api: null, outbox: null, stopEvents: null, inbox: [], inboxLoaded: false, queue: [], connected: false,
  registration: null, pushStatus: "", prefetched: new Set(), route: null,
  sending: new Set(),
};

/**
 * The signed-in API and queue: the views that use them are shown only while signed in.
 * @returns {{api: Api, outbox: Outbox}}
 */
export function signedIn() {
  return { api: /** @type {Api} */ (state.api), outbox: /** @type {Outbox} */ (state.outbox) };
}

/**
 * Whether the route shown is `name` (and `id`, when given).
 * @param {string} name
 * @param {string} [id]
 * @returns {boolean}
 */
export function isRoute(name, id) {
  return Boolean(state.route && state.route.name === name && (id === undefined || state.route.id === id));
}

/** The status line: offline, and how many answers wait to be sent. */
export function setStatus() {
  const waiting = state.queue.filter((entry) => entry.state === "waiting").length;
  const parts = [];
  if (state.session && !state.connected) parts.push("offline");
  if (waiting) parts.push(`${waiting} waiting to send`);
  page.statusLine.textContent = parts.join(" · ");
  page.statusLine.classList.toggle("offline", Boolean(state.session && !state.connected));
}

/** @type {() => void} draws the current route (app.js) */
let redraw = () => {};

/**
 * Sets what draws the current route again.
 * @param {() => void} draw
 */
export function setRedraw(draw) {
  redraw = draw;
}

/** Goes to the inbox; draws it again when it is already there (setting the same hash does nothing). */
export function goToInbox() {
  if (location.hash === "#/inbox") redraw();
  else location.hash = "#/inbox";
}
