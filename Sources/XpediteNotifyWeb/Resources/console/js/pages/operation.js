// The Operation section (docs/console.md#operation): the push outbox (depth and oldest due per
// provider, recent failures, Retry now), the webhooks with their recent deliveries and a Test
// button, and the sends and answers per hour drawn as an SVG bar chart from
// `GET /stats/hourly` (hourly-chart.js does the numbers). Admins see the buttons.

import { resourcePath, withQuery } from "../api.js";
import { dateTimeText, h, replace } from "../dom.js";
import { layoutChart, parseHours } from "../hourly-chart.js";

/** @typedef {import("../page.js").PageContext} PageContext */

const svgNamespace = "http://www.w3.org/2000/svg";

/**
 * An SVG element with attributes.
 * @param {string} tag
 * @param {Record<string, string | number>} attributes
 * @param {...(Node | string)} children
 * @returns {SVGElement}
 */
function svg(tag, attributes, ...children) {
  const element = /** @type {SVGElement} */ (document.createElementNS(svgNamespace, tag));
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  for (const child of children) element.append(child);
  return element;
}

/**
 * The list in `body[key]`, its items as records.
 * @param {unknown} body
 * @param {string} key
 * @returns {Record<string, unknown>[]}
 */
function list(body, key) {
  const value = typeof body === "object" && body !== null ? /** @type {Record<string, unknown>} */ (body)[key] : null;
  return Array.isArray(value) ? value.filter((item) => typeof item === "object" && item !== null) : [];
}

/**
 * A member as text ("" when absent).
 * @param {Record<string, unknown>} record
 * @param {string} key
 * @returns {string}
 */
function text(record, key) {
  const value = record[key];
  return typeof value === "string" || typeof value === "number" ? String(value) : "";
}

/**
 * A table with a head row.
 * @param {string} id
 * @param {string[]} head
 * @param {HTMLTableRowElement[]} rows
 * @returns {HTMLTableElement}
 */
function table(id, head, rows) {
  return h("table", { class: "list", id }, h("thead", {}, h("tr", {}, head.map((title) => h("th", {}, title)))), h("tbody", {}, rows));
}

/**
 * Draws the Operation section.
 * @param {HTMLElement} container
 * @param {PageContext} context
 */
export async function render(container, context) {
  const { api } = context;
  const admin = context.may("admin");
  const redraw = () => render(container, context);
  const [deliveries, webhooks, hourly] = await Promise.all([
    api.get(withQuery("deliveries", { limit: 20 })),
    api.get(withQuery("webhooks", { limit: 10 })),
    api.get(withQuery("stats/hourly", { hours: 48 })),
  ]);
  if (context.signal.aborted) return;
  replace(container, h("h1", {}, "Operation"), outboxSection(deliveries, context, admin, redraw), webhooksSection(webhooks, context, admin), chartSection(hourly));
}

/**
 * The push outbox: each lane's depth and oldest due, the recent failures, Retry now.
 * @param {unknown} body the answer of `GET /deliveries`
 * @param {PageContext} context
 * @param {boolean} admin
 * @param {() => Promise<void>} redraw
 * @returns {HTMLElement}
 */
function outboxSection(body, context, admin, redraw) {
  const lanes = list(body, "outbox");
  const problems = list(body, "recentProblems");
  const depth = lanes.reduce((sum, lane) => sum + (typeof lane.pending === "number" ? lane.pending : 0), 0);
  const oldest = lanes.map((lane) => text(lane, "oldestDueAt")).filter((at) => at !== "").sort()[0];
  const retry = admin ? h("button", { type: "button", id: "retry-now" }, "Retry now") : null;
  retry?.addEventListener("click", async () => {
    retry.disabled = true;
    try {
      const answer = /** @type {Record<string, unknown>} */ ((await context.api.post("outbox/retry", {})) ?? {});
      context.status(`Retry now: ${text(answer, "pushes") || 0} pushes and ${text(answer, "webhooks") || 0} webhook deliveries are due now.`);
      await redraw();
    } catch (error) {
      context.status(error instanceof Error ? error.message : String(error));
      retry.disabled = false;
    }
  });
  return h(
    "section",
    { "aria-labelledby": "outbox-title", id: "outbox" },
    h("h2", { id: "outbox-title" }, "Outbox"),
    h(
      "dl",
      { class: "figures" },
      h("div", {}, h("dt", {}, "Waiting"), h("dd", { id: "outbox-depth" }, depth)),
      h("div", {}, h("dt", {}, "Oldest due"), h("dd", { id: "outbox-oldest" }, oldest ? dateTimeText(oldest) : "none")),
      h("div", {}, h("dt", {}, "Recent failures"), h("dd", { id: "outbox-failures" }, problems.length)),
    ),
    retry,
    lanes.length > 0 &&
      table(
        "outbox-lanes",
        ["Provider", "Waiting", "Oldest due"],
        lanes.map((lane) => h("tr", {}, h("td", {}, text(lane, "provider")), h("td", { class: "number" }, text(lane, "pending")), h("td", {}, dateTimeText(text(lane, "oldestDueAt"))))),
      ),
    problems.length > 0 &&
      table(
        "outbox-problems",
        ["Provider", "Target", "State", "Attempts", "Last error", "Time"],
        problems.map((problem) =>
          h(
            "tr",
            {},
            h("td", {}, text(problem, "provider")),
            h("td", {}, text(problem, "target")),
            h("td", {}, text(problem, "state")),
            h("td", { class: "number" }, text(problem, "attempts")),
            h("td", {}, text(problem, "lastError")),
            h("td", {}, dateTimeText(text(problem, "at"))),
          ),
        ),
      ),
  );
}

/**
 * The webhooks, each with its recent deliveries and (for admins) a Test button.
 * @param {unknown} body the answer of `GET /webhooks`
 * @param {PageContext} context
 * @param {boolean} admin
 * @returns {HTMLElement}
 */
function webhooksSection(body, context, admin) {
  const webhooks = list(body, "webhooks");
  return h(
    "section",
    { "aria-labelledby": "webhooks-title", id: "webhooks" },
    h("h2", { id: "webhooks-title" }, "Webhooks"),
    webhooks.length === 0 && h("p", {}, "No webhooks."),
    webhooks.map((webhook) => {
      const name = text(webhook, "name");
      const result = h("p", { class: "test-result", role: "status" });
      const test = admin ? h("button", { type: "button", class: "test-webhook" }, "Test") : null;
      test?.addEventListener("click", async () => {
        test.disabled = true;
        replace(result, "Posting a test…");
        try {
          const answer = /** @type {Record<string, unknown>} */ ((await context.api.post(resourcePath("webhooks", name, "test"), {})) ?? {});
          replace(result, answer.delivered === true ? "Test delivered." : `Test not delivered: ${text(answer, "error")}`);
        } catch (error) {
          replace(result, error instanceof Error ? error.message : String(error));
        } finally {
          test.disabled = false;
        }
      });
      const deliveries = list(webhook, "deliveries");
      return h(
        "article",
        { class: "webhook", "data-webhook": name },
        h("h3", {}, name),
        h("p", {}, `${text(webhook, "topic")} → ${text(webhook, "url")}`),
        test,
        result,
        deliveries.length === 0
          ? h("p", {}, "No deliveries yet.")
          : table(
              `webhook-${name}-deliveries`,
              ["State", "Attempts", "Last error", "Time"],
              deliveries.map((delivery) =>
                h(
                  "tr",
                  { "data-delivery": text(delivery, "deliveryId") },
                  h("td", {}, text(delivery, "state")),
                  h("td", { class: "number" }, text(delivery, "attempts")),
                  h("td", {}, text(delivery, "lastError")),
                  h("td", {}, dateTimeText(text(delivery, "deliveredAt") || text(delivery, "nextAttemptAt"))),
                ),
              ),
            ),
      );
    }),
  );
}

/**
 * The sends and answers per hour as an SVG bar chart, with a table of the same figures for
 * screen readers.
 * @param {unknown} body the answer of `GET /stats/hourly`
 * @returns {HTMLElement}
 */
function chartSection(body) {
  const hours = parseHours(body);
  const plot = { width: 720, height: 160 };
  const margin = { left: 40, bottom: 20, top: 10 };
  const layout = layoutChart(hours, plot);
  const picture = svg(
    "svg",
    { viewBox: `0 0 ${plot.width + margin.left + 10} ${plot.height + margin.top + margin.bottom}`, class: "chart", role: "img", "aria-labelledby": "chart-title" },
    svg("title", {}, "Sends and answers per hour, the last 48 hours"),
  );
  const area = svg("g", { transform: `translate(${margin.left} ${margin.top})` });
  for (const tick of layout.ticks) {
    const y = plot.height - (tick / layout.top) * plot.height;
    area.append(svg("line", { x1: 0, x2: plot.width, y1: y, y2: y, class: "grid" }), svg("text", { x: -6, y: y + 4, "text-anchor": "end", class: "tick" }, String(tick)));
  }
  for (const bar of layout.bars) {
    area.append(
      svg(
        "rect",
        { x: bar.x, y: bar.y, width: bar.width, height: bar.height, class: `bar ${bar.series}`, "data-series": bar.series, "data-value": bar.value },
        svg("title", {}, `${dateTimeText(bar.hour)}: ${bar.value} ${bar.series}`),
      ),
    );
  }
  hours.forEach((hour, index) => {
    const date = new Date(hour.hour);
    if (date.getHours() % 6 !== 0) return;
    const x = (index + 0.5) * (plot.width / hours.length);
    area.append(svg("text", { x, y: plot.height + 15, "text-anchor": "middle", class: "tick" }, `${date.getHours()}:00`));
  });
  picture.append(area);
  const active = hours.filter((hour) => hour.sends > 0 || hour.answers > 0);
  return h(
    "section",
    { "aria-labelledby": "chart-title", id: "activity" },
    h("h2", { id: "chart-title" }, "Sends and answers per hour"),
    h("p", { class: "legend" }, h("span", { class: "key sends" }, "sends"), " ", h("span", { class: "key answers" }, "answers")),
    picture,
    h(
      "details",
      {},
      h("summary", {}, "The figures"),
      active.length === 0
        ? h("p", {}, "Nothing sent or answered in the last 48 hours.")
        : table(
            "activity-figures",
            ["Hour", "Sends", "Answers"],
            active.map((hour) => h("tr", {}, h("td", {}, dateTimeText(hour.hour)), h("td", { class: "number" }, hour.sends), h("td", { class: "number" }, hour.answers))),
          ),
    ),
  );
}
