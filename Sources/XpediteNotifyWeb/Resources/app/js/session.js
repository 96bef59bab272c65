// The signed-in session kept in localStorage (the device token and the username) and this
// browser's device: its id, made once, and a name from its user agent ("Chrome on Android").
import { uuid } from "./dom.js";

const SESSION = "xpedite-notify-session";
const DEVICE = "xpedite-notify-device";

/**
 * A signed-in session: the device token of POST /device/login and whose it is.
 * @typedef {{token: string, username: string}} Session
 */

/**
 * The session kept by the last sign-in, or null (none, or unreadable).
 * @returns {Session | null}
 */
export function readSession() {
  try {
    const session = JSON.parse(localStorage.getItem(SESSION) || "null");
    return session && typeof session.token === "string" && typeof session.username === "string" ? session : null;
  } catch {
    return null;
  }
}

/**
 * Keeps a new session.
 * @param {Session} session
 */
export function saveSession(session) {
  localStorage.setItem(SESSION, JSON.stringify({ token: session.token, username: session.username }));
}

/** Forgets the session (sign-out, or a token the server refused). */
export function forgetSession() {
  localStorage.removeItem(SESSION);
}

/**
 * This browser's device id (`web-<uuid>`), made at the first sign-in and kept.
 * @returns {string}
 */
export function deviceId() {
  let id = localStorage.getItem(DEVICE);
  if (!id) {
    id = `web-${uuid()}`;
    localStorage.setItem(DEVICE, id);
  }
  return id;
}

/**
 * A device's name from its user agent: the browser, and the system when known.
 * @param {string} agent navigator.userAgent
 * @returns {string}
 */
export function deviceName(agent) {
  const browser = /Firefox\//.test(agent) ? "Firefox" : /Edg\//.test(agent) ? "Edge" : /Chrom/.test(agent) ? "Chrome" : /Safari\//.test(agent) ? "Safari" : "Browser";
  const system = /Android/.test(agent) ? "Android" : /iPhone|iPad/.test(agent) ? "iOS" : /Mac OS/.test(agent) ? "macOS" : /Windows/.test(agent) ? "Windows" : /Linux/.test(agent) ? "Linux" : "";
  return `${browser}${system ? ` on ${system}` : ""}`;
}
