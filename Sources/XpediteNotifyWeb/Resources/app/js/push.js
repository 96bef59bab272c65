// Web Push (docs/push.md#web-push): after sign-in, subscribe with the server's VAPID key and hand
// the subscription to the server (PUT /device/push-token). The service worker shows the push.
import { ApiError } from "./api.js";

/**
 * The bytes of a base64url text (the VAPID key).
 * @param {string} base64url
 * @returns {Uint8Array}
 */
function keyBytes(base64url) {
  const text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((base64url.length + 3) % 4));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/**
 * Subscribes; resolves to a short description of the outcome (shown in the account panel).
 * @param {import("./api.js").Api} api
 * @param {ServiceWorkerRegistration | null} registration
 * @returns {Promise<string>}
 */
export async function subscribe(api, registration) {
  if (!registration || !("PushManager" in window) || !("Notification" in window)) return "Push notifications are not available in this browser.";
  let key;
  try {
    key = await api.webPushKey();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return "This server does not send Web Push.";
    return `Push: ${/** @type {Error} */ (error).message}`;
  }
  const permission = Notification.permission === "default" ? await Notification.requestPermission() : Notification.permission;
  if (permission !== "granted") return "Notifications are not allowed for this app.";
  try {
    const wanted = keyBytes(key.publicKey);
    let subscription = await registration.pushManager.getSubscription();
    if (subscription?.options?.applicationServerKey) {
      const current = new Uint8Array(subscription.options.applicationServerKey);
      if (current.length !== wanted.length || current.some((byte, index) => byte !== wanted[index])) {
        await subscription.unsubscribe();
        subscription = null;
      }
    }
    if (!subscription) {
      // A browser without a reachable push service may never answer: give up after 20 s.
      /** @type {Promise<never>} */
      const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error("the browser's push service did not answer")), 20000));
      subscription = await Promise.race([registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: wanted }), timeout]);
    }
    const json = subscription.toJSON();
    // A subscription always has its endpoint and keys; without them this throws, and says so below.
    const keys = /** @type {Record<string, string>} */ (json.keys);
    await api.setWebPush({ endpoint: /** @type {string} */ (json.endpoint), keys: { p256dh: keys.p256dh, auth: keys.auth } });
    return "Push notifications are on.";
  } catch (error) {
    return `Push notifications are off: ${/** @type {Error} */ (error).message}`;
  }
}

/**
 * Drops this browser's subscription (sign-out).
 * @param {ServiceWorkerRegistration | null} registration
 */
export async function unsubscribe(registration) {
  try {
    const subscription = registration?.pushManager ? await registration.pushManager.getSubscription() : null;
    if (subscription) await subscription.unsubscribe();
  } catch {
    // No subscription to drop.
  }
}
