// A rendering never replaces the screen under a pressed pointer. Pressing Save right after typing
// blurs the field, its value goes to the engine, and the engine answers with a new state; drawn at
// once, it would take the button away before the release and the click would be lost. The newest
// state waits for the release and its click (at most a second).

/** @typedef {import("./types.js").ScreenState} ScreenState */

/**
 * @typedef {object} PressedDeferral
 * @property {(state: ScreenState) => void} render Draws `state` now, or after the release.
 * @property {() => void} press A pointer is pressed on the screen.
 * @property {() => void} release The pointer is released: the newest state is drawn after the click
 *   this release makes (dispatched in the same task).
 * @property {() => void} cancel Forgets the timer (the view is destroyed).
 */

/**
 * Defers the drawing of states while a pointer is pressed.
 * @param {(state: ScreenState) => void} draw
 * @returns {PressedDeferral}
 */
export function deferWhilePressed(draw) {
  let pressed = false;
  /** @type {ScreenState|null} */
  let deferred = null;
  /** @type {ReturnType<typeof setTimeout>|null} */
  let timer = null;
  function apply() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (deferred === null) return;
    const state = deferred;
    deferred = null;
    draw(state);
  }
  return {
    render(state) {
      deferred = state;
      if (pressed) {
        if (timer === null) {
          timer = setTimeout(() => {
            pressed = false;
            apply();
          }, 1000);
        }
        return;
      }
      apply();
    },
    press() {
      pressed = true;
    },
    release() {
      if (!pressed) return;
      pressed = false;
      setTimeout(apply, 0);
    },
    cancel() {
      if (timer !== null) clearTimeout(timer);
    },
  };
}
