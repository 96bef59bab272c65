// The parts of a send request (POST /send, docs/notify-api.md#messages) that Compose builds from
// its form, and where the server's issues about them are shown. No DOM here, so that Node can
// test it (Tests/Web/console/send-request.test.mjs).

/**
 * The `to` of a send request.
 * @param {"users" | "groups" | "all"} kind
 * @param {string[]} users the chosen users
 * @param {string[]} groups the chosen groups
 * @returns {{users: string[]} | {groups: string[]} | {all: true}}
 */
export function recipientsOf(kind, users, groups) {
  if (kind === "all") return { all: true };
  return kind === "groups" ? { groups } : { users };
}

/**
 * The RFC 3339 instant of a `datetime-local` input's value (the operator's local time), or null
 * when it is empty or not a date-time.
 * @param {string} value `yyyy-MM-ddTHH:mm`
 * @returns {string | null}
 */
export function expiresAtFromLocal(value) {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * The form's place for an issue of a send request outside the payload's fields: `to`, `title`,
 * `body`, `expiresAt`, `responseTopic` or `payloadName` (a library payload's); "" for another.
 * @param {string} path
 * @returns {string}
 */
export function issueSlot(path) {
  if (path === "$.payload") return "payloadName";
  const match = /^\$\.(to|title|body|expiresAt|payload\.responseTopic|payload\.payloadName)(?=$|[.[])/.exec(path);
  if (!match) return "";
  return match[1].startsWith("payload.") ? match[1].slice("payload.".length) : match[1];
}
