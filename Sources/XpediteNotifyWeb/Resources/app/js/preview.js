// The payload preview (preview.html): the app's own form renderer (js/form.js) drawing a payload
// the console sends with postMessage, framed at phone size by the console's designer
// (docs/console.md#designer). Only a page of this server may send one (the message's origin is
// checked, and the page is framed only by this server's pages: frame-ancestors 'self'). It calls
// no API route: no session, no inbox, no documents fetched or media uploaded (a map still loads
// the app's own config.json and its tiles, as in the app); pressing a submit button checks the
// form as the app does and sends nothing.
import { el, replace } from "./dom.js";
import { Form } from "./form.js";

const found = document.getElementById("view");
if (!found) throw new Error("preview.html has no #view");
/** @type {HTMLElement} */
const view = found;

/**
 * Stands in for the app's API: the preview has no session, so nothing is fetched or uploaded.
 * Only what a form's fields call is here; the cast says the rest is never reached.
 * @type {import("./api.js").Api}
 */
const offlineApi = /** @type {import("./api.js").Api} */ (/** @type {unknown} */ ({
  document: async () => {
    throw new Error("the preview does not fetch documents");
  },
  upload: async () => {
    throw new Error("the preview does not upload");
  },
}));

/**
 * Draws a payload with the app's own renderer, its title and body above as in the app.
 * @param {{payload?: unknown, title?: unknown, body?: unknown}} message
 */
function draw(message) {
  const payload = /** @type {import("./api.js").Payload} */ (message.payload && typeof message.payload === "object" ? message.payload : {});
  const head = el("div", { class: "form-head" }, el("h2", { text: typeof message.title === "string" ? message.title : "" }),
    el("p", { text: typeof message.body === "string" ? message.body : "" }));
  const note = el("p", { class: "notice", role: "status", hidden: true });
  let form;
  try {
    form = new Form(payload, { api: offlineApi }, async () => {
      note.textContent = "Preview: the form is complete. Nothing is sent.";
      note.hidden = false;
      return { state: "sent" };
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    replace(view, el("p", { class: "notice bad", text: `The app cannot draw this payload: ${reason}` }));
    return;
  }
  replace(view, head, form.element, note);
  document.body.dataset.fields = String(form.controls.length);
}

window.addEventListener("message", (event) => {
  if (event.origin !== location.origin || event.source !== window.parent) return;
  const message = event.data;
  if (!message || typeof message !== "object" || message.type !== "xpedite-preview") return;
  draw(message);
});

if (window.parent !== window) window.parent.postMessage({ type: "xpedite-preview-ready" }, location.origin);
