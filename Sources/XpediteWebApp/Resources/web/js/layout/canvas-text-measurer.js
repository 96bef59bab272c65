// The web app's text measurer in a browser (decision 0570): the same wrapping as XpediteLayout's
// estimate (lines break at spaces; a word wider than the line breaks between characters, as a
// label's `overflow-wrap: anywhere` does), but with the widths of the browser's own glyphs, read
// with a canvas's `measureText` in the CSS font the renderer draws the text in. Lines are 1.2 em
// tall, as the estimate's, or the font's own height when it is taller. Every width is kept, by
// font and word, so a screen laid out again measures nothing new.

import { characterCount } from "./text-measurer.js";

/** @typedef {import("./text-measurer.js").TextFont} TextFont */

/**
 * What the measurer needs of a canvas's 2D context (CanvasRenderingContext2D).
 * @typedef {object} MeasuringContext
 * @property {string} font
 * @property {(text: string) => {width: number, fontBoundingBoxAscent?: number, fontBoundingBoxDescent?: number}} measureText
 */

/**
 * What is kept of one font.
 * @typedef {object} FontMetrics
 * @property {string} css the CSS font
 * @property {Map<string, number>} widths the widths of its words (and characters) measured so far
 * @property {number} space the width of a space
 * @property {number} line the line height
 */

/** Above this many words for one font, its widths are forgotten (a long session's tables). */
const WORDS_PER_FONT = 20_000;
/** A line holds text up to this much narrower than its width: canvas and page round differently. */
const SLACK = 0.5;

/** @type {Intl.Segmenter | undefined} */
const segmenter = typeof Intl !== "undefined" && "Segmenter" in Intl
  ? new Intl.Segmenter(undefined, { granularity: "grapheme" })
  : undefined;

/**
 * The characters (grapheme clusters) of `text`.
 * @param {string} text
 * @returns {string[]}
 */
function characters(text) {
  if (characterCount(text) === text.length) return text.split("");
  if (!segmenter) return Array.from(text);
  return Array.from(segmenter.segment(text), (part) => part.segment);
}

/** Measures text with the browser's glyphs. */
export class CanvasTextMeasurer {
  /**
   * @param {MeasuringContext} context a canvas's 2D context
   * @param {(font: TextFont) => string} cssFont the CSS `font` the renderer draws a text font in
   * @param {number} [lineHeight] the line height, as a fraction of the font size, at least
   */
  constructor(context, cssFont, lineHeight = 1.2) {
    this.context = context;
    this.cssFont = cssFont;
    this.lineHeight = lineHeight;
    /** @type {Map<string, FontMetrics>} */
    this.fonts = new Map();
    /** @type {string | undefined} the font the context has */
    this.current = undefined;
  }

  /**
   * The height of `text` wrapped at `width`: lines × the line height.
   * @param {string} text
   * @param {TextFont} font
   * @param {number} width
   * @returns {number}
   */
  height(text, font, width) {
    const lines = this.lineCount(text, font, width);
    return lines === 0 ? 0 : lines * this.metrics(font).line;
  }

  /**
   * The number of lines `text` wraps to at `width` points.
   * @param {string} text
   * @param {TextFont} font
   * @param {number} width
   * @returns {number}
   */
  lineCount(text, font, width) {
    if (text.length === 0) return 0;
    const metrics = this.metrics(font);
    const room = Number.isFinite(width) ? Math.max(0, width - SLACK) : Number.POSITIVE_INFINITY;
    let lines = 0;
    for (const paragraph of text.split(/\r\n|\n|\r/)) lines += this.paragraphLineCount(paragraph, metrics, room);
    return lines;
  }

  /**
   * The width of the widest word of `text`: the least width it is drawn in without breaking a word.
   * @param {string} text
   * @param {TextFont} font
   * @returns {number}
   */
  widestWord(text, font) {
    const metrics = this.metrics(font);
    let widest = 0;
    for (const word of text.split(/\s+/)) if (word !== "") widest = Math.max(widest, this.wordWidth(word, metrics));
    return widest;
  }

  /**
   * @param {string} paragraph
   * @param {FontMetrics} metrics
   * @param {number} room
   * @returns {number}
   */
  paragraphLineCount(paragraph, metrics, room) {
    let lines = 1;
    let used = 0;
    // Spaces before the next word (pre-wrap keeps them all; at the end of a line they hang).
    let spaces = 0;
    for (const word of paragraph.split(" ")) {
      if (word.length === 0) {
        spaces += 1;
        continue;
      }
      const before = (used > 0 ? spaces + 1 : spaces) * metrics.space;
      spaces = 0;
      let length = this.wordWidth(word, metrics);
      if (used + before + length <= room) {
        used += before + length;
        continue;
      }
      if (used > 0) lines += 1;
      if (length > room) {
        // Broken between characters: as many as fit on each line, the rest on the next.
        length = 0;
        for (const character of characters(word)) {
          const advance = this.wordWidth(character, metrics);
          if (length > 0 && length + advance > room) {
            lines += 1;
            length = 0;
          }
          length += advance;
        }
      }
      used = length;
    }
    return lines;
  }

  /**
   * The font's kept widths, space and line height.
   * @param {TextFont} font
   * @returns {FontMetrics}
   */
  metrics(font) {
    const css = this.cssFont(font);
    let metrics = this.fonts.get(css);
    if (!metrics) {
      this.use(css);
      const measured = this.context.measureText("Hg");
      const own = (measured.fontBoundingBoxAscent ?? 0) + (measured.fontBoundingBoxDescent ?? 0);
      const line = Math.max(this.lineHeight * font.size, Number.isFinite(own) ? own : 0);
      metrics = { css, widths: new Map(), space: this.context.measureText(" ").width, line };
      this.fonts.set(css, metrics);
    }
    if (metrics.widths.size > WORDS_PER_FONT) metrics.widths.clear();
    return metrics;
  }

  /**
   * @param {string} word
   * @param {FontMetrics} metrics
   * @returns {number}
   */
  wordWidth(word, metrics) {
    let width = metrics.widths.get(word);
    if (width === undefined) {
      this.use(metrics.css);
      width = this.context.measureText(word).width;
      metrics.widths.set(word, width);
    }
    return width;
  }

  /**
   * Sets the context's font (parsed by the browser: only when it changes).
   * @param {string} css
   */
  use(css) {
    if (this.current === css) return;
    this.context.font = css;
    this.current = css;
  }
}
