// What the layout needs beyond the screen and the bounds (XpediteLayout's LayoutConfiguration):
// the phone's chrome, the text measurer and the numeric guards. The defaults describe an iPhone 16
// in portrait, as `xpedite layout` assumes.

import { EstimatedTextMeasurer } from "./text-measurer.js";

/**
 * @typedef {object} Insets
 * @property {number} top
 * @property {number} left
 * @property {number} bottom
 * @property {number} right
 */

/**
 * Measures wrapped text: the height of `text` drawn with `font` and wrapped to `width` points.
 * @typedef {object} TextMeasurer
 * @property {(text: string, font: import("./text-measurer.js").TextFont, width: number) => number} height
 * @property {(text: string, font: import("./text-measurer.js").TextFont) => number} [widestWord] the width of
 *   the widest word of `text`; needed by `fitsText`
 */

/**
 * @typedef {object} LayoutConfiguration
 * @property {Insets} safeAreaInsets insets of the safe area from the edges of the bounds
 * @property {number} navigationBarHeight the navigation bar (and a dialog form's header bar)
 * @property {number} defaultFontSize the font size when nothing sets one
 * @property {TextMeasurer} textMeasurer measures label text
 * @property {boolean} fitsText frames grow to hold their text as the measurer measures it: the
 *   navigation bar to hold its title wrapped, a button to hold its widest word (the web app in a
 *   browser, decision 0570). XpediteLayout has no such rule: false by default, and `xpedite layout`'s
 *   frames are the web layout's
 * @property {number} roundingIncrement every coordinate is rounded to a multiple of this (0 keeps full precision)
 * @property {number} coordinateLimit coordinates are clamped to ± this, with a warning
 * @property {number} maximumDepth containers nested deeper are not laid out, with a warning
 */

/** An iPhone with a Dynamic Island in portrait: 59 pt at the top, 34 at the bottom. */
export const portraitPhoneInsets = Object.freeze({ top: 59, left: 0, bottom: 34, right: 0 });

/**
 * A configuration: the defaults of XpediteLayout, with `overrides` on top.
 * @param {Partial<LayoutConfiguration>} [overrides]
 * @returns {LayoutConfiguration}
 */
export function layoutConfiguration(overrides = {}) {
  return {
    safeAreaInsets: portraitPhoneInsets,
    navigationBarHeight: 44,
    defaultFontSize: 17,
    textMeasurer: new EstimatedTextMeasurer(),
    fitsText: false,
    roundingIncrement: 0.01,
    coordinateLimit: 1_000_000_000,
    maximumDepth: 64,
    ...overrides,
  };
}
