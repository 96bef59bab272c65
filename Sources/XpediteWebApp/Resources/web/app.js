// The Xpedite app in the phone's browser: the web engine (js/engine) speaking the protocol to the
// endpoint of config.json, the layout (js/layout) and the renderer (js/render) drawing its states,
// caches in IndexedDB and Cache Storage scoped to the endpoint, and a service worker (sw.js) that
// keeps the app's own files so it starts with no network at all.

import { ClientCache } from "./js/cache/client-cache.js";
import { CacheStorageImageStore } from "./js/cache/images.js";
import { IndexedDBStore } from "./js/cache/stores.js";
import { deviceUUID, loadConfig } from "./js/app/config.js";
import { defaultFontSize, fittedRowHeight, fittedTextConfiguration, textScale } from "./js/app/fitted-text.js";
import { pageAppearance } from "./js/app/appearance.js";
import { OneApp } from "./js/app/inbox.js";
import { RecordingTransport } from "./js/app/recording.js";
import { XpediteEngine } from "./js/engine/engine.js";
import { readData, readScreen } from "./js/engine/reader.js";
import { mark } from "./js/engine/timing.js";
import { FetchTransport, describe } from "./js/engine/transport.js";
import { layoutScreen } from "./js/layout/layout.js";
import { defaultImageSource } from "./js/render/image-source.js";
import { createScreenView } from "./js/render/screen-view.js";

const screen = /** @type {HTMLElement} */ (document.getElementById("screen"));

/**
 * How much the screen is zoomed for the browser's default font size (js/app/fitted-text.js
 * textScale, decision 0600): 1 unless the reader asked for larger text.
 */
let zoom = 1;

/**
 * The phone's bounds, in the phone's points: the screen element's size in CSS pixels, over the
 * zoom of a larger default font size (the layout then has fewer points, as at the browser's zoom).
 */
function bounds() {
  const box = screen.getBoundingClientRect();
  const width = Math.round(box.width) || window.innerWidth;
  const height = Math.round(box.height) || window.innerHeight;
  return { x: 0, y: 0, width: Math.round(width / zoom), height: Math.round(height / zoom) };
}

/** @param {string} text */
function showMessage(text) {
  const message = document.createElement("p");
  message.className = "x-app-message";
  message.textContent = text;
  screen.replaceChildren(message);
}

async function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  try {
    await navigator.serviceWorker.register("sw.js", { scope: "./", type: "classic" });
  } catch (error) {
    console.warn(`xpedite: the service worker is not registered (${describe(error)}); the app needs the network to start`);
  }
}

/**
 * The image store, keyed and fetched by the relayed URL when images go through a relay (the URL
 * the page's <img> loads, which the service worker answers from the cache offline).
 * @param {import("./js/cache/images.js").ImageStore} store
 * @param {((href: string) => string) | undefined} relayed
 * @returns {import("./js/cache/images.js").ImageStore}
 */
function relayedImages(store, relayed) {
  if (!relayed) return store;
  return { load: (url) => store.load(relayed(url)), evict: (url) => store.evict(relayed(url)), purge: () => store.purge() };
}

async function start() {
  // In a frame (the simulator's phone), the host's inspector is told every exchange, read strictly,
  // from the first: the embedding is imported at once, beside the configuration. On a phone it
  // waits for the first screen (docs/phone-app.md#speed).
  const embeddingModule = window.parent && window.parent !== window ? import("./js/app/embed.js") : undefined;
  const config = await loadConfig(localStorage);
  const endpoint = new URL(config.endpoint, location.href).href;
  const imageBase = new URL(config.imageBase ?? config.endpoint, location.href).href;
  /**
   * An absolute image URL through the server's image relay when config.json names one (the
   * simulator's, for images only its server reaches), else as it is.
   * @param {string} href
   */
  const relayed = (href) =>
    config.imageRelay === undefined ? href : new URL(`${config.imageRelay}?url=${encodeURIComponent(href)}`, location.href).href;
  /**
   * An image URL as the page loads it: absolute http(s), relative ones against the image base.
   * @param {string} url
   */
  const resolveImage = (url) => {
    try {
      const absolute = new URL(url, imageBase);
      return absolute.protocol === "https:" || absolute.protocol === "http:" ? relayed(absolute.href) : null;
    } catch {
      return null;
    }
  };
  // Where the server mounts the notification app: the inbox and the Start tab beside the screens.
  const oneApp = config.notificationApp ? new OneApp(screen, config.notificationApp, localStorage) : undefined;
  /** @type {XpediteEngine | undefined} */
  let shown;
  const embedding = await embeddingModule;
  // Every exchange is recorded, for the simulator's inspector when the app is embedded (js/app/embed.js).
  const recording = new RecordingTransport(
    new FetchTransport(endpoint, { timeoutMs: config.timeoutMs }),
    endpoint,
    embedding ? { inspect: embedding.inspectAnswer } : {},
  );
  /** @type {{send(body: string): Promise<any>}} */
  let transport = recording;
  /** Loads the shared sign-in (after the first screen: no sign-in or sign-out is sent before it). */
  let loadSignIn = () => {};
  if (oneApp && config.sharedSignIn) {
    /** @type {Promise<{send(body: string): Promise<any>}> | undefined} */
    let signIn;
    loadSignIn = () => {
      signIn ??= import("./js/app/sign-in.js").then(
        ({ SharedSignInTransport }) =>
          new SharedSignInTransport(recording, {
            screen: () => shown?.state.packet ?? null,
            wanted: () => oneApp.signedOut(),
            onSignIn: (credentials) => oneApp.signIn(credentials),
            signOutFunctions: config.signOutFunctions,
            onSignOut: () => oneApp.signOut(),
          }),
        (error) => {
          console.warn(`xpedite: the shared sign-in is not loaded (${describe(error)}); the inbox signs in on its own`);
          return recording;
        },
      );
    };
    // Once asked for, every request goes through it, so that no sign-in passes unseen.
    transport = { send: (body) => (signIn ? signIn.then((shared) => shared.send(body)) : recording.send(body)) };
  }
  // One cache per server endpoint: nothing of one server is shown to another's session.
  const store = await IndexedDBStore.open(`xpedite-cache ${endpoint}`);
  // Text is measured with the browser's glyphs and frames hold it (js/app/fitted-text.js).
  const fitted = fittedTextConfiguration(document, location.search);
  // A larger default font size zooms the screen by it (decision 0600), as the browser's zoom
  // would; the simulator's phone (the estimate) keeps `xpedite layout`'s frames.
  zoom = fitted ? textScale(defaultFontSize(document)) : 1;
  if (zoom !== 1) {
    screen.style.setProperty("zoom", String(zoom));
    document.documentElement.style.setProperty("--x-zoom", String(zoom));
  }
  const engine = new XpediteEngine({
    transport,
    read: readScreen,
    readData,
    layout: (packet, rect, options) => layoutScreen(packet, rect, { ...options, configuration: fitted }),
    cache: new ClientCache(store),
    images: relayedImages(new CacheStorageImageStore(`xpedite-images ${endpoint}`), config.imageRelay === undefined ? undefined : relayed),
    bounds: bounds(),
    device: { uuid: deviceUUID(localStorage) },
    appearance: () => pageAppearance(document.body, window),
    reportsComponentErrors: config.debug,
    signOutFunctions: config.signOutFunctions,
    imageBase,
  });
  shown = engine;
  const view = createScreenView(screen, {
    ...(fitted ? { rowHeight: fittedRowHeight(fitted) } : {}),
    scale: () => zoom,
    send: (action) => {
      engine.perform(action).catch((error) => console.error("xpedite: an action failed", error));
    },
    // Images by the id→URL map the engine holds across screens, then as the packet names them.
    imageSource: (image, packet) => {
      const mapped = image.id !== undefined ? engine.state.images[image.id] : undefined;
      const url = mapped ?? defaultImageSource(image, packet) ?? image.url;
      return url ? resolveImage(url) : null;
    },
    drawn: (state, newScreen) => {
      if (newScreen && state.packet) mark("xpedite:drawn");
    },
  });
  engine.subscribe((state) => {
    document.body.dataset.state = state.offline ? "offline" : state.loading ? "loading" : "ready";
    view.render(state);
  });
  // A host page that forces the appearance (the simulator's switch, js/app/embed.js) changes the
  // body's class: the contrast rule runs again, as when the system's appearance changes.
  new MutationObserver(() => view.recolour()).observe(document.body, { attributes: true, attributeFilter: ["class"] });
  let resizeTimer = 0;
  window.addEventListener("resize", () => {
    clearTimeout(resizeTimer);
    resizeTimer = window.setTimeout(() => engine.setBounds(bounds()), 100);
  });
  // A start without the server has no session: once the network is back, a tap reaches the server
  // with no token and gets a fresh session; the `online` event starts one at once.
  const online = () => {
    if (engine.token === undefined) engine.connect().catch((error) => console.error("xpedite: connect failed", error));
  };
  window.addEventListener("online", online);
  // The simulator's "Clear caches" keeps the session, as its server-side phone did.
  const embedded = embedding ? embedding.installEmbedding(window, recording, { online, clearCaches: () => engine.forget(false) }) : false;
  /** @type {any} */ (window).xpedite = { engine, config, transport: recording, embedded, oneApp };
  try {
    await engine.connect();
  } finally {
    // What the first screen does not need waits until it is drawn (docs/phone-app.md#speed): the
    // service worker's copy of every file for a start without the network, the inbox's frame, the
    // shared sign-in, and the strict reading of the exchanges recorded (for window.xpedite.transport).
    oneApp?.load();
    loadSignIn();
    if (!embedding) {
      import("./js/app/embed.js")
        .then(({ inspectAnswer }) => recording.inspectWith(inspectAnswer))
        .catch((error) => console.warn(`xpedite: the exchanges are not inspected (${describe(error)})`));
    }
    await registerServiceWorker();
  }
}

start().catch((error) => {
  document.body.dataset.state = "failed";
  showMessage(describe(error));
});
