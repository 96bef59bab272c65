// Readable colours (docs/accessibility.md#colours): WCAG 2.1's contrast ratio, and the rule by
// which the renderer changes a server's text colour that is not readable on what it is drawn on.
// The rule keeps the colour's hue and chroma and moves only its OKLCH lightness, away from the
// background's, by the least amount that reaches the ratio (4.5:1); where no lightness of that hue
// and chroma reaches it, it takes black or white, whichever contrasts more. Pure functions: no DOM.

/**
 * @typedef {object} RGBA A colour in sRGB, channels 0…255, alpha 0…1.
 * @property {number} r
 * @property {number} g
 * @property {number} b
 * @property {number} a
 */

/** The ratio text must reach against its background (WCAG 2.1 1.4.3, level AA). */
export const MINIMUM_RATIO = 4.5;

/**
 * A CSS colour as getComputedStyle writes it (`rgb(1, 2, 3)`, `rgba(1, 2, 3, 0.5)`, also with
 * spaces and a slash) or a hex colour (`#RGB`, `#RRGGBB`, `#RRGGBBAA`); null for anything else.
 * @param {string} text
 * @returns {RGBA|null}
 */
export function parseColour(text) {
  const value = text.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(value);
  if (hex) {
    let digits = hex[1];
    if (digits.length === 3) digits = digits.replace(/./g, (d) => d + d);
    const channel = (/** @type {number} */ i) => Number.parseInt(digits.slice(i, i + 2), 16);
    return { r: channel(0), g: channel(2), b: channel(4), a: digits.length === 8 ? channel(6) / 255 : 1 };
  }
  const functional = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:\s*[,/]\s*([\d.]+)(%?))?\s*\)$/.exec(value);
  if (!functional) return null;
  const alpha = functional[4] === undefined ? 1 : Number(functional[4]) / (functional[5] === "%" ? 100 : 1);
  return { r: Number(functional[1]), g: Number(functional[2]), b: Number(functional[3]), a: Math.max(0, Math.min(1, alpha)) };
}

/**
 * `top` drawn over the opaque `bottom` (source-over).
 * @param {RGBA} top
 * @param {RGBA} bottom
 * @returns {RGBA}
 */
export function composite(top, bottom) {
  const a = top.a;
  return { r: top.r * a + bottom.r * (1 - a), g: top.g * a + bottom.g * (1 - a), b: top.b * a + bottom.b * (1 - a), a: 1 };
}

/** @param {number} channel 0…255 */
const linear = (channel) => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** @param {number} value linear 0…1 */
const gamma = (value) => {
  const v = Math.max(0, Math.min(1, value));
  return 255 * (v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055);
};

/**
 * WCAG's relative luminance of an opaque colour.
 * @param {RGBA} colour
 */
export function luminance(colour) {
  return 0.2126 * linear(colour.r) + 0.7152 * linear(colour.g) + 0.0722 * linear(colour.b);
}

/**
 * WCAG's contrast ratio of two opaque colours (1…21).
 * @param {RGBA} a
 * @param {RGBA} b
 */
export function contrastRatio(a, b) {
  const x = luminance(a);
  const y = luminance(b);
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/**
 * An sRGB colour in OKLCH (L 0…1, C ≥ 0, h in degrees), by Björn Ottosson's OKLab matrices.
 * @param {RGBA} colour
 * @returns {{l: number, c: number, h: number}}
 */
export function toOKLCH(colour) {
  const r = linear(colour.r);
  const g = linear(colour.g);
  const b = linear(colour.b);
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  const L = 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s;
  const A = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s;
  const B = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s;
  return { l: L, c: Math.hypot(A, B), h: (Math.atan2(B, A) * 180) / Math.PI };
}

/**
 * An OKLCH colour in sRGB, each channel clipped to 0…255 (opaque).
 * @param {{l: number, c: number, h: number}} colour
 * @returns {RGBA}
 */
export function fromOKLCH(colour) {
  const hue = (colour.h * Math.PI) / 180;
  const A = colour.c * Math.cos(hue);
  const B = colour.c * Math.sin(hue);
  const l = (colour.l + 0.3963377774 * A + 0.2158037573 * B) ** 3;
  const m = (colour.l - 0.1055613458 * A - 0.0638541728 * B) ** 3;
  const s = (colour.l - 0.0894841775 * A - 1.291485548 * B) ** 3;
  return {
    r: gamma(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s),
    g: gamma(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s),
    b: gamma(-0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s),
    a: 1,
  };
}

/**
 * An opaque colour as `#RRGGBB`.
 * @param {RGBA} colour
 */
export function hexOf(colour) {
  const two = (/** @type {number} */ v) => Math.round(Math.max(0, Math.min(255, v))).toString(16).padStart(2, "0");
  return `#${two(colour.r)}${two(colour.g)}${two(colour.b)}`.toUpperCase();
}

/**
 * The colour to draw text of colour `text` on `background` (opaque) so that it reaches `ratio`:
 * `text` itself (composited on the background when translucent) when it does; else the same hue
 * and chroma at the nearest OKLCH lightness, away from the background's, that does; else black or
 * white, whichever contrasts more with the background.
 * @param {RGBA} text
 * @param {RGBA} background
 * @param {number} [ratio]
 * @returns {{colour: RGBA, changed: boolean}}
 */
export function readableColour(text, background, ratio = MINIMUM_RATIO) {
  const drawn = text.a < 1 ? composite(text, background) : { ...text, a: 1 };
  if (contrastRatio(drawn, background) >= ratio) return { colour: drawn, changed: false };
  const start = toOKLCH(drawn);
  // 0.179: the luminance on which black and white contrast equally.
  const darker = luminance(background) > 0.179;
  // Lightness towards black on a light background, towards white on a dark one; the smallest
  // step that reaches the ratio, found by bisection (contrast grows monotonically along it).
  const end = darker ? 0 : 1;
  const at = (/** @type {number} */ t) => fromOKLCH({ l: start.l + (end - start.l) * t, c: start.c, h: start.h });
  if (contrastRatio(at(1), background) >= ratio) {
    let low = 0;
    let high = 1;
    for (let i = 0; i < 24; i++) {
      const middle = (low + high) / 2;
      if (contrastRatio(at(middle), background) >= ratio) high = middle;
      else low = middle;
    }
    const colour = at(high);
    // Rounding to whole channels may lose a hair of contrast: step on until it holds.
    let t = high;
    let rounded = parseColour(hexOf(colour)) ?? colour;
    while (contrastRatio(rounded, background) < ratio && t < 1) {
      t = Math.min(1, t + 0.005);
      rounded = parseColour(hexOf(at(t))) ?? at(t);
    }
    if (contrastRatio(rounded, background) >= ratio) return { colour: rounded, changed: true };
  }
  const black = { r: 0, g: 0, b: 0, a: 1 };
  const white = { r: 255, g: 255, b: 255, a: 1 };
  return { colour: contrastRatio(black, background) >= contrastRatio(white, background) ? black : white, changed: true };
}
