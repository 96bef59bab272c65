// The alerts the renderer shows (docs/protocol/packets.md#rc-the-return-code,
// docs/protocol/caching.md#offline-fallback, docs/protocol/components/README.md#keys-every-component-has),
// shaped as ScreenState.json writes them: {kind, message, rc?}.

/**
 * @typedef {object} Alert
 * @property {"rc" | "connection" | "protocol" | "components"} kind
 * @property {string} message
 * @property {number | string} [rc]
 */

/**
 * Whether `rc` means success: 0 or "0".
 * @param {unknown} rc
 */
export function isSuccess(rc) {
  return rc === 0 || rc === "0";
}

/**
 * The alert for a non-zero `rc`: a string is shown as it is, an integer gets generic text with the
 * code.
 * @param {number | string} rc
 * @returns {Alert}
 */
export function returnCodeAlert(rc) {
  if (typeof rc === "string") return { kind: "rc", rc, message: rc };
  return { kind: "rc", rc, message: `The request could not be completed (code ${rc}).` };
}

/**
 * The server could not be reached. `submits` says the request carried input, which is never
 * answered from the cache: the person is told it needs the network.
 * @param {string} reason
 * @param {boolean} [submits]
 * @returns {Alert}
 */
export function connectionAlert(reason, submits = false) {
  const base = `The server cannot be reached (${reason}).`;
  return { kind: "connection", message: submits ? `${base} This needs the network: nothing was sent, nothing changed.` : base };
}

/**
 * @param {string} message
 * @returns {Alert}
 */
export function protocolAlert(message) {
  return { kind: "protocol", message };
}

/**
 * @typedef {object} Issue
 * @property {string} path `$.components[2]`
 * @property {string} message
 * @property {"error" | "warning"} [severity]
 */

/**
 * One issue as text: `path: message`, or `path: warning: message` (ValidationIssue.description).
 * @param {Issue | string} issue
 */
export function issueText(issue) {
  if (typeof issue === "string") return issue;
  return issue.severity === "warning" ? `${issue.path}: warning: ${issue.message}` : `${issue.path}: ${issue.message}`;
}

/**
 * The one alert a debug client shows per screen (ComponentErrorReport): every error inside
 * `components`, marked "not drawn" when its component was dropped, "ignored" otherwise, then the
 * client's own problems.
 * @param {(Issue | string)[]} issues
 * @param {string[]} dropped the paths of the components left out
 * @param {string[]} problems
 * @returns {Alert | undefined}
 */
export function componentErrorsAlert(issues, dropped, problems) {
  const lines = [];
  for (const issue of issues) {
    if (typeof issue === "string") continue;
    if (issue.severity === "warning" || !issue.path.startsWith("$.components")) continue;
    const leftOut = dropped.some((path) => issue.path === path || issue.path.startsWith(`${path}.`) || issue.path.startsWith(`${path}[`));
    lines.push(`${issue.path}: ${issue.message} (${leftOut ? "not drawn" : "ignored"})`);
  }
  lines.push(...problems);
  if (lines.length === 0) return undefined;
  const count = lines.length === 1 ? "1 problem" : `${lines.length} problems`;
  return { kind: "components", message: `This screen has ${count}:\n${lines.join("\n")}` };
}
