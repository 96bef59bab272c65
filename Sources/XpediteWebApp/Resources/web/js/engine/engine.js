// The phone's engine in the browser: everything an Xpedite app does except drawing, a port of
// XpediteClient (docs/protocol/packets.md, docs/protocol/values.md#input-values,
// docs/protocol/caching.md). It connects, keeps the token, sends every kind of method call, holds
// form input, pages tables, caches pages, menus and images, falls back to the cache when the server
// is unreachable, and purges on a version change. A renderer draws each state (the shape of
// ScreenState.json) and reports what the person did as BrowserMessage-shaped actions.

import { componentErrorsAlert, connectionAlert, isSuccess, issueText, protocolAlert, returnCodeAlert } from "./alerts.js";
import { mergeDefaults, parseAnswer } from "./answer.js";
import { loadContent, loadPage, requestData, tapRow } from "./content.js";
import { readDataAnswer } from "./data.js";
import { actionValue, captureInput, formValues, initialFocus, initialValues } from "./forms.js";
import { expandNavigation, storedNavigation } from "./navigation.js";
import { boundsText, callRequest, methodCall, pageKey } from "./request.js";
import {
  imageSizesByName,
  loadBackgroundImages,
  loadCriticalImages,
  recordImage,
  registerImages,
  resolveImageURL,
} from "./screen-images.js";
import { TransportError, describe } from "./transport.js";
import { componentAt, fieldName, forEachComponent, isFocusable, parsePath, pathKey } from "./tree.js";

/** @typedef {import("./alerts.js").Alert} Alert */
/** @typedef {import("./alerts.js").Issue} Issue */
/** @typedef {import("./transport.js").Transport} Transport */
/** @typedef {import("./request.js").MethodCall} MethodCall */
/** @typedef {import("../cache/client-cache.js").ClientCache} ClientCache */
/** @typedef {import("../cache/images.js").ImageStore} ImageStore */
/** @typedef {{x: number, y: number, width: number, height: number}} Bounds */

/**
 * @typedef {object} ReadResult what the protocol reader makes of a screen answer
 * @property {Record<string, any> | null} packet the canonical new-dialect packet, broken components left out
 * @property {(Issue | string)[]} issues
 * @property {string[]} dropped the paths of the components left out
 * @property {string} [error] why the answer was refused, when `packet` is null
 */

/**
 * @typedef {object} TableRows
 * @property {Record<string, unknown>[]} rows
 * @property {boolean} hasMore
 * @property {number} [max]
 * @property {boolean} loading
 */

/**
 * @typedef {object} EngineState the shape of ScreenState.json, plus what a web renderer needs
 * @property {number} revision
 * @property {number} screen counts the screens shown: a change is a new screen for the renderer
 * @property {Record<string, any> | null} packet
 * @property {any} frames what the layout gives for the packet and the bounds
 * @property {Record<string, TableRows>} tables
 * @property {Record<string, string | string[]>} values
 * @property {Alert[]} alerts
 * @property {boolean} offline
 * @property {boolean} loading
 * @property {string[]} issues
 * @property {string[]} dropped
 * @property {string[]} diagnostics
 * @property {Record<string, Record<string, any>[]>} menus
 * @property {Record<string, string>} web
 * @property {string} [focus]
 * @property {Record<string, {width: number, height: number}>} imageSizes by image id and by URL
 * @property {Record<string, string>} images image id → URL
 * @property {Record<string, any>} defaults the setDefaults in effect
 */

/**
 * @typedef {object} EngineOptions
 * @property {Transport} transport
 * @property {(json: unknown, options: {isConnectionReply: boolean}) => ReadResult} read the lenient reader of screen answers
 * @property {(json: unknown) => Record<string, any>} [readData] the lenient reader of data answers (the canonical data
 *   response); throws when the answer cannot be used. By default data.js reads them.
 * @property {(packet: Record<string, any>, bounds: Bounds, options: Record<string, any>) => any} [layout]
 * @property {ClientCache} [cache]
 * @property {ImageStore} [images]
 * @property {Bounds} bounds the phone's screen, in points
 * @property {{bundleID?: string, uuid: string, xpediteVersion?: number}} device
 * @property {number} [pageLimit] rows per table page, 40
 * @property {boolean} [reportsComponentErrors] a debug build's alert listing a screen's component errors
 * @property {() => number} [now] ms since the epoch
 * @property {number} [criticalImageTimeoutMs] 10 s
 * @property {string} [imageBase] what relative image URLs are resolved against
 * @property {string[]} [signOutFunctions] server functions that sign the person out: calling one
 *   forgets this server's caches first (nothing of the session is shown afterwards)
 */

/** @returns {EngineState} */
export function emptyState() {
  return {
    revision: 0,
    screen: 0,
    packet: null,
    frames: null,
    tables: {},
    values: {},
    alerts: [],
    offline: false,
    loading: false,
    issues: [],
    dropped: [],
    diagnostics: [],
    menus: {},
    web: {},
    imageSizes: {},
    images: {},
    defaults: {},
  };
}

export class XpediteEngine {
  /** @param {EngineOptions} options */
  constructor(options) {
    this.transport = options.transport;
    this.read = options.read;
    this.readData = options.readData ?? readDataAnswer;
    this.layout = options.layout;
    this.cache = options.cache;
    this.imageStore = options.images;
    this.bounds = options.bounds;
    this.device = { bundleID: "xpedite.software", xpediteVersion: 1, ...options.device };
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
   * Starts the conversation: `setConnection` with the device's bundle id, uuid, bounds and app
   * version; it never carries a token (docs/protocol/packets.md#1-the-first-packet-setconnection).
   * With the server unreachable and no cached answer to it, the page received last is shown,
   * marked offline, so that a cold start without network still opens the cached pages.
   */
  async connect() {
    await this.requestScreen(this.connectionRequest(), { isConnection: true });
  }

  /** The `setConnection` packet. */
  connectionRequest() {
    return {
      method: "setConnection",
      bundleID: this.device.bundleID,
      uuid: this.device.uuid,
      bounds: boundsText(this.bounds),
      xpediteVersion: this.device.xpediteVersion,
    };
  }

  /**
   * Performs what the person did, given as a BrowserMessage-shaped object. Resolves once the
   * resulting screen has been delivered (or the alert shown); `loadMore` and `refresh` once their
   * batch is in.
   * @param {Record<string, any>} action
   */
  async perform(action) {
    if (!action || typeof action !== "object") return;
    if (action.action === "dismiss") {
      this.state.alerts = [];
      this.emit();
      return;
    }
    const path = parsePath(action.path);
    if (!path) return;
    const key = pathKey(path);
    const component = this.componentAt(path);
    switch (action.action) {
      case "press": {
        const method = component?.type === "button" ? methodCall(component.method) : undefined;
        if (method) await this.call(method);
        return;
      }
      case "save":
        return this.save(path);
      case "cancel":
        return this.cancel(path);
      case "return":
        return this.returnKey(path);
      case "row":
        if (Number.isInteger(action.row)) await this.tapRow(path, action.row);
        return;
      case "menu": {
        const entries = this.menuEntries(path);
        const entry = Number.isInteger(action.entry) ? entries[action.entry] : undefined;
        const method = entry ? methodCall(entry.method) : undefined;
        if (method) await this.call(method);
        return;
      }
      case "bar": {
        if (component?.type !== "navigation" || component.implementation?.style !== "button") return;
        const entries = this.menuEntries(path);
        const method = entries.length === 1 ? methodCall(entries[0].method) : undefined;
        if (method) await this.call(method);
        return;
      }
      case "loadMore":
        return this.loadPage(path, false);
      case "refresh":
        if (component?.type === "table" && typeof component.refresh === "string") await this.loadPage(path, true);
        return;
      case "set": {
        if (!component || !fieldName(component)) return;
        const value = actionValue(action);
        if (value === undefined) return;
        this.state.values[key] = value;
        this.emit();
        return;
      }
      case "focus":
        if (component && isFocusable(component)) {
          this.state.focus = key;
          this.emit();
        }
        return;
      default:
        return;
    }
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
    try {
      this.state.frames = this.layout(this.state.packet, this.bounds, {
        imageSizes: this.state.imageSizes,
        defaults: this.state.defaults,
      });
    } catch (error) {
      this.state.frames = null;
      this.state.diagnostics.push(`layout: ${describe(error)}`);
    }
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
    await this.prepare();
    // A phone with no session (a start without the server) speaks first: setConnection, whose
    // answer (the entry screen) is shown instead of the tap's; while the server stays away, the
    // tap's own cached page stands in, as for any tap.
    if (this.token === undefined && !options.isConnection && options.tapKey === undefined) {
      await this.requestScreen(this.connectionRequest(), { isConnection: true, tapKey: pageKey(request) ?? null });
      return;
    }
    if (this.signOutFunctions.has(String(request.method))) {
      try {
        await this.forget(false);
      } catch (error) {
        this.state.diagnostics.push(`sign-out: the caches could not be cleared: ${describe(error)}`);
      }
    }
    this.screenTickets += 1;
    const ticket = this.screenTickets;
    this.state.loading = true;
    this.state.alerts = [];
    this.emit();
    const key = pageKey(request);
    /** @type {import("./transport.js").Answer} */
    let answer;
    try {
      answer = await this.transport.send(JSON.stringify(request));
    } catch (error) {
      if (ticket !== this.screenTickets) return;
      if (options.tapKey !== undefined) await this.fallBack(options.tapKey ?? undefined, error, ticket, false);
      else await this.fallBack(key, error, ticket, options.isConnection ?? false);
      return;
    }
    if (ticket !== this.screenTickets) return;
    await this.receive(answer, key, options.isConnection ?? false, ticket, String(request.method));
  }

  /**
   * Handles a screen answer: token, version purge, `rc`, page cache, then the screen.
   * @param {import("./transport.js").Answer} answer
   * @param {string | undefined} key
   * @param {boolean} isConnectionReply
   * @param {number} ticket
   * @param {string} method
   */
  async receive(answer, key, isConnectionReply, ticket, method) {
    const json = parseAnswer(answer);
    if (json.error) {
      this.state.alerts.push(protocolAlert(`The server's answer to ${method} is not a packet: ${json.error}`));
      this.state.loading = false;
      this.emit();
      return;
    }
    /** @type {ReadResult} */
    let read;
    try {
      read = this.read(json.value, { isConnectionReply });
    } catch (error) {
      read = { packet: null, issues: [describe(error)], dropped: [] };
    }
    const packet = read.packet;
    if (!packet) {
      const first = read.error ?? read.issues.map(issueText)[0] ?? "it cannot be read";
      this.state.alerts.push(protocolAlert(`The server's answer breaks the protocol: ${first}`));
      this.state.loading = false;
      this.emit();
      return;
    }
    if (typeof packet.token === "string") this.token = packet.token;
    if (packet.version !== undefined && packet.version !== null) await this.adopt(String(packet.version));
    if (ticket !== this.screenTickets) return;
    if (!isSuccess(packet.rc)) {
      this.state.alerts.push(returnCodeAlert(packet.rc));
      if (!Array.isArray(packet.components) || packet.components.length === 0) {
        this.state.loading = false;
        this.emit();
        return;
      }
    } else if (key && typeof packet.id === "string" && packet.id !== "" && packet.disposition !== undefined) {
      await this.store(packet, key);
    }
    await this.show(packet, read.issues, read.dropped, false, ticket);
  }

  /**
   * Caches a page as the canonical packet as read, so that serving it offline skips the reader.
   * @param {Record<string, any>} packet
   * @param {string} key
   */
  async store(packet, key) {
    if (!this.cache) return;
    const now = this.now();
    const disposition = packet.disposition;
    /** @type {number | null} */
    let expiresAt;
    if (disposition === "permanent") expiresAt = null;
    else if (disposition && typeof disposition === "object" && typeof disposition.seconds === "number") {
      expiresAt = now + disposition.seconds * 1000;
    } else {
      this.state.diagnostics.push(`page cache: disposition ${JSON.stringify(disposition)} is not understood; the page is not kept`);
      return;
    }
    try {
      await this.cache.storePage({
        key,
        pageID: packet.id,
        packet,
        receivedAt: now,
        expiresAt,
        ...(typeof packet.time === "number" ? { time: packet.time } : {}),
        ...(this.lastVersion !== undefined ? { version: this.lastVersion } : {}),
      });
    } catch (error) {
      this.state.diagnostics.push(`page cache: ${describe(error)}`);
    }
  }

  /**
   * A new `version` purges every cache in the order of caching.md before the answer is used; the
   * token and `setDefaults` stay.
   * @param {string} version
   */
  async adopt(version) {
    if (version === this.lastVersion) return;
    try {
      await this.cache?.purge(version);
      await this.imageStore?.purge();
    } catch (error) {
      this.state.diagnostics.push(`cache purge: ${describe(error)}`);
    }
    this.imageURLs = {};
    this.knownImageSizes.clear();
    this.attemptedImageURLs.clear();
    this.navigationDefinitions.clear();
    this.lastVersion = version;
  }

  /**
   * The server is unreachable: an unexpired cached page for the request is shown, marked offline;
   * otherwise a connection alert, and the screen stays.
   * @param {string | undefined} key
   * @param {unknown} error
   * @param {number} ticket
   * @param {boolean} isConnection
   */
  async fallBack(key, error, ticket, isConnection) {
    if (error instanceof TransportError && error.kind === "cancelled") {
      this.state.loading = false;
      this.emit();
      return;
    }
    /** @type {import("../cache/client-cache.js").CachedPage | undefined} */
    let cached;
    if (key && this.cache) {
      try {
        cached = await this.cache.page(key, this.now());
        if (!cached && isConnection && !this.state.packet) cached = await this.cache.newestPage(this.now());
      } catch (cacheError) {
        this.state.diagnostics.push(`page cache: ${describe(cacheError)}`);
      }
    }
    if (ticket !== this.screenTickets) return;
    if (cached?.packet && Array.isArray(cached.packet.components)) {
      await this.show(cached.packet, [], [], true, ticket);
      return;
    }
    const reason = error instanceof TransportError ? error.message : describe(error);
    this.state.alerts.push(connectionAlert(reason, key === undefined));
    this.state.loading = false;
    this.emit();
  }

  /**
   * Shows a fresh screen: images registered, navigation stubs expanded, critical images awaited,
   * inputs at their starting values, component errors alerted when the client reports them, laid
   * out and delivered; then the background images start, and the first batch of every table and
   * the old dynamic menus and web views load.
   * @param {Record<string, any>} received
   * @param {(Issue | string)[]} issues
   * @param {string[]} dropped
   * @param {boolean} offline
   * @param {number} ticket
   */
  async show(received, issues, dropped, offline, ticket) {
    const packet = { ...received };
    /** @type {string[]} */
    const diagnostics = [];
    /** @type {string[]} */
    const problems = [];
    const manifest = await this.register(packet.images, diagnostics);
    packet.components = await this.expandNavigation(Array.isArray(packet.components) ? packet.components : [], diagnostics, problems);
    const critical = manifest.filter((entry) => entry.load === "critical").map((entry) => entry.url);
    await this.loadCriticalImages(critical, diagnostics);
    if (ticket !== this.screenTickets) return;

    this.screenGeneration += 1;
    const next = emptyState();
    next.revision = this.state.revision;
    next.screen = this.screenGeneration;
    next.packet = packet;
    next.alerts = [...this.state.alerts];
    if (this.reportsComponentErrors) {
      const alert = componentErrorsAlert(issues, dropped, problems);
      if (alert) next.alerts.push(alert);
    }
    next.offline = offline;
    next.issues = issues.map(issueText);
    next.dropped = [...dropped];
    next.diagnostics = diagnostics;
    next.values = initialValues(packet.components, new Date(this.now()));
    const focus = initialFocus(packet.components);
    if (focus !== undefined) next.focus = focus;
    next.defaults = mergeDefaults(this.state.defaults, packet.setDefaults);
    next.images = { ...this.imageURLs };
    next.imageSizes = this.imageSizesByName();
    forEachComponent(packet.components, (component, path) => {
      if (component.type !== "table") return;
      next.tables[pathKey(path)] = Array.isArray(component.data)
        ? { rows: component.data, hasMore: false, loading: false }
        : { rows: [], hasMore: true, loading: false };
    });
    this.state = next;
    this.tableEpochs.clear();
    this.relayout();
    this.emit();
    const generation = this.screenGeneration;
    this.imageTask = this.loadBackgroundImages(generation);
    this.contentTask = this.loadContent(generation);
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
    const form = this.componentAt(path);
    const save = form?.type === "form" ? methodCall(form.save) : undefined;
    if (!form || !save) return;
    const request = callRequest(save, this.token);
    if (typeof form.id === "string" && form.id !== "") {
      request.formdata = { [form.id]: formValues(pathKey(path), this.state.packet?.components ?? [], this.state.values) };
    } else {
      this.state.diagnostics.push(`form at ${pathKey(path)}: saved without an id, so no formdata was sent`);
    }
    await this.requestScreen(request);
  }

  /**
   * Cancel (docs/protocol/forms.md#cancel): `formdata.{formId}` only when the cancel method says
   * `formdata:true`.
   * @param {number[]} path
   */
  async cancel(path) {
    const form = this.componentAt(path);
    const cancel = form?.type === "form" ? methodCall(form.cancel) : undefined;
    if (!form || !cancel) return;
    const request = callRequest(cancel, this.token);
    if (cancel.formdata === true && typeof form.id === "string" && form.id !== "") {
      request.formdata = { [form.id]: formValues(pathKey(path), this.state.packet?.components ?? [], this.state.values) };
    }
    await this.requestScreen(request);
  }

  /**
   * The return key (docs/protocol/forms.md#focus-and-the-return-key): `onEnter` naming the `id` of
   * a focusable input moves the focus there; any other value is a function called with the
   * captured input; no `onEnter` just dismisses the keyboard.
   * @param {number[]} path
   */
  async returnKey(path) {
    const component = this.componentAt(path);
    const onEnter =
      component && ["textbox", "password", "button"].includes(component.type) && typeof component.onEnter === "string"
        ? component.onEnter
        : "";
    if (onEnter === "") {
      if (this.state.focus === pathKey(path)) {
        delete this.state.focus;
        this.emit();
      }
      return;
    }
    /** @type {string | undefined} */
    let target;
    forEachComponent(this.state.packet?.components ?? [], (candidate, candidatePath) => {
      if (target === undefined && candidate.id === onEnter && isFocusable(candidate)) target = pathKey(candidatePath);
    });
    if (target !== undefined) {
      this.state.focus = target;
      this.emit();
      return;
    }
    const request = callRequest({ function: onEnter }, this.token);
    request.formdata = this.capturedInput();
    await this.requestScreen(request);
  }

  // MARK: Tables and data
  /**
   * Row taps (docs/protocol/tables.md#row-taps): `selected` carries the row's value of the named
   * field (or null), otherwise `row` carries the 0-based index in the loaded list.
   * @param {number[]} path
   * @param {number} row
   */
  async tapRow(path, row) {
    return tapRow(this, path, row);
  }

  /**
   * Loads a table's next batch, or (refresh) its first batch again (docs/protocol/tables.md). One
   * page request is in flight per table; rows stay for the screen's life.
   * @param {number[]} path
   * @param {boolean} refresh
   */
  async loadPage(path, refresh) {
    return loadPage(this, path, refresh);
  }

  /**
   * Sends a data request: the answer never replaces the screen, but its token is adopted.
   * @param {Record<string, unknown>} request
   * @returns {Promise<{answer: import("./data.js").DataAnswer} | {alert: Alert}>}
   */
  async requestData(request) {
    return requestData(this, request);
  }

  /**
   * After a screen is delivered: the first batch of every dynamic table, the entries of old
   * dynamic menus and the HTML of old dynamic web views.
   * @param {number} generation
   */
  async loadContent(generation) {
    return loadContent(this, generation);
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
