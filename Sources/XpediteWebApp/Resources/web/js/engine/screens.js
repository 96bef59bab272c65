// Screens: a screen-producing request, its answer (token, version purge, `rc`, page cache), the
// offline fallback and the fresh screen shown (docs/protocol/packets.md, docs/protocol/caching.md):
// XpediteClient's screen steps in the web engine. The engine's methods call these.

import { componentErrorsAlert, connectionAlert, isSuccess, issueText, protocolAlert, returnCodeAlert } from "./alerts.js";
import { mergeDefaults, parseAnswer } from "./answer.js";
import { initialFocus, initialValues } from "./forms.js";
import { pageKey } from "./request.js";
import { emptyState } from "./state.js";
import { mark } from "./timing.js";
import { TransportError, describe } from "./transport.js";
import { forEachComponent, pathKey } from "./tree.js";

/** @typedef {import("./engine.js").XpediteEngine} XpediteEngine */
/** @typedef {import("./engine.js").ReadResult} ReadResult */
/** @typedef {import("./alerts.js").Issue} Issue */

/**
 * Sends a screen-producing request and shows its answer: the newest tap wins, and an answer to a
 * superseded request is discarded. When the server is unreachable, the page cache stands in
 * (docs/protocol/caching.md#offline-fallback).
 * @param {XpediteEngine} engine
 * @param {Record<string, unknown>} request
 * @param {{isConnection?: boolean, tapKey?: string | null}} [options] `tapKey`: the page key of
 *   the tap that asked for this connection (null: a tap that submits), for the offline fallback
 */
export async function requestScreen(engine, request, options = {}) {
  await engine.prepare();
  // A phone with no session (a start without the server) speaks first: setConnection, whose
  // answer (the entry screen) is shown instead of the tap's; while the server stays away, the
  // tap's own cached page stands in, as for any tap.
  if (engine.token === undefined && !options.isConnection && options.tapKey === undefined) {
    await engine.requestScreen(engine.connectionRequest(), { isConnection: true, tapKey: pageKey(request) ?? null });
    return;
  }
  if (engine.signOutFunctions.has(String(request.method))) {
    try {
      await engine.forget(false);
    } catch (error) {
      engine.state.diagnostics.push(`sign-out: the caches could not be cleared: ${describe(error)}`);
    }
  }
  engine.screenTickets += 1;
  const ticket = engine.screenTickets;
  engine.state.loading = true;
  engine.state.alerts = [];
  engine.emit();
  const key = pageKey(request);
  /** @type {import("./transport.js").Answer} */
  let answer;
  try {
    mark("xpedite:send");
    answer = await engine.transport.send(JSON.stringify(request));
    mark("xpedite:answer");
  } catch (error) {
    if (ticket !== engine.screenTickets) return;
    if (options.tapKey !== undefined) await fallBack(engine, options.tapKey ?? undefined, error, ticket, false);
    else await fallBack(engine, key, error, ticket, options.isConnection ?? false);
    return;
  }
  if (ticket !== engine.screenTickets) return;
  await receive(engine, answer, key, options.isConnection ?? false, ticket, String(request.method));
}

/**
 * Handles a screen answer: token, version purge, `rc`, page cache, then the screen.
 * @param {XpediteEngine} engine
 * @param {import("./transport.js").Answer} answer
 * @param {string | undefined} key
 * @param {boolean} isConnectionReply
 * @param {number} ticket
 * @param {string} method
 */
export async function receive(engine, answer, key, isConnectionReply, ticket, method) {
  const json = parseAnswer(answer);
  if (json.error) {
    engine.state.alerts.push(protocolAlert(`The server's answer to ${method} is not a packet: ${json.error}`));
    engine.state.loading = false;
    engine.emit();
    return;
  }
  /** @type {ReadResult} */
  let read;
  try {
    read = engine.read(json.value, { isConnectionReply });
  } catch (error) {
    read = { packet: null, issues: [describe(error)], dropped: [] };
  }
  mark("xpedite:read");
  const packet = read.packet;
  if (!packet) {
    const first = read.error ?? read.issues.map(issueText)[0] ?? "it cannot be read";
    engine.state.alerts.push(protocolAlert(`The server's answer breaks the protocol: ${first}`));
    engine.state.loading = false;
    engine.emit();
    return;
  }
  if (typeof packet.token === "string") engine.token = packet.token;
  if (packet.version !== undefined && packet.version !== null) await adopt(engine, String(packet.version));
  if (ticket !== engine.screenTickets) return;
  if (!isSuccess(packet.rc)) {
    engine.state.alerts.push(returnCodeAlert(packet.rc));
    if (!Array.isArray(packet.components) || packet.components.length === 0) {
      engine.state.loading = false;
      engine.emit();
      return;
    }
  } else if (key && typeof packet.id === "string" && packet.id !== "" && packet.disposition !== undefined) {
    await store(engine, packet, key);
  }
  await show(engine, packet, read.issues, read.dropped, false, ticket);
}

/**
 * Caches a page as the canonical packet as read, so that serving it offline skips the reader.
 * @param {XpediteEngine} engine
 * @param {Record<string, any>} packet
 * @param {string} key
 */
export async function store(engine, packet, key) {
  if (!engine.cache) return;
  const now = engine.now();
  const disposition = packet.disposition;
  /** @type {number | null} */
  let expiresAt;
  if (disposition === "permanent") expiresAt = null;
  else if (disposition && typeof disposition === "object" && typeof disposition.seconds === "number") {
    expiresAt = now + disposition.seconds * 1000;
  } else {
    engine.state.diagnostics.push(`page cache: disposition ${JSON.stringify(disposition)} is not understood; the page is not kept`);
    return;
  }
  try {
    await engine.cache.storePage({
      key,
      pageID: packet.id,
      packet,
      receivedAt: now,
      expiresAt,
      ...(typeof packet.time === "number" ? { time: packet.time } : {}),
      ...(engine.lastVersion !== undefined ? { version: engine.lastVersion } : {}),
    });
  } catch (error) {
    engine.state.diagnostics.push(`page cache: ${describe(error)}`);
  }
}

/**
 * A new `version` purges every cache in the order of caching.md before the answer is used; the
 * token and `setDefaults` stay.
 * @param {XpediteEngine} engine
 * @param {string} version
 */
export async function adopt(engine, version) {
  if (version === engine.lastVersion) return;
  try {
    await engine.cache?.purge(version);
    await engine.imageStore?.purge();
  } catch (error) {
    engine.state.diagnostics.push(`cache purge: ${describe(error)}`);
  }
  engine.imageURLs = {};
  engine.knownImageSizes.clear();
  engine.attemptedImageURLs.clear();
  engine.navigationDefinitions.clear();
  engine.lastVersion = version;
}

/**
 * The server is unreachable: an unexpired cached page for the request is shown, marked offline;
 * otherwise a connection alert, and the screen stays.
 * @param {XpediteEngine} engine
 * @param {string | undefined} key
 * @param {unknown} error
 * @param {number} ticket
 * @param {boolean} isConnection
 */
export async function fallBack(engine, key, error, ticket, isConnection) {
  if (error instanceof TransportError && error.kind === "cancelled") {
    engine.state.loading = false;
    engine.emit();
    return;
  }
  /** @type {import("../cache/client-cache.js").CachedPage | undefined} */
  let cached;
  if (key && engine.cache) {
    try {
      cached = await engine.cache.page(key, engine.now());
      if (!cached && isConnection && !engine.state.packet) cached = await engine.cache.newestPage(engine.now());
    } catch (cacheError) {
      engine.state.diagnostics.push(`page cache: ${describe(cacheError)}`);
    }
  }
  if (ticket !== engine.screenTickets) return;
  if (cached?.packet && Array.isArray(cached.packet.components)) {
    await show(engine, cached.packet, [], [], true, ticket);
    return;
  }
  const reason = error instanceof TransportError ? error.message : describe(error);
  engine.state.alerts.push(connectionAlert(reason, key === undefined));
  engine.state.loading = false;
  engine.emit();
}

/**
 * Shows a fresh screen: images registered, navigation stubs expanded, critical images awaited,
 * inputs at their starting values, component errors alerted when the client reports them, laid
 * out and delivered; then the background images start, and the first batch of every table and
 * the old dynamic menus and web views load.
 * @param {XpediteEngine} engine
 * @param {Record<string, any>} received
 * @param {(Issue | string)[]} issues
 * @param {string[]} dropped
 * @param {boolean} offline
 * @param {number} ticket
 */
export async function show(engine, received, issues, dropped, offline, ticket) {
  const packet = { ...received };
  /** @type {string[]} */
  const diagnostics = [];
  /** @type {string[]} */
  const problems = [];
  const manifest = await engine.register(packet.images, diagnostics);
  packet.components = await engine.expandNavigation(Array.isArray(packet.components) ? packet.components : [], diagnostics, problems);
  const critical = manifest.filter((entry) => entry.load === "critical").map((entry) => entry.url);
  await engine.loadCriticalImages(critical, diagnostics);
  if (ticket !== engine.screenTickets) return;

  engine.screenGeneration += 1;
  const next = emptyState();
  next.revision = engine.state.revision;
  next.screen = engine.screenGeneration;
  next.packet = packet;
  next.alerts = [...engine.state.alerts];
  if (engine.reportsComponentErrors) {
    const alert = componentErrorsAlert(issues, dropped, problems);
    if (alert) next.alerts.push(alert);
  }
  next.offline = offline;
  next.issues = issues.map(issueText);
  next.dropped = [...dropped];
  next.diagnostics = diagnostics;
  next.values = initialValues(packet.components, new Date(engine.now()));
  const focus = initialFocus(packet.components);
  if (focus !== undefined) next.focus = focus;
  next.defaults = mergeDefaults(engine.state.defaults, packet.setDefaults);
  next.images = { ...engine.imageURLs };
  next.imageSizes = engine.imageSizesByName();
  forEachComponent(packet.components, (component, path) => {
    if (component.type !== "table") return;
    next.tables[pathKey(path)] = Array.isArray(component.data)
      ? { rows: component.data, hasMore: false, loading: false }
      : { rows: [], hasMore: true, loading: false };
  });
  engine.state = next;
  engine.tableEpochs.clear();
  engine.relayout();
  engine.emit();
  const generation = engine.screenGeneration;
  engine.imageTask = engine.loadBackgroundImages(generation);
  engine.contentTask = engine.loadContent(generation);
}
