// What every section of the console gets from the shell. A section is a module under pages/
// that exports `render(container, context)`; the shell calls it when the address points at it
// and again when the address changes within it.

/**
 * What a section is given.
 * @typedef {object} PageContext
 * @property {import("./api.js").ConsoleAPI} api the API with the operator's session
 * @property {import("./session.js").Session} session who is signed in
 * @property {import("./router.js").Route} route where the address points
 * @property {(needed: "viewer" | "sender" | "admin") => boolean} may whether the operator may do what needs that role (hide what they may not)
 * @property {(hash: string) => void} navigate goes to another address of the console
 * @property {(text: string) => void} status says something in the page's status line (read by screen readers)
 * @property {AbortSignal} signal aborted when the operator leaves the section: stop timers and streams
 */

/**
 * A section's module.
 * @typedef {{render: (container: HTMLElement, context: PageContext) => Promise<void> | void}} PageModule
 */

export {};
