// The console's sections and where the address points: `#/messages`, `#/answers?topic=/a/b`, …
// Each section is a module under pages/ that exports `render(container, context)`. No DOM here,
// so that Node can test it (Tests/Web/console).

/** The sections, in the navigation's order; the first is the start page. */
export const sections = /** @type {const} */ (["messages", "answers", "compose", "designer", "people", "operation"]);

/** @typedef {typeof sections[number]} Section */

/**
 * Where an address points: a section, the rest of its path, and its query.
 * @typedef {{section: Section, path: string[], query: URLSearchParams}} Route
 */

/**
 * The route of a location hash (`#/answers/x?topic=/a`); an unknown or empty one is the start page.
 * @param {string} hash
 * @returns {Route}
 */
export function parseRoute(hash) {
  const text = hash.startsWith("#") ? hash.slice(1) : hash;
  const questionMark = text.indexOf("?");
  const pathText = questionMark === -1 ? text : text.slice(0, questionMark);
  const query = new URLSearchParams(questionMark === -1 ? "" : text.slice(questionMark + 1));
  const parts = pathText
    .split("/")
    .filter((part) => part !== "")
    .map((part) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return part;
      }
    });
  const first = parts[0] ?? "";
  const section = /** @type {readonly string[]} */ (sections).includes(first) ? /** @type {Section} */ (first) : sections[0];
  return { section, path: section === first ? parts.slice(1) : [], query };
}

/**
 * The hash of a route: the inverse of ``parseRoute``.
 * @param {Section} section
 * @param {string[]} [path]
 * @param {Record<string, string | undefined>} [query]
 * @returns {string}
 */
export function routeHash(section, path = [], query = {}) {
  const parameters = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== "") parameters.set(name, value);
  }
  const tail = path.map((part) => `/${encodeURIComponent(part)}`).join("");
  const text = parameters.toString();
  return `#/${section}${tail}${text === "" ? "" : `?${text}`}`;
}

/** The roles, weakest first: each may do what the ones before it may. */
export const roles = /** @type {const} */ (["viewer", "sender", "admin"]);

/**
 * Whether an operator with `role` may do what needs `needed`.
 * @param {string} role
 * @param {"viewer" | "sender" | "admin"} needed
 * @returns {boolean}
 */
export function mayAct(role, needed) {
  const have = /** @type {readonly string[]} */ (roles).indexOf(role);
  return have >= 0 && have >= roles.indexOf(needed);
}
