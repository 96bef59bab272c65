// One message of the Messages section (`#/messages/<id>`): its header, its recipients with their
// state, its pushes per device (with the last error), the answers to it (photos as thumbnails,
// audio and video playable), and for senders a Withdraw button with an optional reason. Every
// text from the server goes in as text, never as HTML.

import { ApiError } from "../api.js";
import { dateTimeText, h, replace } from "../dom.js";
import { routeHash } from "../router.js";
import { deliveryBadges, stateBadge } from "./message-badges.js";
import {
  answerRows,
  answersPath,
  countDeliveries,
  documentKind,
  documentPath,
  messagePath,
  valueText,
} from "./messages-model.js";

/** @typedef {import("../page.js").PageContext} PageContext */
/** @typedef {import("./messages-model.js").MessageDetail} MessageDetail */
/** @typedef {import("./messages-model.js").Delivery} Delivery */
/** @typedef {import("./messages-model.js").Answer} Answer */

/**
 * The text of an error.
 * @param {unknown} error
 * @returns {string}
 */
function errorMessage(error) {
  return error instanceof ApiError || error instanceof Error ? error.message : String(error);
}

/**
 * A definition list of label and value pairs; pairs without a value are left out.
 * @param {[string, Node | string | undefined | null][]} pairs
 * @returns {HTMLElement}
 */
function facts(pairs) {
  return h(
    "dl",
    { class: "facts" },
    pairs.filter(([, value]) => value !== undefined && value !== null && value !== "").flatMap(([label, value]) => [h("dt", {}, label), h("dd", {}, value)]),
  );
}

/**
 * A table of a message's pushes, one row per device.
 * @param {Delivery[]} deliveries
 * @param {string} id
 * @returns {HTMLElement}
 */
function deliveryTable(deliveries, id) {
  if (deliveries.length === 0) return h("p", { class: "muted", id }, "No devices: nothing was pushed.");
  return h(
    "table",
    { class: "list", id },
    h(
      "thead",
      {},
      h("tr", {}, h("th", {}, "Device"), h("th", {}, "Provider"), h("th", {}, "State"), h("th", {}, "Attempts"), h("th", {}, "Last error")),
    ),
    h(
      "tbody",
      {},
      deliveries.map((delivery) =>
        h(
          "tr",
          { "data-device-id": delivery.deviceId },
          h("td", {}, delivery.deviceId),
          h("td", {}, delivery.provider),
          h("td", {}, h("span", { class: `badge delivery-${delivery.state}`, "data-delivery-state": delivery.state }, delivery.state)),
          h("td", {}, delivery.attempts),
          h("td", { class: "last-error" }, delivery.lastError ?? ""),
        ),
      ),
    ),
  );
}

/**
 * A table of the recipients with their state and when they answered.
 * @param {MessageDetail["recipients"]} recipients
 * @returns {HTMLElement}
 */
function recipientTable(recipients) {
  return h(
    "table",
    { class: "list", id: "message-recipients" },
    h("thead", {}, h("tr", {}, h("th", {}, "User"), h("th", {}, "State"), h("th", {}, "Answered at"))),
    h(
      "tbody",
      {},
      recipients.map((recipient) =>
        h(
          "tr",
          { "data-username": recipient.username },
          h("td", {}, recipient.username),
          h("td", {}, h("span", { class: `badge recipient-${recipient.state}` }, recipient.state)),
          h("td", {}, recipient.answeredAt ? h("time", { datetime: recipient.answeredAt }, dateTimeText(recipient.answeredAt)) : ""),
        ),
      ),
    ),
  );
}

/**
 * An answer's value: a thumbnail for a photo, a player for audio and video, text otherwise.
 * @param {unknown} value
 * @param {string} label
 * @param {PageContext} context
 * @returns {Node | string}
 */
function valueView(value, label, context) {
  const kind = documentKind(value);
  if (kind === null || typeof value !== "string") return valueText(value);
  const url = context.api.url(documentPath(value));
  if (kind === "image") {
    return h("a", { href: url, target: "_blank", rel: "noopener" }, h("img", { class: "thumbnail", src: url, alt: label, loading: "lazy" }));
  }
  return h(kind, { controls: true, preload: "none", src: url, class: "media" });
}

/**
 * The answers to the message, one card each.
 * @param {Answer[]} answers
 * @param {MessageDetail} message
 * @param {PageContext} context
 * @returns {HTMLElement}
 */
function answerList(answers, message, context) {
  if (answers.length === 0) return h("p", { class: "muted", id: "message-answers" }, "No answers yet.");
  return h(
    "div",
    { id: "message-answers", class: "answers" },
    answers.map((answer) =>
      h(
        "article",
        { class: "answer", "data-response-id": answer.responseId },
        h(
          "header",
          {},
          h("strong", {}, answer.username),
          answer.deviceName ? ` on ${answer.deviceName}` : "",
          answer.receivedAt ? [" · ", h("time", { datetime: answer.receivedAt }, dateTimeText(answer.receivedAt))] : "",
          answer.submitValue ? ` · button ${answer.submitValue}` : "",
        ),
        h(
          "dl",
          { class: "facts" },
          answerRows(message.payload.fields, answer.values ?? {}).flatMap((row) => [
            h("dt", {}, row.label),
            h("dd", { "data-field-id": row.id }, valueView(row.value, row.label, context)),
          ]),
        ),
      ),
    ),
  );
}

/**
 * The Withdraw form of a sender, for an active message.
 * @param {MessageDetail} message
 * @param {PageContext} context
 * @param {() => void} done called once the message is withdrawn
 * @returns {HTMLElement}
 */
function withdrawForm(message, context, done) {
  const reason = h("input", { type: "text", id: "withdraw-reason", maxlength: 1000, placeholder: "Reason (optional, shown to the recipients)" });
  const button = h("button", { type: "submit", id: "withdraw", class: "danger" }, "Withdraw");
  const errorText = h("p", { class: "error", role: "alert" });
  const form = h(
    "form",
    { class: "toolbar withdraw", id: "withdraw-form" },
    h("label", { for: "withdraw-reason" }, "Take this message back from everyone who has not answered:"),
    reason,
    button,
    errorText,
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    button.disabled = true;
    errorText.textContent = "";
    try {
      const text = reason.value.trim();
      await context.api.delete(messagePath(message.messageId), text === "" ? undefined : { reason: text });
      context.status("The message was withdrawn.");
      done();
    } catch (error) {
      errorText.textContent = errorMessage(error);
      button.disabled = false;
    }
  });
  return form;
}

/**
 * Draws one message's detail.
 * @param {HTMLElement} container
 * @param {PageContext} context
 * @param {string} messageId
 */
export async function renderMessageDetail(container, context, messageId) {
  const back = h("p", {}, h("a", { href: routeHash("messages"), id: "back-to-messages" }, "← All messages"));
  replace(container, back, h("p", { class: "muted" }, "Loading…"));
  /** @type {MessageDetail} */
  let message;
  try {
    message = /** @type {MessageDetail} */ (await context.api.get(messagePath(messageId)));
  } catch (error) {
    if (context.signal.aborted) return;
    replace(container, back, h("p", { class: "error", role: "alert" }, errorMessage(error)));
    return;
  }
  if (context.signal.aborted) return;
  /** @type {Node} */
  let answers;
  try {
    const page = /** @type {{responses: Answer[]}} */ (await context.api.get(answersPath(message)));
    answers = answerList(page.responses, message, context);
  } catch (error) {
    answers = h("p", { class: "error", role: "alert", id: "message-answers" }, `The answers could not be read: ${errorMessage(error)}`);
  }
  if (context.signal.aborted) return;
  const withdrawn = message.state !== "active";
  replace(
    container,
    back,
    h("h1", { id: "message-title" }, message.title || "(no title)"),
    message.body ? h("p", { id: "message-body" }, message.body) : null,
    facts([
      ["State", stateBadge(message.state)],
      ["Sent", dateTimeText(message.sentAt)],
      ["Named payload", message.payloadName],
      ["Topic", message.payload.responseTopic],
      ["Expires", message.expiresAt ? dateTimeText(message.expiresAt) : undefined],
      ["Withdrawn", withdrawn && message.withdrawnAt ? dateTimeText(message.withdrawnAt) : undefined],
      ["Reason", withdrawn ? message.reason || "(none given)" : undefined],
      ["Message id", h("code", {}, message.messageId)],
    ]),
    !withdrawn && context.may("sender") ? withdrawForm(message, context, () => renderMessageDetail(container, context, messageId)) : null,
    h("h2", {}, "Recipients"),
    recipientTable(message.recipients),
    h("h2", {}, "Deliveries ", deliveryBadges(countDeliveries(message.deliveries))),
    deliveryTable(message.deliveries, "message-deliveries"),
    withdrawn && message.withdrawalPushes && message.withdrawalPushes.length > 0
      ? [h("h2", {}, "Withdrawal pushes"), deliveryTable(message.withdrawalPushes, "message-withdrawal-pushes")]
      : null,
    h("h2", {}, "Answers"),
    answers,
  );
  context.status(`Message ${message.title || message.messageId}`);
}
