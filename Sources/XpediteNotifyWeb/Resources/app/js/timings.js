// Tap-to-drawn times of the inbox and of a form, for the benchmark (scripts/bench-notify-app):
// the time from the last tap (or Enter) to the next frame after a view is drawn, kept in
// `window.notifyTimings`.

/** @type {{kind: string, ms: number}[]} */
const timings = [];
/** @type {Window & {notifyTimings?: {kind: string, ms: number}[]}} */ (window).notifyTimings = timings;

/** @type {number | null} when the last tap was, not yet followed by a drawn view */
let tapAt = null;

document.addEventListener("pointerdown", () => { tapAt = performance.now(); }, true);
document.addEventListener("keydown", (event) => { if (event.key === "Enter") tapAt = performance.now(); }, true);

/**
 * Records the time from the last tap to the next drawn frame.
 * @param {string} kind the view drawn (`inbox`, `message`, `start`, `account`)
 */
export function drawn(kind) {
  const started = tapAt;
  tapAt = null;
  if (started === null) return;
  requestAnimationFrame(() => setTimeout(() => timings.push({ kind, ms: performance.now() - started }), 0));
}
