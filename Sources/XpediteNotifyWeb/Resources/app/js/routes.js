// The app's routes, the URL's hash: #/inbox, #/start, #/account, #/message/<id>,
// #/request/<name>. Pure: the app reads them, the tests call them directly.

/**
 * A route: the view's name and, for a message or a request, its id.
 * @typedef {{name: string, id?: string}} Route
 */

/**
 * The route of a hash (the inbox for an empty or unreadable one).
 * @param {string} hash location.hash
 * @returns {Route}
 */
export function parseRoute(hash) {
  const [, name, raw] = /^#\/([a-z]+)(?:\/(.*))?$/.exec(hash || "#/inbox") || [null, "inbox", null];
  const id = raw ? decodeURIComponent(raw) : undefined;
  return { name: name || "inbox", id };
}

/**
 * The tab a view belongs to, as its link's href: a message to the inbox, a request to Start.
 * @param {string} name the route's name
 * @returns {string}
 */
export function tabHref(name) {
  return `#/${name === "message" ? "inbox" : name === "request" ? "start" : name}`;
}

/**
 * The hash of a message's form.
 * @param {string} messageId
 * @returns {string}
 */
export function messageHash(messageId) {
  return `#/message/${encodeURIComponent(messageId)}`;
}
