// The CSS font stack of a protocol font family (docs/protocol/values.md#fonts), the port of
// FontStack.swift: the family first, then faces of the same kind (serif, monospace, rounded,
// handwritten or sans-serif) ending in the generic family of that kind, so a family the machine
// lacks falls back to a face of its own kind. The family must already be sanitised (letters,
// digits, spaces and hyphens only).

/** @typedef {"sansSerif"|"serif"|"monospace"|"rounded"|"handwriting"} FontKind */

/** @type {Record<FontKind, string>} */
const FALLBACK = {
  sansSerif: "'Helvetica Neue',Helvetica,Arial,system-ui,sans-serif",
  serif: "ui-serif,Georgia,'Times New Roman',Times,serif",
  monospace: "ui-monospace,Menlo,'Courier New',Courier,monospace",
  rounded: "ui-rounded,'SF Pro Rounded','Arial Rounded MT Bold',system-ui,sans-serif",
  handwriting: "'Snell Roundhand','Apple Chancery','Bradley Hand',cursive",
};

/** @param {string} name */
const squeeze = (name) => name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

/** @type {Map<string, FontKind>} */
const KNOWN = new Map();
/** @type {[string[], FontKind][]} */
const FAMILIES = [
  [["Georgia", "Times", "Times New Roman", "TimesNewRomanPSMT", "Palatino", "Palatino Linotype", "Baskerville", "Didot",
    "Bodoni 72", "Bodoni", "Cochin", "Hoefler Text", "Charter", "Iowan Old Style", "New York", "Big Caslon", "Book Antiqua",
    "Garamond", "Cambria", "American Typewriter", "Rockwell", "Superclarendon", "Athelas", "Charis SIL", "Constantia"], "serif"],
  [["Menlo", "Monaco", "SF Mono", "Consolas", "Andale Mono", "Lucida Console", "PT Mono"], "monospace"],
  [["SF Pro Rounded", "Varela Round", "Nunito", "Quicksand"], "rounded"],
  [["Snell Roundhand", "Zapfino", "Noteworthy", "Chalkboard SE", "Chalkboard", "Marker Felt", "Bradley Hand", "Savoye LET",
    "Party LET", "Chalkduster", "Apple Chancery", "Comic Sans MS"], "handwriting"],
];
for (const [names, kind] of FAMILIES) for (const name of names) KNOWN.set(squeeze(name), kind);

/**
 * The kind of a family: a known family by name, else by the words in its name.
 * @param {string} family
 * @returns {FontKind}
 */
export function fontKind(family) {
  const known = KNOWN.get(squeeze(family));
  if (known) return known;
  const words = family.toLowerCase();
  if (words.includes("mono") || words.includes("courier") || words.includes("code")) return "monospace";
  if (words.includes("rounded")) return "rounded";
  if (words.includes("serif") && !words.includes("sans")) return "serif";
  if (words.includes("script") || words.includes("hand")) return "handwriting";
  return "sansSerif";
}

/**
 * The `font-family` value for a sanitised family name.
 * @param {string} family
 */
export function fontStack(family) {
  return `'${family}',${FALLBACK[fontKind(family)]}`;
}
