// The web renderer's test page (Tests/Browser/test_web_renderer.py and
// test_web_renderer_parity.py): a screen view in the simulator's phone frame, driven from the test
// through `window.harness`. It lives under Tests/Web so that tsc and Biome check it.

import { layoutScreen } from "../../../Sources/XpediteWebApp/Resources/web/js/layout/layout.js";
import { defaultImageSource } from "../../../Sources/XpediteWebApp/Resources/web/js/render/image-source.js";
import { createScreenView } from "../../../Sources/XpediteWebApp/Resources/web/js/render/screen-view.js";

const screen = /** @type {HTMLElement} */ (document.getElementById("screen"));
/** @type {Record<string, any>[]} */
const sent = [];
/** @type {string[]} */
const drawings = [];
const view = createScreenView(screen, {
  send: (action) => {
    sent.push(action);
  },
  // Every image from the test's server, which draws the picture the stand-in server draws for
  // the URL the engine would load (the simulator's image route answers 404 when there is none).
  imageSource: (image, packet) => `/image?url=${encodeURIComponent(defaultImageSource(image, packet) ?? "")}`,
  drawn: (_state, newScreen) => {
    drawings.push(newScreen ? "new" : "same");
  },
});

/**
 * @typedef {object} Harness
 * @property {Record<string, any>[]} sent The actions the view sent, oldest first.
 * @property {string[]} drawings "new" or "same" for each state drawn, oldest first.
 * @property {(state: any) => void} render
 * @property {(width: number, height: number) => void} resize Sets the phone's bounds.
 * @property {() => void} destroy Takes the view away.
 * @property {(appearance: string) => void} setAppearance "light" or "dark", as the simulator's
 *   appearance switch sets it (`x-dark` on the body), then the contrast rule runs again.
 * @property {(packet: any, bounds: string) => any} layout The web layout's frames of a packet, for
 *   a state the fixtures have none of (a dialog form).
 * @property {boolean} ready
 */

/** @type {Harness} */
const harness = {
  sent,
  drawings,
  render: (state) => view.render(state),
  resize: (width, height) => {
    screen.style.width = `${width}px`;
    screen.style.height = `${height}px`;
  },
  destroy: () => view.destroy(),
  setAppearance: (appearance) => {
    document.body.classList.toggle("x-dark", appearance === "dark");
    view.recolour();
  },
  layout: (packet, bounds) => layoutScreen(packet, bounds),
  ready: true,
};
/** @type {any} */ (window).harness = harness;
