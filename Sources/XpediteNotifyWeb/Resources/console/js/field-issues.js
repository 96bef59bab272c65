// A form's share of an API error's issues (ApiError.issues): each issue's path (`$.members[2]`,
// `$.password`) names the body's member it is about, and so the form field that shows it. No DOM
// here, so that Node can test it (Tests/Web/console).

/** @typedef {import("./api.js").Issue} Issue */

/**
 * The body member an issue path is about: `$.members[2]` → `members`, `$.a.b` → `a`; `""` for the
 * body itself (`$`) or a path that is not one.
 * @param {string} path
 * @returns {string}
 */
export function issueField(path) {
  const match = /^\$\.([A-Za-z_][A-Za-z0-9_]*)/.exec(path);
  return match ? match[1] : "";
}

/**
 * The issues' messages by the field they are about, in their order; those about no field of
 * `fields` go under `""` (shown with the form as a whole).
 * @param {Issue[]} issues
 * @param {readonly string[]} fields
 * @returns {Map<string, string[]>}
 */
export function issuesByField(issues, fields) {
  /** @type {Map<string, string[]>} */
  const byField = new Map();
  for (const issue of issues) {
    const named = issueField(issue.path);
    const field = fields.includes(named) ? named : "";
    const messages = byField.get(field) ?? [];
    messages.push(field === "" && named !== "" ? `${issue.path}: ${issue.message}` : issue.message);
    byField.set(field, messages);
  }
  return byField;
}

/**
 * Group members as typed: names separated by commas or new lines, trimmed, without empty ones.
 * @param {string} text
 * @returns {string[]}
 */
export function splitNames(text) {
  return text
    .split(/[,\n]/)
    .map((name) => name.trim())
    .filter((name) => name !== "");
}
