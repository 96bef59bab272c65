// The Start tab: the requests this user may start (GET /device/requests), each opening its form.
import { el, replace } from "./dom.js";
import { OfflineError } from "./api.js";
import { drawn } from "./timings.js";
import { isRoute, page, signedIn } from "./state.js";

/** Loads and draws the start requests. */
export async function renderStart() {
  page.title.textContent = "Start";
  replace(page.view, el("p", { class: "empty", text: "Loading…" }));
  try {
    const answer = await signedIn().api.requests();
    const requests = Array.isArray(answer.requests) ? answer.requests : [];
    if (!isRoute("start")) return;
    replace(page.view, requests.length ? el("ul", { class: "list", id: "requests", "aria-label": "Start requests" }, ...requests.map((request) =>
      el("li", {}, el("button", { type: "button", class: "item", "data-request": request.name,
        onclick: () => { location.hash = `#/request/${encodeURIComponent(request.name)}`; } },
      el("span", { class: "item-title", text: request.title }), el("span", { class: "item-body", text: request.body })))))
      : el("p", { class: "empty", text: "Nothing to start." }));
    drawn("start");
  } catch (error) {
    if (isRoute("start")) replace(page.view, el("p", { class: "notice bad", text: error instanceof OfflineError ? "Offline." : /** @type {Error} */ (error).message }));
  }
}
