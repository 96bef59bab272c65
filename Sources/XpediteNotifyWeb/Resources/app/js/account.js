// The account view: who is signed in on which device, Web Push turned on (push.js), sign-out.
import { el, replace } from "./dom.js";
import { subscribe } from "./push.js";
import { deviceId, deviceName } from "./session.js";
import { drawn } from "./timings.js";
import { page, signedIn, state } from "./state.js";

/** Subscribes to Web Push (after sign-in, or from the account view); the outcome is shown there. */
export async function turnOnPush() {
  state.pushStatus = "Turning on push notifications…";
  showPushStatus();
  state.pushStatus = await subscribe(signedIn().api, state.registration || await serviceWorkerReady());
  showPushStatus();
}

function showPushStatus() {
  const line = document.getElementById("push-status");
  if (line) line.textContent = state.pushStatus;
}

/**
 * The active service worker's registration, or null when none is active within 30 s (a first
 * visit installs the shell first, which a slow phone may take seconds for).
 * @returns {Promise<ServiceWorkerRegistration | null> | null}
 */
function serviceWorkerReady() {
  return "serviceWorker" in navigator ? Promise.race([navigator.serviceWorker.ready, new Promise(/** @param {(value: null) => void} resolve */ (resolve) => setTimeout(() => resolve(null), 30000))]) : null;
}

/**
 * Draws the account view.
 * @param {() => void} signOut signs out (app.js)
 */
export function renderAccount(signOut) {
  page.title.textContent = "Account";
  replace(page.view, el("div", { class: "card" },
    el("p", { text: `Signed in as ${state.session ? state.session.username : ""}` }),
    el("p", { class: "hint", text: `This device: ${deviceName(navigator.userAgent)} (${deviceId()})` }),
    el("p", { class: "hint", id: "push-status", text: state.pushStatus || "Push notifications: not set up yet." }),
    el("button", { type: "button", class: "button secondary wide", text: "Turn on push notifications", onclick: turnOnPush }),
    el("button", { type: "button", class: "button wide", id: "sign-out", text: "Sign out", onclick: signOut })));
  drawn("account");
}
