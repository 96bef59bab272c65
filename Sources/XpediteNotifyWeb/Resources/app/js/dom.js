// Building the page: every string, from the app or from a payload, goes in as text
// (textContent, attribute values), never parsed as HTML markup anywhere in the app.

/**
 * An attribute of ``el``: a text or number, `true` (an empty attribute), or skipped when
 * `false`, null or undefined; a function for an `on<event>` key.
 * @typedef {string | number | boolean | null | undefined | ((event: any) => unknown)} Attribute
 */

/**
 * A child of ``el``: a node, a text (appended as text), or nothing.
 * @typedef {Node | string | null | undefined | false} Child
 */

/**
 * Creates an element: `attrs` are attributes (`class`, `text` for textContent, `on<event>` for
 * listeners, `false`/null/undefined skipped), `children` nodes or strings (appended as text).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, Attribute> | null} [attrs]
 * @param {...Child} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  if (attrs) {
    for (const key of Object.keys(attrs)) {
      const value = attrs[key];
      if (value === undefined || value === null || value === false) continue;
      if (key === "class") node.className = String(value);
      else if (key === "text") node.textContent = String(value);
      else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), /** @type {EventListener} */ (value));
      else node.setAttribute(key, value === true ? "" : String(value));
    }
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child);
  }
  return node;
}

/**
 * Replaces all children of `node`.
 * @param {Element} node
 * @param {...Child} children
 */
export function replace(node, ...children) {
  node.replaceChildren(...children.filter(/** @returns {child is Node | string} */ (child) => child !== null && child !== undefined && child !== false));
}

let counter = 0;
/**
 * A fresh element id.
 * @param {string} prefix
 * @returns {string}
 */
export function uid(prefix) {
  counter += 1;
  return `${prefix}-${counter}`;
}

/**
 * A URL safe to navigate to or load: http(s) or a local blob; `null` otherwise (no
 * `javascript:`, no `data:` documents).
 * @param {unknown} text
 * @param {string} [base] the URL `text` is relative to (the page's by default)
 * @returns {string | null}
 */
export function safeURL(text, base) {
  if (typeof text !== "string" || text === "") return null;
  try {
    const url = new URL(text, base || document.baseURI);
    return ["http:", "https:", "blob:"].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * "now", "5 min", "3 h", "2 d" since an ISO timestamp.
 * @param {string} iso
 * @param {number} [now] milliseconds since 1970 (the clock's by default)
 * @returns {string}
 */
export function age(iso, now) {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return "";
  const seconds = Math.max(0, ((now || Date.now()) - then) / 1000);
  if (seconds < 60) return "now";
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  if (seconds < 86400) return `${Math.floor(seconds / 3600)} h`;
  return `${Math.floor(seconds / 86400)} d`;
}

/**
 * A new UUID (crypto.randomUUID needs a secure context; 127.0.0.1 and https are).
 * @returns {string}
 */
export function uuid() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
