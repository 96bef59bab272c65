// Web Push (docs/push.md#web-push): after sign-in, subscribe with the server's VAPID key and hand
// the subscription to the server (PUT /device/push-token). The service worker shows the push.
import { ApiError } from "./api.js";

function keyBytes(base64url) {
  const text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((base64url.length + 3) % 4));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/** Subscribes; resolves to a short description of the outcome (shown in the account panel). */
export async function subscribe(api, registration) {
  if (!registration || !("PushManager" in window) || !("Notification" in window)) return "Push notifications are not available in this browser.";
  let key;
  try {
    key = await api.webPushKey();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return "This server does not send Web Push.";
    return `Push: ${error.message}`;
  }
  const permission = Notification.permission === "default" ? await Notification.requestPermission() : Notification.permission;
  if (permission !== "granted") return "Notifications are not allowed for this app.";
  try {
    const wanted = keyBytes(key.publicKey);
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && subscription.options && subscription.options.applicationServerKey) {
      const current = new Uint8Array(subscription.options.applicationServerKey);
      if (current.length !== wanted.length || current.some((byte, index) => byte !== wanted[index])) {
        await subscription.unsubscribe();
        subscription = null;
      }
    }
    if (!subscription) {
      // A browser without a reachable push service may never answer: give up after 20 s.
      const timeout = new Promise((resolve, reject) => setTimeout(() => reject(new Error("the browser's push service did not answer")), 20000));
      subscription = await Promise.race([registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: wanted }), timeout]);
    }
    const json = subscription.toJSON();
    await api.setWebPush({ endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } });
    return "Push notifications are on.";
  } catch (error) {
    return `Push notifications are off: ${error.message}`;
  }
}

/** Drops this browser's subscription (sign-out). */
export async function unsubscribe(registration) {
  try {
    const subscription = registration && registration.pushManager ? await registration.pushManager.getSubscription() : null;
    if (subscription) await subscription.unsubscribe();
  } catch {
    // No subscription to drop.
  }
}
