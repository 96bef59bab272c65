// What one layout run shares across its containers (XpediteLayout's LayoutRun): the
// configuration, the image sizes, the default font, the window geometry, and the warnings.

import { formatNumber } from "../protocol/canonical-json.js";
import { numberOf, stringOf } from "./model.js";
import { textStyleSize } from "./text-measurer.js";

/** @typedef {import("./configuration.js").LayoutConfiguration} LayoutConfiguration */
/** @typedef {import("./text-measurer.js").TextFont} TextFont */
/** @typedef {import("../protocol/json-types").JSONObject} JSONObject */
/** @typedef {import("../protocol/json-types").JSONValue} JSONValue */

/**
 * A rectangle in points.
 * @typedef {object} LayoutRect
 * @property {number} x
 * @property {number} y
 * @property {number} width
 * @property {number} height
 */

/**
 * The size of an image in points.
 * @typedef {object} ImageSize
 * @property {number} width
 * @property {number} height
 */

/**
 * A warning about a layout, as `xpedite layout` prints it under "warnings".
 * @typedef {object} LayoutWarning
 * @property {string} path the component's JSON path, `$.components[1].components[0]`
 * @property {string} code the stable code (`overflow`, `negative-size`, …)
 * @property {string} message a readable sentence
 */

/**
 * The `setDefaults` the phone holds: a font and size, each set (a value) or removed (null).
 * @typedef {object} Defaults
 * @property {string | null} [font]
 * @property {number | null} [fontsize]
 * @property {string | null} [color]
 * @property {string | null} [background]
 */

/**
 * The JSON path of the component at `indexPath`.
 * @param {readonly number[]} indexPath
 * @returns {string}
 */
export function componentPath(indexPath) {
  let path = "$";
  for (const index of indexPath) path += `.components[${index}]`;
  return path;
}

/**
 * Rounds to a multiple of `increment` (none when it is not positive), turning -0 into 0; halves
 * round away from zero, as Swift's `.toNearestOrAwayFromZero`.
 * @param {number} value
 * @param {number} increment
 * @returns {number}
 */
export function roundTo(value, increment) {
  if (!(increment > 0) || !Number.isFinite(increment)) return value + 0;
  const scale = 1 / increment;
  const scaled = value * scale;
  const rounded = scaled < 0 ? -Math.round(-scaled) : Math.round(scaled);
  // Math.round rounds halves up; away from zero differs only for negative halves, handled above.
  return rounded / scale + 0;
}

/**
 * A number as canonical JSON prints it, for messages.
 * @param {number} value
 * @returns {string}
 */
export function formatValue(value) {
  return formatNumber(value);
}

/**
 * The default font of a screen: `setDefaults` font and size, else the configuration's size.
 * @param {Defaults} defaults
 * @param {number} defaultFontSize
 * @returns {TextFont}
 */
export function defaultFontOf(defaults, defaultFontSize) {
  let size = defaultFontSize;
  const fontsize = defaults.fontsize;
  if (typeof fontsize === "number" && fontsize > 0 && Number.isFinite(fontsize)) size = fontsize;
  const name = typeof defaults.font === "string" ? defaults.font : undefined;
  return { name, size: size > 0 && Number.isFinite(size) ? size : 17 };
}

/**
 * The font of a text: its own name and size, then the default; a text-style name brings its own
 * size, which `fontsize` still overrides.
 * @param {string | undefined} name
 * @param {number | undefined} size
 * @param {TextFont} defaultFont
 * @returns {TextFont}
 */
export function fontOf(name, size, defaultFont) {
  const ownSize = size !== undefined && size > 0 && Number.isFinite(size) ? size : undefined;
  const fontName = name ?? defaultFont.name;
  return { name: fontName, size: ownSize ?? textStyleSize(fontName) ?? defaultFont.size };
}

/** One layout run. */
export class LayoutRun {
  /**
   * @param {LayoutConfiguration} configuration
   * @param {Map<string, ImageSize>} imageSizes known image sizes by image id or URL
   * @param {JSONValue | undefined} images the packet's canonical `images`
   * @param {Defaults} defaults the merged setDefaults
   * @param {LayoutRect} bounds
   * @param {LayoutRect} safeArea
   */
  constructor(configuration, imageSizes, images, defaults, bounds, safeArea) {
    this.configuration = configuration;
    this.imageSizes = imageSizes;
    /** @type {Map<string, string>} the manifest: id → url */
    this.imageURLs = new Map();
    /** @type {string | undefined} the old images folder */
    this.imageFolder = undefined;
    if (Array.isArray(images)) {
      for (const entry of images) {
        if (entry === null || typeof entry !== "object" || Array.isArray(entry)) continue;
        const id = stringOf(entry, "id");
        const url = stringOf(entry, "url");
        if (id !== undefined && url !== undefined && !this.imageURLs.has(id)) this.imageURLs.set(id, url);
      }
    } else if (images !== null && typeof images === "object") {
      this.imageFolder = stringOf(images, "url");
    }
    this.defaultFont = defaultFontOf(defaults, configuration.defaultFontSize);
    this.bounds = bounds;
    this.safeArea = safeArea;
    /** @type {LayoutWarning[]} */
    this.warnings = [];
    /** How many navigation bar buttons are placed on each side so far. */
    this.barButtons = { left: 0, right: 0 };
  }

  /**
   * Records a warning about the component at `indexPath`.
   * @param {string} code
   * @param {readonly number[]} indexPath
   * @param {string} message
   */
  warn(code, indexPath, message) {
    this.warnings.push({ path: componentPath(indexPath), code, message });
  }

  /**
   * Rounds to the configuration's increment.
   * @param {number} value
   * @returns {number}
   */
  rounded(value) {
    return roundTo(value, this.configuration.roundingIncrement);
  }

  /**
   * `value` within ± the coordinate limit; beyond it, or not a number, it is clamped with a warning.
   * @param {number} value
   * @param {string} quantity
   * @param {readonly number[]} indexPath
   * @returns {number}
   */
  limited(value, quantity, indexPath) {
    const limit = this.configuration.coordinateLimit;
    if (Number.isNaN(value)) {
      this.warn("out-of-range", indexPath, `${quantity} is not a number; using 0`);
      return 0;
    }
    if (Math.abs(value) > limit) {
      const clamped = value < 0 ? -limit : limit;
      this.warn("out-of-range", indexPath,
        `${quantity} ${formatValue(value)} is beyond ±${formatValue(limit)} points; clamped to ${formatValue(clamped)}`);
      return clamped;
    }
    return value;
  }

  /**
   * The font of a text component.
   * @param {string | undefined} name
   * @param {number | undefined} size
   * @returns {TextFont}
   */
  font(name, size) {
    return fontOf(name, size, this.defaultFont);
  }

  /**
   * The least width a button's text is drawn in without breaking a word (fitted text, decision
   * 0570): its widest word in its font (semibold when bordered), the icon before it, and the 8
   * points each side the renderer pads it with; 0 when the measurer cannot tell.
   * @param {JSONObject} button
   * @returns {number}
   */
  leastButtonWidth(button) {
    const measurer = this.configuration.textMeasurer;
    if (!measurer.widestWord) return 0;
    const font = this.font(stringOf(button, "font"), numberOf(button, "fontsize"));
    const text = stringOf(button, "text") ?? "";
    let width = measurer.widestWord(text, { ...font, bold: stringOf(button, "style") === "button" });
    // An icon is 1.3 em with a 6-point gap (screen.css, .x-icon and .x-button).
    if (stringOf(button, "icon") !== undefined) width += 1.3 * font.size + 6;
    return width > 0 && Number.isFinite(width) ? width + 2 * 8 : 0;
  }

  /**
   * The height of `text` wrapped to `width` (never negative or infinite).
   * @param {string} text
   * @param {TextFont} font
   * @param {number} width
   * @returns {number}
   */
  measure(text, font, width) {
    const height = this.configuration.textMeasurer.height(text, font, Math.max(0, width));
    return Number.isFinite(height) ? Math.max(0, height) : 0;
  }

  /**
   * The known size of an image: by its id, the manifest URL of that id, its url, its old name,
   * and the name resolved against the old images folder, in that order.
   * @param {JSONObject} image
   * @returns {ImageSize | undefined}
   */
  imageSize(image) {
    /** @type {string[]} */
    const keys = [];
    const id = stringOf(image, "id");
    if (id !== undefined) {
      keys.push(id);
      const url = this.imageURLs.get(id);
      if (url !== undefined) keys.push(url);
    }
    const url = stringOf(image, "url");
    if (url !== undefined) keys.push(url);
    const name = stringOf(image, "name");
    if (name !== undefined) {
      keys.push(name);
      if (this.imageFolder !== undefined) keys.push(resolveImageName(name, this.imageFolder));
    }
    for (const key of keys) {
      const size = this.imageSizes.get(key);
      if (size) return size;
    }
    return undefined;
  }
}

/**
 * An old image name resolved against the images folder (Images.resolve).
 * @param {string} name
 * @param {string} base
 * @returns {string}
 */
export function resolveImageName(name, base) {
  if (name.includes("://")) return name;
  const folder = base.endsWith("/") ? base : `${base}/`;
  return folder + (name.startsWith("/") ? name.slice(1) : name);
}

