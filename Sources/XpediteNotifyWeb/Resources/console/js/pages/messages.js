// The Messages section (docs/console.md#messages): the sent messages newest first, searchable by
// text and state, a page at a time (`GET /messages`); `#/messages/<id>` is one message's detail
// (message-detail.js). Every text from the server goes in as text, never as HTML.

import { ApiError } from "../api.js";
import { dateTimeText, h, replace } from "../dom.js";
import { routeHash } from "../router.js";
import { deliveryBadges, stateBadge } from "./message-badges.js";
import { renderMessageDetail } from "./message-detail.js";
import { answeredText, listFilter, listPath, messageStates, stateText } from "./messages-model.js";

/** @typedef {import("../page.js").PageContext} PageContext */
/** @typedef {import("./messages-model.js").MessageSummary} MessageSummary */
/** @typedef {import("./messages-model.js").MessagePage} MessagePage */

/**
 * Draws the section: a message's detail when the address names one, the list otherwise.
 * @param {HTMLElement} container
 * @param {PageContext} context
 */
export async function render(container, context) {
  const messageId = context.route.path[0];
  if (messageId) {
    await renderMessageDetail(container, context, messageId);
    return;
  }
  await renderList(container, context);
}

/**
 * One row of the list.
 * @param {MessageSummary} message
 * @param {PageContext} context
 * @returns {HTMLTableRowElement}
 */
function messageRow(message, context) {
  const hash = routeHash("messages", [message.messageId]);
  const row = h(
    "tr",
    { class: "message-row", "data-message-id": message.messageId },
    h(
      "td",
      {},
      h("a", { href: hash, class: "message-title" }, message.title || "(no title)"),
      message.body ? h("div", { class: "muted message-body" }, message.body) : null,
    ),
    h("td", { class: "sent-at" }, h("time", { datetime: message.sentAt }, dateTimeText(message.sentAt))),
    h("td", {}, stateBadge(message.state)),
    h("td", { class: "answered", title: `${message.recipients.pending} pending` }, answeredText(message.recipients)),
    h("td", {}, deliveryBadges(message.deliveries)),
  );
  row.addEventListener("click", (event) => {
    if (event.target instanceof HTMLAnchorElement) return;
    context.navigate(hash);
  });
  return row;
}

/**
 * The list with its search form and the "More" button.
 * @param {HTMLElement} container
 * @param {PageContext} context
 */
async function renderList(container, context) {
  const filter = listFilter(context.route.query);
  const search = h("input", {
    type: "search",
    name: "q",
    id: "message-search",
    value: filter.q,
    placeholder: "Title or body text",
    "aria-label": "Search messages",
  });
  const stateSelect = h(
    "select",
    { name: "state", id: "message-state", "aria-label": "State" },
    h("option", { value: "" }, "Any state"),
    messageStates.map((state) => h("option", { value: state }, stateText(state))),
  );
  stateSelect.value = filter.state;
  const form = h("form", { class: "toolbar", role: "search", id: "message-filter" }, search, stateSelect, h("button", { type: "submit" }, "Search"));
  const body = h("tbody", {});
  const table = h(
    "table",
    { class: "list", id: "message-list" },
    h(
      "thead",
      {},
      h("tr", {}, h("th", {}, "Message"), h("th", {}, "Sent"), h("th", {}, "State"), h("th", {}, "Answered"), h("th", {}, "Deliveries")),
    ),
    body,
  );
  const empty = h("p", { class: "muted", id: "message-list-empty", hidden: true }, "No messages match.");
  const errorText = h("p", { class: "error", role: "alert" });
  const more = h("button", { type: "button", id: "message-more", hidden: true }, "More");
  replace(container, h("h1", {}, "Messages"), form, errorText, table, empty, more);

  /** @type {string | null} */
  let next = null;

  /**
   * Reads a page and appends its rows (the first page replaces them).
   * @param {boolean} first
   */
  async function load(first) {
    more.disabled = true;
    errorText.textContent = "";
    try {
      const page = /** @type {MessagePage} */ (await context.api.get(listPath(filter, first ? null : next)));
      if (context.signal.aborted) return;
      if (first) replace(body);
      for (const message of page.messages) body.appendChild(messageRow(message, context));
      next = page.next;
      more.hidden = next === null;
      empty.hidden = body.childElementCount > 0;
      context.status(`${body.childElementCount} message${body.childElementCount === 1 ? "" : "s"} shown`);
    } catch (error) {
      errorText.textContent = error instanceof ApiError || error instanceof Error ? error.message : String(error);
    } finally {
      more.disabled = false;
    }
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const hash = routeHash("messages", [], { q: search.value.trim(), state: stateSelect.value });
    if (hash === routeHash("messages", [], { q: filter.q, state: filter.state })) {
      load(true);
    } else {
      context.navigate(hash);
    }
  });
  more.addEventListener("click", () => {
    load(false);
  });
  await load(true);
}
