// The phone's engine in the browser: everything an Xpedite app does except drawing, a port of
// XpediteClient (docs/protocol/packets.md, docs/protocol/values.md#input-values,
// docs/protocol/caching.md). It connects, keeps the token, sends every kind of method call, holds
// form input, pages tables, caches pages, menus and images, falls back to the cache when the server
// is unreachable, and purges on a version change. A renderer draws each state (the shape of
// ScreenState.json) and reports what the person did as BrowserMessage-shaped actions.

import { cancelForm, captureInput, pressReturn, saveForm } from "./forms.js";
import { performAction } from "./actions.js";
import { expandNavigation, storedNavigation } from "./navigation.js";
import { boundsText, callRequest, } from "./request.js";
import {
  imageSizesByName,
  loadBackgroundImages,
  loadCriticalImages,
  recordImage,
  registerImages,
  resolveImageURL,
} from "./screen-images.js";
import * as screens from "./screens.js";
import { emptyState } from "./state.js";
import { mark } from "./timing.js";
import { describe } from "./transport.js";
import { componentAt, pathKey } from "./tree.js";

/** @typedef {import("./alerts.js").Alert} Alert */
/** @typedef {import("./transport.js").Transport} Transport */
/** @typedef {import("./request.js").MethodCall} MethodCall */
/** @typedef {import("../cache/client-cache.js").ClientCache} ClientCache */
/** @typedef {import("../cache/images.js").ImageStore} ImageStore */
/** @typedef {import("./options.js").Bounds} Bounds */
/** @typedef {import("./state.js").EngineState} EngineState */
/** @typedef {import("./state.js").TableRows} TableRows */
/** @typedef {import("./options.js").ReadResult} ReadResult */
/** @typedef {import("./options.js").EngineOptions} EngineOptions */

export { emptyState };
let content = /** @type {typeof import("./content.js") | undefined} */ (undefined); // imported when needed: after the first screen
const importContent = async () => { content ??= await import("./content.js"); return content; };

export class XpediteEngine {
  /** @param {EngineOptions} options */
  constructor(options) {
    this.transport = options.transport;
    this.read = options.read;
    this.readData = options.readData; // without one, content.js reads with data.js's readDataAnswer
    this.layout = options.layout;
    this.cache = options.cache;
    this.imageStore = options.images;
    this.bounds = options.bounds;
    this.device = { bundleID: "xpedite.software", xpediteVersion: 1, ...options.device };
    this.appearance = options.appearance;
    this.pageLimit = options.pageLimit ?? 40;
    this.reportsComponentErrors = options.reportsComponentErrors ?? false;
    this.now = options.now ?? (() => Date.now());
    this.criticalImageTimeoutMs = options.criticalImageTimeoutMs ?? 10_000;
    this.imageBase = options.imageBase;
    this.signOutFunctions = new Set(options.signOutFunctions ?? []);
    /** @type {EngineState} */
    this.state = emptyState();
    /** @type {string | undefined} the session token, in memory only */
    this.token = undefined;
    /** @type {Set<(state: EngineState) => void>} */
    this.listeners = new Set();
    /** @type {Promise<void> | undefined} */
    this.preparation = undefined;
    /** @type {string | undefined} */
    this.lastVersion = undefined;
    /** @type {Record<string, string>} */
    this.imageURLs = {};
    /** @type {string | undefined} the old dialect's images folder */
    this.imageFolder = undefined;
    /** @type {Map<string, {width: number, height: number}>} */
    this.knownImageSizes = new Map();
    /** @type {Set<string>} */
    this.attemptedImageURLs = new Set();
    /** @type {Map<string, string>} navigation definitions stored, by id, as canonical text */
    this.navigationDefinitions = new Map();
    this.screenTickets = 0;
    this.screenGeneration = 0;
    /** @type {Map<string, number>} */
    this.tableEpochs = new Map();
    /** @type {Promise<void> | undefined} */
    this.contentTask = undefined;
    /** @type {Promise<void> | undefined} */
    this.imageTask = undefined;
  }

  /**
   * Calls `listener` with every state delivered; returns the function that stops it.
   * @param {(state: EngineState) => void} listener
   */
  subscribe(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Starts the conversation: `setConnection`, never with a token (docs/protocol/packets.md#1-the-first-packet-setconnection).
   * With the server unreachable and no cached answer to it, the page received last is shown,
   * marked offline, so that a cold start without network still opens the cached pages.
   */
  async connect() {
    await this.requestScreen(this.connectionRequest(), { isConnection: true });
  }

  /**
   * The `setConnection` packet: the device's bundle id, uuid, bounds and app version, and the
   * page's appearance, read as it is sent (it may have changed) and left out when unknown.
   * @returns {Record<string, unknown>}
   */
  connectionRequest() {
    /** @type {Record<string, unknown>} */
    const request = {
      method: "setConnection",
      bundleID: this.device.bundleID,
      uuid: this.device.uuid,
      bounds: boundsText(this.bounds),
      xpediteVersion: this.device.xpediteVersion,
    };
    const appearance = this.appearance?.();
    if (appearance === "light" || appearance === "dark") request.appearance = appearance;
    return request;
  }

  /**
   * Performs what the person did, given as a BrowserMessage-shaped object. Resolves once the
   * resulting screen has been delivered (or the alert shown); `loadMore` and `refresh` once their
   * batch is in.
   * @param {Record<string, any>} action
   */
  async perform(action) {
    return performAction(this, action);
  }

  /**
   * Lays the current screen out again for new bounds (rotation, resizing); the server is not told.
   * @param {Bounds} bounds
   */
  setBounds(bounds) {
    this.bounds = bounds;
    this.relayout();
    this.emit();
  }

  /** Waits until the current screen's content (first table batches, dynamic menus and web views) and its background images are in or failed. */
  async settle() {
    await this.contentTask;
    await this.imageTask;
  }

  /**
   * The component at an index path of the current screen.
   * @param {number[]} path
   */
  componentAt(path) {
    return componentAt(this.state.packet?.components, path);
  }

  /**
   * The entries of the navigation at `path`: its `menuEntry` components, or the loaded entries of
   * an old dynamic menu.
   * @param {number[]} path
   * @returns {Record<string, any>[]}
   */
  menuEntries(path) {
    const loaded = this.state.menus[pathKey(path)];
    if (loaded) return loaded;
    const navigation = this.componentAt(path);
    if (navigation?.type !== "navigation" || !Array.isArray(navigation.components)) return [];
    return navigation.components.filter((/** @type {any} */ entry) => entry?.type === "menuEntry");
  }

  // MARK: Shared steps

  /** Reads the last version and the image map from the cache, once. */
  async prepare() {
    this.preparation ??= (async () => {
      if (!this.cache) return;
      try {
        this.lastVersion = await this.cache.version();
        this.imageURLs = await this.cache.imageIDs();
      } catch (error) {
        this.state.diagnostics.push(`cache: ${describe(error)}`);
      }
    })();
    await this.preparation;
  }

  /**
   * Sends a method call, with the screen's captured input when it says `formdata:true`.
   * @param {MethodCall} method
   */
  async call(method) {
    const request = callRequest(method, this.token);
    if (method.formdata === true) request.formdata = this.capturedInput();
    await this.requestScreen(request);
  }

  /** The screen's captured input (docs/protocol/forms.md#the-shape-of-formdata). */
  capturedInput() {
    return captureInput(this.state.packet?.components ?? [], this.state.values);
  }

  /** Lays the current screen out against the bounds and the images known. */
  relayout() {
    if (!this.layout || !this.state.packet) return;
    mark("xpedite:layout");
    try {
      this.state.frames = this.layout(this.state.packet, this.bounds, {
        imageSizes: this.state.imageSizes,
        defaults: this.state.defaults,
      });
    } catch (error) {
      this.state.frames = null;
      this.state.diagnostics.push(`layout: ${describe(error)}`);
    }
    mark("xpedite:laid-out");
  }

  /** Delivers the state. */
  emit() {
    this.state.revision += 1;
    for (const listener of this.listeners) listener(this.state);
  }

  // MARK: Screens

  /**
   * Sends a screen-producing request and shows its answer: the newest tap wins, and an answer to a
   * superseded request is discarded. When the server is unreachable, the page cache stands in
   * (docs/protocol/caching.md#offline-fallback).
   * @param {Record<string, unknown>} request
   * @param {{isConnection?: boolean, tapKey?: string | null}} [options] `tapKey`: the page key of
   *   the tap that asked for this connection (null: a tap that submits), for the offline fallback
   */
  async requestScreen(request, options = {}) {
    return screens.requestScreen(this, request, options);
  }

  // MARK: Navigation
  /**
   * Navigation caching by id (docs/protocol/menus.md#a-menu-cached-by-id): a full definition with
   * an `id` is stored; a stub is replaced by the stored definition, or left out and reported.
   * @param {Record<string, any>[]} components
   * @param {string[]} diagnostics
   * @param {string[]} problems
   */
  async expandNavigation(components, diagnostics, problems) {
    return expandNavigation(this, components, diagnostics, problems);
  }

  /**
   * @param {string} id
   * @param {string[]} diagnostics
   * @returns {Promise<Record<string, any> | undefined>}
   */
  async storedNavigation(id, diagnostics) {
    return storedNavigation(this, id, diagnostics);
  }

  // MARK: Forms

  /**
   * Save (docs/protocol/forms.md#save): always `formdata.{formId}`; a form without `id` calls the
   * method without `formdata` and reports it.
   * @param {number[]} path
   */
  async save(path) {
    return saveForm(this, path);
  }

  /**
   * Cancel (docs/protocol/forms.md#cancel): `formdata.{formId}` only when the cancel method says
   * `formdata:true`.
   * @param {number[]} path
   */
  async cancel(path) {
    return cancelForm(this, path);
  }

  /**
   * The return key (docs/protocol/forms.md#focus-and-the-return-key): `onEnter` naming the `id` of
   * a focusable input moves the focus there; any other value is a function called with the
   * captured input; no `onEnter` just dismisses the keyboard.
   * @param {number[]} path
   */
  async returnKey(path) {
    return pressReturn(this, path);
  }

  // MARK: Tables and data
  /**
   * Row taps (docs/protocol/tables.md#row-taps): `selected` carries the row's value of the named
   * field (or null), otherwise `row` carries the 0-based index in the loaded list.
   * @param {number[]} path
   * @param {number} row
   */
  async tapRow(path, row) {
    return (content ?? (await importContent())).tapRow(this, path, row);
  }

  /**
   * Loads a table's next batch, or (refresh) its first batch again (docs/protocol/tables.md). One
   * page request is in flight per table; rows stay for the screen's life.
   * @param {number[]} path
   * @param {boolean} refresh
   */
  async loadPage(path, refresh) {
    return (content ?? (await importContent())).loadPage(this, path, refresh);
  }

  /**
   * Sends a data request: the answer never replaces the screen, but its token is adopted.
   * @param {Record<string, unknown>} request
   * @returns {Promise<{answer: import("./data.js").DataAnswer} | {alert: Alert}>}
   */
  async requestData(request) {
    return (content ?? (await importContent())).requestData(this, request);
  }

  /**
   * After a screen is delivered: the first batch of every dynamic table, the entries of old
   * dynamic menus and the HTML of old dynamic web views.
   * @param {number} generation
   */
  async loadContent(generation) {
    return (content ?? (await importContent())).loadContent(this, generation);
  }

  // MARK: Images
  /**
   * Records the manifest's id→URL mappings; an id moved to a new URL evicts the old image when no
   * id refers to it any more. Returns the manifest.
   * @param {unknown} images
   * @param {string[]} diagnostics
   * @returns {Promise<{id: string, url: string, load?: string}[]>}
   */
  async register(images, diagnostics) {
    return registerImages(this, images, diagnostics);
  }

  /**
   * A relative URL resolved against the image base.
   * @param {string} url
   */
  resolve(url) {
    return resolveImageURL(this, url);
  }

  /**
   * Waits for the `critical` images until all are in or the time bound runs out
   * (docs/protocol/caching.md#images).
   * @param {string[]} urls
   * @param {string[]} diagnostics
   */
  async loadCriticalImages(urls, diagnostics) {
    return loadCriticalImages(this, urls, diagnostics);
  }

  /**
   * Loads the images the screen refers to that are not in yet, after delivery; the screen is laid
   * out again as each arrives.
   * @param {number} generation
   */
  async loadBackgroundImages(generation) {
    return loadBackgroundImages(this, generation);
  }

  /**
   * @param {{width: number, height: number} | null} image
   * @param {string} url
   */
  record(image, url) {
    return recordImage(this, image, url);
  }

  /** The sizes of the images in, by URL and by every id that maps to one. */
  imageSizesByName() {
    return imageSizesByName(this);
  }

  // MARK: Sign-out

  /**
   * Forgets this server's caches (sign-out): nothing of it is shown afterwards.
   * @param {boolean} [endsSession] forgets the token too (by default); a sign-out call keeps it
   *   to send the call
   */
  async forget(endsSession = true) {
    if (endsSession) this.token = undefined;
    this.lastVersion = undefined;
    this.imageURLs = {};
    this.navigationDefinitions.clear();
    this.knownImageSizes.clear();
    this.attemptedImageURLs.clear();
    await this.cache?.clear();
    await this.imageStore?.purge();
  }
}
