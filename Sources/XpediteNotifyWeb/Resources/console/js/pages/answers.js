// The answers section (docs/console.md#answers): the responses of a topic or a named payload,
// filtered by message, user and time, as a table with one column per field (a page of the API at
// a time, with its cursor), photos as thumbnails, recordings playable, places on a map, and the
// exports with the same filters. What is shown lives in the address (`#/answers?topic=/a/b&user=joe`).
// Every answer is text: it goes in with textContent, never as HTML.

import { ApiError, resourcePath } from "../api.js";
import { h, replace } from "../dom.js";
import { columnsOf, definitionKey, fieldsOf, pageOf, payloadNameOf, rowsOf } from "./answers-columns.js";
import { downloadExport, exportFormats, exportSizeText } from "./answers-export.js";
import { drawMap } from "./answers-map.js";
import {
  PageTrail,
  answersHash,
  exportFileName,
  exportPath,
  filtersOf,
  localFromRFC3339,
  pagePath,
  pageSize,
  rfc3339FromLocal,
} from "./answers-query.js";
import { answersTable } from "./answers-table.js";

/** @typedef {import("../page.js").PageContext} PageContext */
/** @typedef {import("./answers-query.js").Filters} Filters */
/** @typedef {import("./answers-columns.js").Field} Field */
/** @typedef {import("./answers-columns.js").ResponseObject} ResponseObject */
/** @typedef {import("./answers-export.js").ExportFormat} ExportFormat */

/** A topic as the API takes it (docs/notify-api.md#conventions). */
const topicPattern = /^(\/[A-Za-z0-9_.-]+)+$/;

/** The pages seen while paging forward, for Previous. */
const trail = new PageTrail();

/**
 * The fields of each message and start request read so far, by definitionKey (a message's
 * payload does not change; a start request may, and is read again when the console is reloaded).
 * @type {Map<string, Promise<Field[] | null>>}
 */
const definitions = new Map();

/**
 * The fields of the payload a definitionKey names; null when they cannot be read (the columns
 * then come from the values).
 * @param {PageContext} context
 * @param {string} key
 * @returns {Promise<Field[] | null>}
 */
function definition(context, key) {
  let known = definitions.get(key);
  if (!known) {
    const [kind, ...rest] = key.split(":");
    const name = rest.join(":");
    known = (async () => {
      if (kind === "request") return fieldsOf(await context.api.get(resourcePath("requests", name)));
      const message = await context.api.get(resourcePath("messages", name));
      const named = fieldsOf(message) === null ? payloadNameOf(message) : null;
      return named === null ? fieldsOf(message) : fieldsOf(await context.api.get(resourcePath("payloads", named)));
    })().catch(() => {
      definitions.delete(key);
      return null;
    });
    definitions.set(key, known);
  }
  return known;
}

/**
 * A member of a JSON object; undefined when the value is not an object.
 * @param {unknown} value
 * @param {string} name
 * @returns {unknown}
 */
function member(value, name) {
  return typeof value === "object" && value !== null ? /** @type {Record<string, unknown>} */ (value)[name] : undefined;
}

/**
 * A labelled input of the filter form, with the place for its issue.
 * @param {string} id
 * @param {string} label
 * @param {HTMLInputElement | HTMLSelectElement} control
 * @returns {HTMLElement}
 */
function labelled(id, label, control) {
  control.id = `answers-${id}`;
  control.setAttribute("aria-describedby", `answers-${id}-issue`);
  return h("div", { class: "filter" }, h("label", { for: control.id }, label), control, h("p", { class: "error", id: `answers-${id}-issue` }));
}

/**
 * The filter form, filled from the address; submitting it goes to the address of its filters.
 * @param {Filters} filters
 * @param {PageContext} context
 * @returns {HTMLFormElement}
 */
function filterForm(filters, context) {
  const payload = h("select", { name: "payload" }, h("option", { value: "" }, "Any (by topic)"));
  if (filters.payload) payload.append(h("option", { value: filters.payload }, filters.payload));
  payload.value = filters.payload;
  const topic = h("input", { name: "topic", value: filters.topic, placeholder: "/a/b/c", list: "answers-topics", spellcheck: "false" });
  const user = h("input", { name: "user", value: filters.user, autocomplete: "off" });
  const message = h("input", { name: "message", value: filters.message, autocomplete: "off", spellcheck: "false" });
  const since = h("input", { name: "since", type: "datetime-local", value: localFromRFC3339(filters.since) });
  const until = h("input", { name: "until", type: "datetime-local", value: localFromRFC3339(filters.until) });
  payload.addEventListener("change", () => {
    topic.value = "";
  });
  const form = h(
    "form",
    { class: "answers-filters", "aria-label": "Which answers" },
    labelled("payload", "Named payload", payload),
    labelled("topic", "Topic", topic),
    h("datalist", { id: "answers-topics" }),
    labelled("user", "User", user),
    labelled("message", "Message id", message),
    labelled("since", "Received from", since),
    labelled("until", "Received before", until),
    h("div", { class: "filter" }, h("button", { type: "submit" }, "Show")),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (topic.value !== "" && !topicPattern.test(topic.value.trim())) {
      showIssue(form, "topic", "Expected a topic of the form /a/b/c.");
      return;
    }
    const next = {
      topic: topic.value.trim(),
      payload: payload.value,
      user: user.value.trim(),
      message: message.value.trim(),
      since: rfc3339FromLocal(since.value),
      until: rfc3339FromLocal(until.value),
      after: "",
    };
    context.navigate(answersHash(next));
  });
  return form;
}

/**
 * Shows an issue at a filter of the form.
 * @param {HTMLFormElement} form
 * @param {string} name
 * @param {string} text
 */
function showIssue(form, name, text) {
  const issue = form.querySelector(`#answers-${name}-issue`);
  if (issue) issue.textContent = text;
  form.querySelector(`#answers-${name}`)?.setAttribute("aria-invalid", "true");
}

/**
 * Fills the choices of the form: the named payloads, and the start requests' topics.
 * @param {HTMLFormElement} form
 * @param {PageContext} context
 */
async function fillChoices(form, context) {
  const [payloads, requests] = await Promise.all([
    context.api.get("payloads").catch(() => null),
    context.api.get("requests").catch(() => null),
  ]);
  if (context.signal.aborted) return;
  const select = form.querySelector("#answers-payload");
  const list = member(payloads, "payloads");
  if (select instanceof HTMLSelectElement && Array.isArray(list)) {
    const chosen = select.value;
    for (const item of list) {
      const name = member(item, "name");
      if (typeof name === "string" && name !== chosen) select.append(h("option", { value: name }, name));
    }
  }
  const topics = form.querySelector("#answers-topics");
  const starts = member(requests, "requests");
  if (topics && Array.isArray(starts)) {
    const seen = new Set();
    for (const item of starts) {
      const topic = member(item, "responseTopic");
      if (typeof topic === "string" && !seen.has(topic)) {
        seen.add(topic);
        topics.append(h("option", { value: topic }));
      }
    }
  }
}

/**
 * Shows the answers of the address's topic or named payload.
 * @param {HTMLElement} container
 * @param {PageContext} context
 */
export async function render(container, context) {
  const filters = filtersOf(context.route.query);
  const form = filterForm(filters, context);
  const results = h("div", { class: "answers-results" });
  replace(container, h("h1", {}, "Answers"), form, results);
  fillChoices(form, context);
  if (filters.topic === "" && filters.payload === "") {
    replace(results, h("p", { class: "hint" }, "Choose a named payload or a topic to see its answers."));
    return;
  }
  replace(results, h("p", { class: "hint" }, "Loading answers…"));
  try {
    const named = filters.payload ? await context.api.get(resourcePath("payloads", filters.payload)) : null;
    const namedTopic = member(member(named, "payload"), "responseTopic");
    const topic = filters.topic || (typeof namedTopic === "string" ? namedTopic : "");
    const topicInput = form.querySelector("#answers-topic");
    if (topicInput instanceof HTMLInputElement && topicInput.value === "") topicInput.value = topic;
    const page = pageOf(await context.api.get(pagePath(filters, topic)));
    const namedFields = fieldsOf(named);
    /** @type {Map<string, Field[] | null>} */
    const fields = new Map();
    /** @type {Set<string>} */
    const keys = new Set();
    for (const response of page.responses) {
      const key = definitionKey(response);
      if (key !== null) keys.add(key);
    }
    await Promise.all(
      [...keys].map(async (key) => {
        fields.set(key, namedFields ?? (await definition(context, key)));
      }),
    );
    if (context.signal.aborted) return;
    showPage(results, context, filters, topic, page, (key) => fields.get(key));
  } catch (error) {
    if (context.signal.aborted) return;
    showError(form, results, filters, error);
  }
}

/**
 * Shows a refusal of the API at the filter it concerns, or above the table.
 * @param {HTMLFormElement} form
 * @param {HTMLElement} results
 * @param {Filters} filters
 * @param {unknown} error
 */
function showError(form, results, filters, error) {
  const message = error instanceof Error ? error.message : String(error);
  replace(results, h("p", { class: "error", role: "alert" }, `The answers could not be shown: ${message}.`));
  if (!(error instanceof ApiError)) return;
  for (const issue of error.issues) {
    const name = issue.path.replace(/^\$\./, "");
    if (name === "since" || name === "until") showIssue(form, name, issue.message);
  }
  if (error.status === 404 && filters.payload) showIssue(form, "payload", message);
  else if (error.status === 400) showIssue(form, "topic", message);
}

/**
 * Shows a page: the exports, the table, the pager and the map.
 * @param {HTMLElement} results
 * @param {PageContext} context
 * @param {Filters} filters
 * @param {string} topic
 * @param {{responses: ResponseObject[], next: string}} page
 * @param {(key: string) => Field[] | null | undefined} fieldsFor
 */
function showPage(results, context, filters, topic, page, fieldsFor) {
  const columns = columnsOf(page.responses, fieldsFor);
  const rows = rowsOf(page.responses, columns);
  const url = (/** @type {string} */ path) => context.api.url(path);
  const count = page.responses.length;
  const summary =
    count === 0
      ? filters.after
        ? "No more answers."
        : `No answers on ${topic} with these filters yet.`
      : `${count} ${count === 1 ? "answer" : "answers"} on ${topic}${filters.after ? ", after the earlier pages" : ""}.`;
  const pager = h("nav", { class: "pager", "aria-label": "Pages of answers" });
  const previous = trail.previous(filters);
  if (previous !== null) {
    pager.append(
      h("button", { type: "button", "data-page": "previous" }, previous === "" ? "First page" : "Previous page"),
    );
    pager.lastElementChild?.addEventListener("click", () => context.navigate(answersHash({ ...filters, after: previous })));
  }
  if (count === pageSize) {
    const next = h("button", { type: "button", "data-page": "next" }, "Next page");
    next.addEventListener("click", () => {
      trail.forward(filters, page.next);
      context.navigate(answersHash({ ...filters, after: page.next }));
    });
    pager.append(next);
  }
  /** @type {{latitude: number, longitude: number, label: string}[]} */
  const places = [];
  rows.forEach((row, index) => {
    row.cells.forEach((cell, column) => {
      if (cell.kind !== "location") return;
      const at = `${cell.latitude.toFixed(5)}, ${cell.longitude.toFixed(5)}`;
      const who = page.responses[index]?.username ?? "";
      places.push({ latitude: cell.latitude, longitude: cell.longitude, label: `${who} · ${columns[column]?.id}: ${at}` });
    });
  });
  const box = h("div", { class: "answers-map", role: "region", "aria-label": "Map of the answers' places" });
  replace(
    results,
    exportBar(context, filters, topic),
    h("p", { class: "summary" }, summary),
    count === 0 ? null : h("div", { class: "table-scroll" }, answersTable(columns, rows, url)),
    pager,
    places.length === 0
      ? null
      : h("section", { class: "answers-places" }, h("h2", {}, "Places"), box, h("ul", { class: "places" }, places.map((place) => h("li", {}, place.label)))),
  );
  context.status(summary);
  if (places.length > 0) {
    drawMap(box, places, context.signal).catch((error) => {
      box.append(h("p", { class: "error" }, `The map could not be shown: ${error instanceof Error ? error.message : String(error)}.`));
    });
  }
}

/**
 * The export buttons, with the table's filters (every page), their progress and the saved file.
 * @param {PageContext} context
 * @param {Filters} filters
 * @param {string} topic
 * @returns {HTMLElement}
 */
function exportBar(context, filters, topic) {
  const progress = h("span", { class: "export-progress", role: "status" });
  const saved = h("span", { class: "export-saved" });
  /** @type {string | null} */
  let href = null;
  context.signal.addEventListener("abort", () => {
    if (href) URL.revokeObjectURL(href);
  });
  const buttons = Object.values(exportFormats).map((format) => {
    const button = h("button", { type: "button", "data-export": format.extension }, `Export ${format.name}`);
    button.addEventListener("click", async () => {
      for (const each of buttons) each.disabled = true;
      replace(saved);
      progress.textContent = `Exporting ${format.name}…`;
      try {
        const url = context.api.url(exportPath(filters, topic));
        const { blob, lines } = await downloadExport(context.api.fetchFn, url, format, (lines, bytes) => {
          progress.textContent = `Exporting ${format.name}: ${exportSizeText(format, lines, bytes)}…`;
        }, context.signal);
        if (context.signal.aborted) return;
        if (href) URL.revokeObjectURL(href);
        href = URL.createObjectURL(blob);
        const name = exportFileName(topic, format.extension, new Date());
        const link = h("a", { href, download: name, class: "export-file", "data-format": format.extension }, name);
        replace(saved, link);
        progress.textContent = `${format.name} export: ${exportSizeText(format, lines, blob.size)}.`;
        link.click();
      } catch (error) {
        if (context.signal.aborted) return;
        progress.textContent = `The export failed: ${error instanceof Error ? error.message : String(error)}.`;
      } finally {
        for (const each of buttons) each.disabled = false;
      }
    });
    return button;
  });
  return h("div", { class: "export-bar" }, buttons, progress, saved);
}
