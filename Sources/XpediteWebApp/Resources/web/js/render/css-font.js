// The CSS `font` a text is drawn in, for measuring it (js/layout/canvas-text-measurer.js): the
// declarations the renderer writes for a font name and size (CSSStyle.font and fontSize), on the
// screen's own family, so that what is measured is what is drawn.

import { CSSStyle } from "./style.js";

/** @typedef {import("../layout/text-measurer.js").TextFont} TextFont */

/**
 * The CSS `font` shorthand of a text font.
 * @param {TextFont} font
 * @param {string} family the screen's font family (`.x-screen`'s computed font-family)
 * @returns {string}
 */
export function cssFont(font, family) {
  const declarations = new CSSStyle().fontSize(font.size).font(font.name).declarations;
  /** @param {string} property */
  const value = (property) => declarations.find((d) => d.startsWith(`${property}:`))?.slice(property.length + 1);
  const weight = font.bold ? "600" : (value("font-weight") ?? "400");
  const style = value("font-style") ?? "normal";
  return `${style} ${weight} ${value("font-size") ?? `${font.size}px`} ${value("font-family") ?? family}`;
}
