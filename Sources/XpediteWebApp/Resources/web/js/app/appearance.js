// The appearance the page draws in, as the phone tells the server in setConnection
// (docs/protocol/packets.md#the-appearance): a host page's forced one (body.x-dark, body.x-light,
// js/app/embed.js applyAppearance), else the system's (`prefers-color-scheme`).

/**
 * "dark" or "light": the body's forced appearance, else the system's.
 * @param {{classList: {contains(name: string): boolean}}} body the page's body
 * @param {{matchMedia?: (query: string) => {matches: boolean}}} window the page's window
 * @returns {"light" | "dark"}
 */
export function pageAppearance(body, window) {
  if (body.classList.contains("x-dark")) return "dark";
  if (body.classList.contains("x-light")) return "light";
  return window.matchMedia?.("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}
