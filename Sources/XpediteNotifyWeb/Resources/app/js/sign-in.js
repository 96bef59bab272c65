// The sign-in form (POST /device/login): the session it answers is kept (session.js) and the app
// starts signed in.
import { el, replace } from "./dom.js";
import { Api, OfflineError } from "./api.js";
import { deviceId, deviceName, saveSession } from "./session.js";
import { page } from "./state.js";

/**
 * Shows the sign-in form, with `message` above it when given.
 * @param {() => Promise<void>} signedIn what runs once signed in (app.js)
 * @param {string} [message] why the person must sign in (again)
 */
export function showSignIn(signedIn, message) {
  page.tabs.hidden = true;
  page.accountButton.hidden = true;
  page.title.textContent = "Xpedite Notify";
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
        deviceId: deviceId(), deviceName: deviceName(navigator.userAgent), platform: "web" });
      saveSession({ token: answer.deviceToken, username: answer.username });
      await signedIn();
    } catch (failure) {
      const refused = /** @type {Partial<import("./api.js").ApiError>} */ (failure);
      error.textContent = failure instanceof OfflineError ? "No connection to the server." : (refused.status === 401 ? "Wrong username or password." : /** @type {string} */ (refused.message));
      error.hidden = false;
    } finally {
      button.disabled = false;
    }
  });
  replace(page.view, form);
  username.focus();
}
