// The Compose section (docs/console.md#compose): recipients (users, groups or everyone), a title,
// a body, an optional expiry, and a payload from the library or designed here with the
// designer's editor; POST /send, its issues shown at their fields (nothing is sent then), and on
// success the message's id with a link to it. Senders and admins only: a viewer sees no Send.

import { ApiError } from "../api.js";
import { h, replace } from "../dom.js";
import { routeHash } from "../router.js";
import { loadPayload, payloadNames } from "./designer.js";
import { PayloadEditor } from "./payload-editor.js";
import { PayloadPreview } from "./payload-preview.js";
import { emptyPayload } from "./payload-model.js";
import { expiresAtFromLocal, issueSlot, recipientsOf } from "./send-request.js";

/** @typedef {import("../page.js").PageContext} PageContext */

/**
 * Checkboxes for names, in a fieldset.
 * @param {string} legend
 * @param {string} id
 * @param {{name: string, detail: string}[]} items
 * @param {boolean} disabled
 * @returns {HTMLFieldSetElement}
 */
function checklist(legend, id, items, disabled) {
  return h("fieldset", { id, class: "checklist" }, h("legend", {}, legend),
    items.length === 0 ? h("p", { class: "hint" }, "None yet.") : null,
    items.map((item, index) => h("label", { class: "check" },
      h("input", { type: "checkbox", value: item.name, id: `${id}-${index}`, disabled }), ` ${item.name}`, item.detail ? h("span", { class: "hint" }, ` ${item.detail}`) : null)));
}

/**
 * @param {HTMLElement} container
 * @param {PageContext} context
 */
export async function render(container, context) {
  const may = context.may("sender");
  /** @type {Record<string, HTMLElement>} */
  const issues = {};
  /** @param {string} key */
  const issueAt = (key) => {
    issues[key] = h("p", { class: "error issue", id: `compose-${key}-issue`, role: "alert" });
    return issues[key];
  };
  /** @type {string[]} */
  const unlisted = [];
  /**
   * A list the page offers, or its fallback with the reason said above the form.
   * @template T
   * @param {string} what
   * @param {Promise<T>} promise
   * @param {T} fallback
   * @returns {Promise<T>}
   */
  const listed = (what, promise, fallback) =>
    promise.catch((/** @type {unknown} */ error) => {
      unlisted.push(`The ${what} could not be listed: ${error instanceof Error ? error.message : String(error)}.`);
      return fallback;
    });
  const [users, groups, names] = await Promise.all([
    listed("users", context.api.get("users"), null),
    listed("groups", context.api.get("groups"), null),
    listed("named payloads", payloadNames(context), /** @type {string[]} */ ([])),
  ]);
  const userItems = (/** @type {{users?: {username: string, displayName?: string}[]} | null} */ (users)?.users ?? [])
    .map((user) => ({ name: user.username, detail: user.displayName && user.displayName !== user.username ? user.displayName : "" }));
  const groupItems = (/** @type {{groups?: {name: string, members?: string[]}[]} | null} */ (groups)?.groups ?? [])
    .map((group) => ({ name: group.name, detail: `${group.members?.length ?? 0} member${group.members?.length === 1 ? "" : "s"}` }));

  const recipientKind = h("select", { id: "compose-to", disabled: !may },
    h("option", { value: "users" }, "Users"), h("option", { value: "groups" }, "Groups"), h("option", { value: "all" }, "Everyone"));
  const userList = checklist("Users", "compose-users", userItems, !may);
  const groupList = checklist("Groups", "compose-groups", groupItems, !may);
  const showRecipients = () => {
    userList.hidden = recipientKind.value !== "users";
    groupList.hidden = recipientKind.value !== "groups";
  };
  recipientKind.addEventListener("change", showRecipients);
  const title = h("input", { id: "compose-title", disabled: !may });
  const body = h("textarea", { id: "compose-body", rows: 2, disabled: !may });
  const expires = h("input", { id: "compose-expires", type: "datetime-local", disabled: !may });

  const source = h("select", { id: "compose-source", disabled: !may },
    h("option", { value: "design" }, "designed here"), h("option", { value: "library" }, "from the library"));
  const library = h("select", { id: "compose-payload", disabled: !may }, names.map((name) => h("option", { value: name }, name)));
  const topic = h("input", { id: "compose-topic", disabled: !may, spellcheck: "false" });
  const openInDesigner = h("a", { href: "#/designer" }, "Open in the designer");
  // The stored payload as the app draws it, beside the form.
  const libraryPreview = new PayloadPreview(() => ({ title: title.value, body: body.value }));
  const libraryRows = h("div", { class: "library-rows" },
    h("label", { for: library.id }, "Named payload"), library, issueAt("payloadName"),
    h("label", { for: topic.id }, "Response topic"), topic, issueAt("responseTopic"), openInDesigner);
  const editor = new PayloadEditor({
    payload: emptyPayload(),
    readOnly: !may,
    heading: () => ({ title: title.value, body: body.value }),
  });
  context.signal.addEventListener("abort", () => {
    editor.preview.stop();
    libraryPreview.stop();
  });
  const chooseLibrary = async () => {
    const name = library.value;
    openInDesigner.setAttribute("href", routeHash("designer", name ? [name] : []));
    if (!name) return;
    issues.payloadName.textContent = "";
    try {
      const stored = await loadPayload(context, name);
      if (typeof stored.responseTopic === "string") topic.value = stored.responseTopic;
      libraryPreview.show(stored);
    } catch (error) {
      issues.payloadName.textContent = `It could not be read: ${error instanceof Error ? error.message : String(error)}.`;
    }
  };
  library.addEventListener("change", chooseLibrary);
  for (const input of [title, body]) {
    input.addEventListener("input", () => {
      editor.preview.show(editor.payload);
      if (libraryPreview.payload !== null) libraryPreview.show(libraryPreview.payload);
    });
  }
  const showSource = () => {
    libraryRows.hidden = source.value !== "library";
    libraryPreview.element.hidden = source.value !== "library";
    editor.element.hidden = source.value !== "design";
  };
  source.addEventListener("change", showSource);

  const message = h("p", { class: "error", role: "alert", id: "compose-error" });
  const result = h("p", { class: "sent", role: "status", id: "compose-result" });
  const send = h("button", { type: "button", id: "compose-send", class: "primary" }, "Send");
  send.addEventListener("click", async () => {
    for (const slot of Object.values(issues)) slot.textContent = "";
    message.textContent = "";
    replace(result);
    editor.showIssues([], "$");
    const checked = (/** @type {HTMLElement} */ list) =>
      Array.from(list.querySelectorAll("input[type=checkbox]:checked"), (box) => /** @type {HTMLInputElement} */ (box).value);
    const fromLibrary = source.value === "library";
    /** @type {Record<string, unknown>} */
    const request = {
      title: title.value,
      body: body.value,
      payload: fromLibrary ? { responseTopic: topic.value, payloadName: library.value } : editor.payload,
      to: recipientsOf(/** @type {"users" | "groups" | "all"} */ (recipientKind.value), checked(userList), checked(groupList)),
    };
    const expiresAt = expiresAtFromLocal(expires.value);
    if (expiresAt) request.expiresAt = expiresAt;
    send.disabled = true;
    try {
      const answer = /** @type {{messageId: string, recipients?: string[]}} */ (await context.api.post("send", request));
      const count = answer.recipients?.length ?? 0;
      replace(result, `Sent to ${count} recipient${count === 1 ? "" : "s"}: message `,
        h("a", { href: routeHash("messages", [answer.messageId]), id: "compose-message-link" }, answer.messageId), ".");
      context.status(`Sent message ${answer.messageId}.`);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const outside = fromLibrary ? error.issues : editor.showIssues(error.issues, "$.payload");
      const rest = [];
      for (const issue of outside) {
        const slot = issues[issueSlot(issue.path)];
        if (slot) slot.textContent = [slot.textContent, issue.message].filter(Boolean).join(" ");
        else rest.push(`${issue.path}: ${issue.message}`);
      }
      message.textContent = [`Nothing was sent: ${error.message}.`, ...rest].join(" ");
    } finally {
      send.disabled = false;
    }
  });

  replace(container,
    h("h1", {}, "Compose"),
    may ? null : h("p", { class: "notice" }, "Your role may read messages but not send them."),
    unlisted.map((text) => h("p", { class: "error" }, text)),
    h("div", { class: "compose-top" }, h("form", { class: "compose", id: "compose-form" },
      h("label", { for: recipientKind.id }, "Send to"), recipientKind, userList, groupList, issueAt("to"),
      h("label", { for: title.id }, "Title"), title, issueAt("title"),
      h("label", { for: body.id }, "Body"), body, issueAt("body"),
      h("label", { for: expires.id }, "Expires (optional)"), expires, issueAt("expiresAt"),
      h("label", { for: source.id }, "Payload"), source, libraryRows), libraryPreview.element),
    editor.element, message,
    may ? h("div", { class: "send-row" }, send) : null, result);
  container.querySelector("form")?.addEventListener("submit", (event) => event.preventDefault());
  showRecipients();
  showSource();
  if (names.length > 0) await chooseLibrary();
  if (context.route.query.get("payload")) {
    source.value = "library";
    library.value = context.route.query.get("payload") ?? "";
    showSource();
    await chooseLibrary();
  }
}
