// SF Symbol names (docs/protocol/components/display.md#button `icon`) mapped to a readable glyph,
// since a browser has no SF Symbols (the port of SymbolGlyphs.swift). Variants (`.fill`,
// `.circle`, …) fall back to their base name; unknown names show a neutral square.

/** @type {Record<string, string>} */
const GLYPHS = {
  plus: "+", minus: "−", xmark: "✕", checkmark: "✓", multiply: "×",
  "chevron.left": "‹", "chevron.right": "›", "chevron.up": "˄", "chevron.down": "˅",
  "arrow.left": "←", "arrow.right": "→", "arrow.up": "↑", "arrow.down": "↓",
  "arrow.clockwise": "↻", "arrow.counterclockwise": "↺", "arrow.triangle.2.circlepath": "⟳",
  "line.3.horizontal": "☰", "line.horizontal.3": "☰", "list.bullet": "☰", ellipsis: "…",
  gear: "⚙", gearshape: "⚙", house: "⌂", magnifyingglass: "⌕", star: "★",
  heart: "♥", trash: "🗑", pencil: "✎", "square.and.pencil": "✎", "square.and.arrow.up": "⇪",
  person: "👤", "person.2": "👥", envelope: "✉", phone: "✆", bell: "🔔",
  calendar: "📅", clock: "🕒", cart: "🛒", doc: "📄", folder: "📁", lock: "🔒",
  "lock.open": "🔓", info: "ⓘ", questionmark: "?", "exclamationmark.triangle": "⚠",
  camera: "📷", photo: "🖼", paperplane: "✈", bookmark: "🔖", tag: "🏷", map: "🗺",
  location: "➤", globe: "🌐", link: "🔗", eye: "👁", "eye.slash": "◡", power: "⏻",
  play: "▶", pause: "⏸", stop: "■", flag: "⚑", creditcard: "💳", bag: "👜",
};
const SUFFIXES = [".fill", ".circle", ".square", ".rectangle", ".badge"];

/**
 * The glyph of a symbol name, or null when the name (without its variant suffixes) is no known
 * symbol: the `UIImage(systemName:)` returning nil of docs/protocol/components/display.md#button.
 * @param {string} name
 * @returns {string|null}
 */
export function knownGlyph(name) {
  let candidate = name;
  for (;;) {
    if (Object.hasOwn(GLYPHS, candidate)) return GLYPHS[candidate];
    const suffix = SUFFIXES.find((end) => candidate.endsWith(end));
    if (!suffix) return null;
    candidate = candidate.slice(0, -suffix.length);
  }
}

/**
 * The glyph of a symbol name; a neutral square for an unknown name.
 * @param {string} name
 */
export function glyph(name) {
  return knownGlyph(name) ?? "◻︎";
}
