// The `low-contrast` warnings of a screen's own colours (docs/protocol/validation.md,
// docs/accessibility.md#dark-colours-from-the-server), as XpediteProtocol's ContrastCheck gives
// them to `xpedite validate`: a text colour below 4.5:1 on the background the screen itself gives
// it. The simulator's inspector shows them with an exchange's issues (js/app/embed.js); the
// reader does not report them (decision 0549).

import { composite, contrastRatio, MINIMUM_RATIO, parseColour } from "../render/contrast.js";
import { warning } from "./issues.js";

/** @typedef {import("./issues.js").Issue} Issue */
/** @typedef {import("./path.js").JSONPath} JSONPath */
/** @typedef {import("../render/contrast.js").RGBA} RGBA */

/** Components whose text is drawn on what is behind them (unless they set a background). */
const DRAWN_ON_THEIR_CONTAINER = new Set(["label", "section"]);

/**
 * A wire colour (`#RRGGBB`, `#RGB`, `#RRGGBBAA`), or null.
 * @param {unknown} value
 * @returns {RGBA | null}
 */
function colour(value) {
  return typeof value === "string" && value.startsWith("#") ? parseColour(value) : null;
}

/**
 * `#RRGGBB` (upper case) of an opaque colour, `#RRGGBBAA` otherwise, as Swift's `Colour.hex`.
 * @param {RGBA} value
 */
function hex(value) {
  const channels = [value.r, value.g, value.b];
  if (value.a < 1) channels.push(Math.round(value.a * 255));
  return `#${channels.map((c) => Math.round(c).toString(16).toUpperCase().padStart(2, "0")).join("")}`;
}

/**
 * The warnings of a read (canonical) screen packet.
 * @param {Record<string, any>} packet
 * @returns {Issue[]}
 */
export function contrastIssues(packet) {
  /** @type {Issue[]} */
  const issues = [];
  /**
   * @param {RGBA} text
   * @param {RGBA} background
   * @param {JSONPath} path
   * @param {string} what
   */
  const report = (text, background, path, what) => {
    if (background.a < 1) return;
    const ratio = contrastRatio(composite(text, background), background);
    if (ratio >= MINIMUM_RATIO) return;
    const shown = Math.floor(ratio * 100) / 100;
    issues.push(warning("low-contrast", path,
      `${what} ${hex(text)} on ${hex(background)} has a contrast of ${shown}:1, below 4.5:1; ` +
        "the phone app will draw it in another colour (docs/accessibility.md#colours)"));
  };
  /**
   * @param {unknown} value a components array (scroll views may hold arrays of arrays)
   * @param {JSONPath} path
   * @param {RGBA | null} text
   * @param {RGBA | null} background
   */
  const walk = (value, path, text, background) => {
    if (!Array.isArray(value)) return;
    value.forEach((element, index) => {
      if (Array.isArray(element)) walk(element, [...path, index], text, background);
      else if (element && typeof element === "object") check(element, [...path, index], text, background);
    });
  };
  /**
   * @param {Record<string, any>} component
   * @param {JSONPath} path
   * @param {RGBA | null} text
   * @param {RGBA | null} background
   */
  const check = (component, path, text, background) => {
    const type = typeof component.type === "string" ? component.type : "";
    const ownText = colour(component.color);
    const ownBackground = colour(component.background);
    const plainButton = type === "button" && component.style !== "button";
    const drawnOn = ownBackground ?? (DRAWN_ON_THEIR_CONTAINER.has(type) || plainButton ? background : null);
    const used = ownText ?? text;
    if ((ownText || ownBackground) && used && drawnOn) {
      report(used, drawnOn, [...path, ownText ? "color" : "background"], `the ${type || "component"}'s text colour`);
    }
    walk(component.components, [...path, "components"], text, ownBackground ?? background);
  };
  const defaults = packet.setDefaults && typeof packet.setDefaults === "object" ? packet.setDefaults : {};
  const defaultText = colour(defaults.color);
  const window = colour(packet.background) ?? colour(defaults.background);
  if (defaultText && window) report(defaultText, window, ["setDefaults", "color"], "setDefaults' text colour");
  walk(packet.components, ["components"], defaultText, window);
  return issues;
}
