// The value of a `style` attribute (the port of CSSStyle.swift), built only from numbers, colours
// (`#RRGGBB[AA]`) and sanitised font names, so no packet text can add a declaration.

import { fontStack } from "./font-stack.js";

/** @typedef {import("./types.js").Rect} Rect */

/** Text styles (docs/protocol/values.md#fonts): their size and whether they are semibold. */
const TEXT_STYLES = {
  largetitle: 34, title1: 28, title: 28, title2: 22, title3: 20, headline: 17, body: 17,
  subheadline: 15, callout: 16, footnote: 13, caption1: 12, caption: 12, caption2: 11,
};

/**
 * The size of a text-style font name (`footnote`, `title2`, …), or null for any other name.
 * @param {string} name
 * @returns {number|null}
 */
export function textStyleSize(name) {
  const key = name.toLowerCase();
  return Object.hasOwn(TEXT_STYLES, key) ? TEXT_STYLES[/** @type {keyof TEXT_STYLES} */ (key)] : null;
}

/**
 * A number as CSS writes it: rounded to hundredths, without a trailing `.0`; 0 when not finite.
 * @param {number} value
 */
export function cssNumber(value) {
  if (!Number.isFinite(value)) return "0";
  const rounded = Math.round(value * 100) / 100;
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

/**
 * A protocol colour (`#RGB`, `#RRGGBB`, `#RRGGBBAA`) in the form the Swift renderer writes
 * (upper-case, alpha only when not opaque), or null when it is no colour.
 * @param {unknown} text
 * @returns {string|null}
 */
export function colourHex(text) {
  if (typeof text !== "string" || !/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/.test(text)) return null;
  let digits = text.slice(1).toUpperCase();
  if (digits.length === 3) digits = digits.replace(/./g, (d) => d + d);
  if (digits.length === 8 && digits.endsWith("FF")) digits = digits.slice(0, 6);
  return `#${digits}`;
}

/** @param {unknown} value */
const positiveNumber = (value) => typeof value === "number" && Number.isFinite(value) && value > 0;

/** A style attribute being built. */
export class CSSStyle {
  constructor() {
    /** @type {string[]} */
    this.declarations = [];
  }

  /**
   * `position:absolute` at `frame` (the class gives the position).
   * @param {Rect} frame
   */
  frame(frame) {
    this.declarations.push(
      `left:${cssNumber(frame.x)}px;top:${cssNumber(frame.y)}px;width:${cssNumber(frame.width)}px;height:${cssNumber(frame.height)}px`,
    );
    return this;
  }

  /**
   * A fixed declaration written in this module (never packet text).
   * @param {string} declaration
   */
  fixed(declaration) {
    this.declarations.push(declaration);
    return this;
  }

  /**
   * A drop-down menu's place: its top at the bottom of the bar button `anchor`, its left edge at
   * the button's left edge (`left`) or its right edge at the button's right edge (`right`).
   * @param {Rect} anchor
   * @param {string} side
   * @param {Rect} bounds
   */
  dropdown(anchor, side, bounds) {
    const top = `top:${cssNumber(anchor.y + anchor.height)}px`;
    if (side === "left") this.declarations.push(`${top};left:${cssNumber(Math.max(0, anchor.x - bounds.x))}px`);
    else this.declarations.push(`${top};right:${cssNumber(Math.max(0, bounds.x + bounds.width - anchor.x - anchor.width))}px`);
    return this;
  }

  /** @param {number} value */
  height(value) {
    this.declarations.push(`height:${cssNumber(value)}px`);
    return this;
  }

  /** @param {unknown} colour */
  color(colour) {
    const hex = colourHex(colour);
    if (hex) this.declarations.push(`color:${hex}`);
    return this;
  }

  /** @param {unknown} colour */
  background(colour) {
    const hex = colourHex(colour);
    if (hex) this.declarations.push(`background:${hex}`);
    return this;
  }

  /** @param {unknown} size */
  fontSize(size) {
    if (positiveNumber(size)) this.declarations.push(`font-size:${cssNumber(/** @type {number} */ (size))}px`);
    return this;
  }

  /**
   * A protocol font name (docs/protocol/values.md#fonts): a text-style name sets the style's size
   * (unless a font-size is already set: `fontsize` overrides it) and weight; a weight word sets the
   * weight; anything else names a family, keeping only letters, digits, spaces and hyphens,
   * followed by faces of its kind.
   * @param {unknown} name
   */
  font(name) {
    if (typeof name !== "string" || name === "") return this;
    const size = textStyleSize(name);
    if (size !== null) {
      if (!this.declarations.some((d) => d.startsWith("font-size:"))) this.declarations.push(`font-size:${cssNumber(size)}px`);
      if (name.toLowerCase() === "headline") this.declarations.push("font-weight:600");
      return this;
    }
    const lowered = name.toLowerCase();
    if (lowered.includes("bold")) this.declarations.push("font-weight:600");
    if (lowered.includes("italic")) this.declarations.push("font-style:italic");
    // "Helvetica-Bold" is the family Helvetica in bold.
    let familyName = name;
    for (const suffix of ["-BoldOblique", "-BoldItalic", "-Bold", "-Italic", "-Oblique"]) {
      if (familyName.endsWith(suffix)) {
        familyName = familyName.slice(0, -suffix.length);
        break;
      }
    }
    const family = Array.from(familyName).filter((c) => /[\p{Alphabetic}0-9 -]/u.test(c)).join("");
    if (family !== "" && !["bold", "italic", "system"].includes(lowered)) {
      this.declarations.push(`font-family:${fontStack(family)}`);
    }
    return this;
  }

  /** @param {unknown} alignment */
  align(alignment) {
    const value = { left: "left", right: "right", centre: "center", center: "center", justify: "justify" }[String(alignment)];
    if (typeof alignment === "string" && value) this.declarations.push(`text-align:${value}`);
    return this;
  }

  /**
   * The alignment of a flex box's content (a button's `align`): its text-align and the matching
   * justify-content.
   * @param {unknown} alignment
   */
  flexAlign(alignment) {
    const value = { left: "flex-start", justify: "flex-start", right: "flex-end", centre: "center", center: "center" }[
      String(alignment)
    ];
    if (typeof alignment !== "string" || !value) return this;
    this.align(alignment);
    this.declarations.push(`justify-content:${value}`);
    return this;
  }

  /**
   * A line clamp for table cells (`lines`).
   * @param {unknown} count
   */
  lines(count) {
    if (typeof count === "number" && Number.isInteger(count) && count > 0) this.declarations.push(`-webkit-line-clamp:${count}`);
    return this;
  }

  /** @param {number} value */
  opacity(value) {
    this.declarations.push(`opacity:${cssNumber(Math.max(0, Math.min(1, value)))}`);
    return this;
  }

  /** The attribute value, or null when empty. */
  get text() {
    return this.declarations.length === 0 ? null : this.declarations.join(";");
  }
}
