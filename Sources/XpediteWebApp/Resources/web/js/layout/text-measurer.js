// The deterministic text measurer of XpediteLayout (EstimatedTextMeasurer, docs/layout.md,
// "Text measuring"): every character is 0.5 em wide, lines are 1.2 em tall, text wraps at spaces.
// Characters are grapheme clusters, as Swift counts them.

/**
 * The font a text is measured with.
 * @typedef {object} TextFont
 * @property {string | undefined} name a font or text-style name; undefined for the system font
 * @property {number} size the point size; always positive
 * @property {boolean} [bold] drawn semibold whatever the name says (a bordered button's text, the
 *   navigation bar's title); the estimate does not look at it
 */

/** @type {Intl.Segmenter | undefined} */
const segmenter = typeof Intl !== "undefined" && "Segmenter" in Intl
  ? new Intl.Segmenter(undefined, { granularity: "grapheme" })
  : undefined;

// Text of plain ASCII without CR needs no grapheme segmentation: one character per code unit.
const SIMPLE = /^[\x20-\x7e\n]*$/;

/**
 * The number of characters (grapheme clusters) of `text`.
 * @param {string} text
 * @returns {number}
 */
export function characterCount(text) {
  if (SIMPLE.test(text)) return text.length;
  if (!segmenter) return Array.from(text).length;
  let count = 0;
  for (const _ of segmenter.segment(text)) count += 1;
  return count;
}

/** A deterministic measurer that needs no fonts. */
export class EstimatedTextMeasurer {
  /**
   * @param {number} [advance] the average character width, as a fraction of the font size
   * @param {number} [lineHeight] the line height, as a fraction of the font size
   */
  constructor(advance = 0.5, lineHeight = 1.2) {
    this.advance = advance;
    this.lineHeight = lineHeight;
  }

  /**
   * The height of `text` wrapped at `width`: lines × 1.2 em.
   * @param {string} text
   * @param {TextFont} font
   * @param {number} width
   * @returns {number}
   */
  height(text, font, width) {
    return this.lineCount(text, font, width) * this.lineHeight * font.size;
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
    const capacity = this.charactersPerLine(font, width);
    let lines = 0;
    // Paragraphs: split at \r\n, \n and \r.
    for (const paragraph of text.split(/\r\n|\n|\r/)) {
      lines += paragraphLineCount(paragraph, capacity);
    }
    return lines;
  }

  /**
   * The width of the widest word of `text` (0.5 em a character): the least width it is drawn in
   * without breaking a word.
   * @param {string} text
   * @param {TextFont} font
   * @returns {number}
   */
  widestWord(text, font) {
    let widest = 0;
    for (const word of text.split(/\s+/)) if (word !== "") widest = Math.max(widest, characterCount(word));
    return widest * this.advance * font.size;
  }

  /**
   * `N`: how many characters fit on one line.
   * @param {TextFont} font
   * @param {number} width
   * @returns {number}
   */
  charactersPerLine(font, width) {
    const characterWidth = this.advance * font.size;
    if (!(characterWidth > 0) || !Number.isFinite(width) || !(width > 0)) return 1;
    // A tiny epsilon keeps exact fits exact despite binary fractions (88.4 / 8.84).
    const fitting = Math.floor(width / characterWidth + 1e-9);
    return fitting >= 1 ? Math.min(fitting, 1e15) : 1;
  }
}

/**
 * @param {string} paragraph
 * @param {number} capacity
 * @returns {number}
 */
function paragraphLineCount(paragraph, capacity) {
  let lines = 1;
  let used = 0;
  for (const word of paragraph.split(" ")) {
    if (word.length === 0) continue;
    let length = characterCount(word);
    if (used > 0) {
      if (used + 1 + length <= capacity) {
        used += 1 + length;
        continue;
      }
      lines += 1;
    }
    while (length > capacity) {
      lines += 1;
      length -= capacity;
    }
    used = length;
  }
  return lines;
}

/** Text-style names `font` may hold, with their point sizes (iOS at the "Large" size). */
const TEXT_STYLE_SIZES = new Map([
  ["largetitle", 34],
  ["title1", 28],
  ["title", 28],
  ["title2", 22],
  ["title3", 20],
  ["headline", 17],
  ["subheadline", 15],
  ["body", 17],
  ["callout", 16],
  ["footnote", 13],
  ["caption1", 12],
  ["caption", 12],
  ["caption2", 11],
]);

/**
 * The point size of the text style `name` stands for (case-insensitive), or undefined for a font name.
 * @param {string | undefined} name
 * @returns {number | undefined}
 */
export function textStyleSize(name) {
  return name === undefined ? undefined : TEXT_STYLE_SIZES.get(name.toLowerCase());
}
