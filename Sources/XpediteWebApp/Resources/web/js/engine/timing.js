// The engine's steps in the browser's Performance timeline, for profiles and scripts/bench-app:
// `xpedite:send` (a screen request goes to the transport), `xpedite:answer` (its answer is in),
// `xpedite:read` (the protocol reader is done), `xpedite:layout` and `xpedite:laid-out` (around the
// layout), and the app's `xpedite:drawn` (the new screen is in the page). Only the latest mark of
// each name is kept, so a long session does not fill the timeline. Cheap and always on.

/**
 * Marks `name` now, replacing its previous mark.
 * @param {string} name
 */
export function mark(name) {
  const timeline = globalThis.performance;
  if (!timeline || typeof timeline.mark !== "function") return;
  timeline.clearMarks(name);
  timeline.mark(name);
}
