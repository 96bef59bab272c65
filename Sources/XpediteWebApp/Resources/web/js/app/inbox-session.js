// The inbox's device session made from the Xpedite sign-in (docs/phone-app.md#one-app, decision
// 0420): the notification API's device login with the name and password a person typed, and the
// logout with the Xpedite sign-out. Loaded when one of them is made, not with the app's start.

import { NOTIFY_SESSION } from "./inbox.js";

/** The notification app's key in localStorage (its app.js) for this device's id. */
export const NOTIFY_DEVICE = "xpedite-notify-device";

/**
 * The notification app's API module, with its base set to the app's own `v1` (the module computes
 * it from the page, which here is the Xpedite app's).
 * @param {string} appURL the notification app's absolute URL (`…/notify/app/`)
 * @param {string | null} token
 */
async function notifyApi(appURL, token) {
  /** @type {any} */
  const module = await import(new URL("js/api.js", appURL).href);
  const base = new URL("../v1", appURL).pathname;
  const api = new module.Api(token, null);
  api.url = (/** @type {string} */ path) => base + path;
  return api;
}

/** The browser and system, as the notification app names a device. */
function deviceName() {
  const agent = navigator.userAgent;
  const browser = /Firefox\//.test(agent) ? "Firefox" : /Edg\//.test(agent) ? "Edge" : /Chrom/.test(agent) ? "Chrome" : /Safari\//.test(agent) ? "Safari" : "Browser";
  return `${browser} (Xpedite app)`;
}


/**
 * Signs the inbox in with the credentials of the Xpedite sign-in (the notification API checks
 * them itself) and keeps the device token the notification app reads; the password is used for
 * this one call and kept nowhere. Returns whether the inbox is signed in.
 * @param {string} appURL the notification app's absolute URL
 * @param {Storage} storage
 * @param {{username: string, password: string}} credentials
 * @returns {Promise<boolean>}
 */
export async function signInInbox(appURL, storage, credentials) {
  const api = await notifyApi(appURL, null);
  let device = storage.getItem(NOTIFY_DEVICE);
  if (!device) {
    device = `web-${crypto.randomUUID()}`;
    storage.setItem(NOTIFY_DEVICE, device);
  }
  let answer;
  try {
    answer = await api.login({ username: credentials.username, password: credentials.password, deviceId: device, deviceName: deviceName(), platform: "web" });
  } catch (error) {
    // 401: the Xpedite sign-in failed too, or this person is not in the shared directory.
    if (error && /** @type {any} */ (error).status === 401) return false;
    throw error;
  }
  storage.setItem(NOTIFY_SESSION, JSON.stringify({ token: answer.deviceToken, username: answer.username }));
  return true;
}

/**
 * Revokes the inbox's device token (already forgotten by the caller).
 * @param {string} appURL the notification app's absolute URL
 * @param {string} token
 */
export async function signOutInbox(appURL, token) {
  const api = await notifyApi(appURL, token);
  await api.logout();
}
