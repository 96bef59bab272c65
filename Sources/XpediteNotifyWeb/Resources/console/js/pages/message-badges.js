// The badges of the Messages section: a message's state and its pushes' states, each state with
// its own class (console.css) and words, so that active, withdrawn and expired look distinct.

import { h } from "../dom.js";
import { deliveryCounts, stateText } from "./messages-model.js";

/**
 * A message's state as a badge: each state its own class and words.
 * @param {string} state
 * @returns {HTMLElement}
 */
export function stateBadge(state) {
  return h("span", { class: `badge state-${state}`, "data-state": state }, stateText(state));
}

/**
 * The counts of a message's pushes by state, as badges (`2 delivered`, `1 failed`).
 * @param {Record<string, number>} counts
 * @returns {HTMLElement}
 */
export function deliveryBadges(counts) {
  const entries = deliveryCounts(counts);
  if (entries.length === 0) return h("span", { class: "muted" }, "no devices");
  return h(
    "span",
    { class: "delivery-counts" },
    entries.map((entry) =>
      h("span", { class: `badge delivery-${entry.state}`, "data-delivery-state": entry.state }, `${entry.count} ${entry.state}`),
    ),
  );
}

