// The Designer section (docs/console.md#designer): `#/designer` starts a new payload,
// `#/designer/<name>` opens a named payload, `#/designer/<name>?kind=request` a start request. The editor (payload-editor.js) edits its fields, its
// JSON and shows the app's preview; Check shows what the console can tell alone, and Save stores
// it as a named payload (PUT /payloads/{name}) or a start request (PUT /requests/{name}), the
// server's issues shown at their fields. Senders and admins only; a viewer sees it read-only.

import { ApiError, resourcePath } from "../api.js";
import { h, replace } from "../dom.js";
import { routeHash } from "../router.js";
import { PayloadEditor } from "./payload-editor.js";
import { emptyPayload, payloadFromText } from "./payload-model.js";

/** @typedef {import("../page.js").PageContext} PageContext */

/**
 * The names of the stored payloads.
 * @param {PageContext} context
 * @returns {Promise<string[]>}
 */
export async function payloadNames(context) {
  const answer = /** @type {{payloads?: {name?: unknown}[]} | null} */ (await context.api.get("payloads"));
  return (answer?.payloads ?? []).flatMap((item) => (typeof item.name === "string" ? [item.name] : []));
}

/**
 * A stored payload, as the designer edits it.
 * @param {PageContext} context
 * @param {string} name
 * @returns {Promise<import("./payload-model.js").Payload>}
 */
export async function loadPayload(context, name) {
  const answer = /** @type {{payload?: unknown} | null} */ (await context.api.get(resourcePath("payloads", name)));
  const result = payloadFromText(JSON.stringify(answer?.payload ?? {}));
  if ("error" in result) throw new Error(`the stored payload "${name}" is not one the designer can edit`);
  return result.payload;
}

/**
 * The names of the start requests.
 * @param {PageContext} context
 * @returns {Promise<string[]>}
 */
async function requestNames(context) {
  const answer = /** @type {{requests?: {name?: unknown}[]} | null} */ (await context.api.get("requests"));
  return (answer?.requests ?? []).flatMap((item) => (typeof item.name === "string" ? [item.name] : []));
}

/**
 * A stored start request: its title, body, and its topic, fields and state as a payload.
 * @param {PageContext} context
 * @param {string} name
 * @returns {Promise<{title: string, body: string, payload: import("./payload-model.js").Payload}>}
 */
async function loadRequest(context, name) {
  const answer = /** @type {Record<string, unknown> | null} */ (await context.api.get(resourcePath("requests", name)));
  const { responseTopic, fields, state } = answer ?? {};
  const result = payloadFromText(JSON.stringify({ responseTopic, fields, state }));
  if ("error" in result) throw new Error(`the start request "${name}" is not one the designer can edit`);
  return { title: String(answer?.title ?? ""), body: String(answer?.body ?? ""), payload: result.payload };
}

/**
 * @param {HTMLElement} container
 * @param {PageContext} context
 */
export async function render(container, context) {
  const may = context.may("sender");
  const openName = context.route.path[0] ?? "";
  const openKind = context.route.query.get("kind") === "request" ? "request" : "payload";
  const name = h("input", { id: "designer-name", value: openName, disabled: !may, spellcheck: "false", autocomplete: "off" });
  const kind = h("select", { id: "designer-kind", disabled: !may },
    h("option", { value: "payload" }, "a named payload"), h("option", { value: "request" }, "a start request (the app's Start tab)"));
  const title = h("input", { id: "designer-title", disabled: !may });
  const body = h("input", { id: "designer-body", disabled: !may });
  const requestRows = h("div", { class: "request-rows", hidden: true },
    h("label", { for: title.id }, "Title"), title, h("label", { for: body.id }, "Body"), body);
  const message = h("p", { class: "error", role: "alert", id: "designer-error" });
  const saved = h("p", { class: "saved", role: "status", id: "designer-saved" });
  const payloadGroup = h("optgroup", { label: "Named payloads" });
  const requestGroup = h("optgroup", { label: "Start requests" });
  const library = h("select", { id: "designer-open", "aria-label": "Open a named payload or a start request" },
    h("option", { value: "" }, "Open…"), payloadGroup, requestGroup);
  library.addEventListener("change", () => {
    const [chosenKind, ...rest] = library.value.split(":");
    if (rest.length > 0) context.navigate(routeHash("designer", [rest.join(":")], { kind: chosenKind === "request" ? "request" : undefined }));
  });
  kind.addEventListener("change", () => {
    requestRows.hidden = kind.value !== "request";
  });

  const editor = new PayloadEditor({
    payload: emptyPayload(),
    readOnly: !may,
    heading: () => ({ title: kind.value === "request" ? title.value : name.value, body: kind.value === "request" ? body.value : "" }),
    onChange: () => {
      saved.textContent = "";
    },
  });
  context.signal.addEventListener("abort", () => editor.preview.stop());
  for (const input of [name, title, body]) input.addEventListener("input", () => editor.preview.show(editor.payload));

  const check = h("button", { type: "button", id: "designer-check" }, "Check");
  check.addEventListener("click", () => {
    const issues = editor.checkLocally();
    message.textContent = "";
    saved.textContent = issues.length === 0 ? "No issues found here; the server checks the rest when you save." : "";
    if (issues.length > 0) message.textContent = `${issues.length} issue${issues.length === 1 ? "" : "s"}: see the fields.`;
  });
  const save = h("button", { type: "button", id: "designer-save", class: "primary" }, "Save");
  save.addEventListener("click", async () => {
    message.textContent = "";
    saved.textContent = "";
    const chosen = name.value.trim();
    if (chosen === "") {
      message.textContent = "Give the payload a name.";
      name.focus();
      return;
    }
    save.disabled = true;
    const payload = editor.payload;
    const asRequest = kind.value === "request";
    try {
      if (asRequest) {
        const { responseTopic, fields, state } = payload;
        await context.api.put(resourcePath("requests", chosen), { title: title.value, body: body.value, responseTopic, fields, state });
      } else {
        await context.api.put(resourcePath("payloads", chosen), { payload });
      }
      editor.showIssues([], "$");
      saved.textContent = asRequest ? `Saved as the start request "${chosen}".` : `Saved as the named payload "${chosen}".`;
      context.status(saved.textContent);
      if (openName !== chosen || openKind !== kind.value) {
        history.replaceState(null, "", routeHash("designer", [chosen], { kind: asRequest ? "request" : undefined }));
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const outside = editor.showIssues(error.issues, asRequest ? "$" : "$.payload");
      const rest = outside.map((issue) => `${issue.path}: ${issue.message}`);
      message.textContent = error.issues.length > 0 ? [`Not saved: ${error.message}.`, ...rest].join(" ") : `Not saved: ${error.message}.`;
    } finally {
      save.disabled = false;
    }
  });

  replace(container,
    h("h1", {}, "Designer"),
    may ? null : h("p", { class: "notice" }, "Your role may look at payloads but not change them."),
    h("div", { class: "designer-bar" },
      h("label", { for: name.id }, "Name"), name,
      may ? [h("label", { for: kind.id }, "Save as"), kind] : null,
      library,
      may ? [check, save] : null),
    requestRows, message, saved, editor.element);

  try {
    const [payloads, requests] = await Promise.all([payloadNames(context), requestNames(context)]);
    for (const stored of payloads) payloadGroup.append(h("option", { value: `payload:${stored}` }, stored));
    for (const stored of requests) requestGroup.append(h("option", { value: `request:${stored}` }, stored));
    if (openName !== "" && openKind === "request") {
      const stored = await loadRequest(context, openName);
      kind.value = "request";
      requestRows.hidden = false;
      title.value = stored.title;
      body.value = stored.body;
      editor.setPayload(stored.payload);
    } else if (openName !== "") {
      editor.setPayload(await loadPayload(context, openName));
    }
    library.value = openName === "" ? "" : `${openKind}:${openName}`;
  } catch (error) {
    if (context.signal.aborted) return;
    message.textContent = error instanceof Error ? `The payload could not be loaded: ${error.message}` : String(error);
  }
}
