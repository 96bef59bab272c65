// Tables, data requests and the content a screen loads after it is shown (old dynamic menus and
// web views): XpediteClient+Data.swift in the web engine. The engine's methods call these.

import { connectionAlert, isSuccess, protocolAlert, returnCodeAlert } from "./alerts.js";
import { hasMoreRows, readDataAnswer } from "./data.js";
import { callRequest, methodCall } from "./request.js";
import { TransportError, describe } from "./transport.js";
import { forEachComponent, pathKey } from "./tree.js";
import { parseAnswer } from "./answer.js";

/** @typedef {import("./engine.js").XpediteEngine} XpediteEngine */
/** @typedef {import("./request.js").MethodCall} MethodCall */
/** @typedef {import("./alerts.js").Alert} Alert */

/**
 * Row taps (docs/protocol/tables.md#row-taps): `selected` carries the row's value of the named
 * field (or null), otherwise `row` carries the 0-based index in the loaded list.
 * @param {XpediteEngine} engine
 * @param {number[]} path
 * @param {number} row
 */
export async function tapRow(engine, path, row) {
  const table = engine.componentAt(path);
  const click = table?.type === "table" ? methodCall(table.clickRow) : undefined;
  const rows = engine.state.tables[pathKey(path)]?.rows;
  if (!click || !rows || row < 0 || row >= rows.length) return;
  const request = callRequest(click, engine.token);
  if (typeof click.selected === "string") request.selected = rows[row][click.selected] ?? null;
  else request.row = row;
  if (click.formdata === true) request.formdata = engine.capturedInput();
  await engine.requestScreen(request);
}

/**
 * Loads a table's next batch, or (refresh) its first batch again (docs/protocol/tables.md). One
 * page request is in flight per table; rows stay for the screen's life.
 * @param {XpediteEngine} engine
 * @param {number[]} path
 * @param {boolean} refresh
 */
export async function loadPage(engine, path, refresh) {
  const key = pathKey(path);
  const table = engine.componentAt(path);
  const source = table?.type === "table" ? dynamicSource(table.data) : undefined;
  if (!source) return;
  let rows = engine.state.tables[key] ?? { rows: [], hasMore: true, loading: false };
  if (refresh) {
    engine.tableEpochs.set(key, (engine.tableEpochs.get(key) ?? 0) + 1);
    rows = { rows: [], hasMore: true, loading: false };
  } else if (!rows.hasMore || rows.loading) {
    return;
  }
  const epoch = engine.tableEpochs.get(key) ?? 0;
  const generation = engine.screenGeneration;
  engine.state.tables[key] = { ...rows, loading: true };
  engine.emit();
  const request = callRequest(source, engine.token);
  request.offset = rows.rows.length;
  request.limit = engine.pageLimit;
  const result = await engine.requestData(request);
  if (generation !== engine.screenGeneration || epoch !== (engine.tableEpochs.get(key) ?? 0)) return;
  const current = { ...(engine.state.tables[key] ?? { rows: [], hasMore: true }), loading: false };
  if ("alert" in result) {
    engine.state.alerts.push(result.alert);
  } else if (!isSuccess(result.answer.rc)) {
    engine.state.alerts.push(returnCodeAlert(result.answer.rc));
    current.hasMore = false;
  } else if (Array.isArray(result.answer.data)) {
    current.rows = [...current.rows, ...result.answer.data];
    if (result.answer.max !== undefined) current.max = result.answer.max;
    else delete current.max;
    current.hasMore = hasMoreRows(result.answer, current.rows.length);
  } else {
    current.hasMore = false;
    engine.state.diagnostics.push(`table at ${key}: data is not a list of rows`);
  }
  engine.state.tables[key] = current;
  engine.emit();
}

/**
 * Sends a data request: the answer never replaces the screen, but its token is adopted.
 * @param {XpediteEngine} engine
 * @param {Record<string, unknown>} request
 * @returns {Promise<{answer: import("./data.js").DataAnswer} | {alert: Alert}>}
 */
export async function requestData(engine, request) {
  /** @type {import("./transport.js").Answer} */
  let answer;
  try {
    answer = await engine.transport.send(JSON.stringify(request));
  } catch (error) {
    const reason = error instanceof TransportError ? error.message : describe(error);
    return { alert: connectionAlert(reason) };
  }
  const json = parseAnswer(answer);
  if (json.error) return { alert: protocolAlert(`The server's answer to ${request.method} is not a packet: ${json.error}`) };
  try {
    const data = (engine.readData ?? readDataAnswer)(json.value);
    if (typeof data.token === "string") engine.token = data.token;
    return { answer: /** @type {import("./data.js").DataAnswer} */ (data) };
  } catch (error) {
    return { alert: protocolAlert(`The server's answer to ${request.method} breaks the protocol: ${describe(error)}`) };
  }
}

/**
 * After a screen is delivered: the first batch of every dynamic table, the entries of old
 * dynamic menus and the HTML of old dynamic web views.
 * @param {XpediteEngine} engine
 * @param {number} generation
 */
export async function loadContent(engine, generation) {
  const packet = engine.state.packet;
  if (!packet) return;
  /** @type {number[][]} */
  const tables = [];
  /** @type {[number[], Record<string, any>, MethodCall][]} */
  const menus = [];
  /** @type {[number[], MethodCall][]} */
  const webs = [];
  forEachComponent(packet.components, (component, path) => {
    if (component.type === "table" && dynamicSource(component.data)) tables.push(path);
    if (component.type === "navigation" && !Array.isArray(component.components)) {
      const source = dynamicSource(component.data);
      if (source) menus.push([path, component, source]);
    }
    if (component.type === "web" && component.web === undefined && component.content === undefined) {
      const source = dynamicSource(component.data);
      if (source) webs.push([path, source]);
    }
  });
  for (const path of tables) {
    if (generation !== engine.screenGeneration) return;
    await engine.loadPage(path, false);
  }
  for (const [path, navigation, source] of menus) {
    if (generation !== engine.screenGeneration) return;
    const result = await engine.requestData(callRequest(source, engine.token));
    if (generation !== engine.screenGeneration) return;
    if ("alert" in result) engine.state.alerts.push(result.alert);
    else if (!isSuccess(result.answer.rc)) engine.state.alerts.push(returnCodeAlert(result.answer.rc));
    else if (Array.isArray(result.answer.data)) {
      engine.state.menus[pathKey(path)] = result.answer.data.map((record) => menuEntry(record, navigation.cell));
    }
    engine.emit();
  }
  for (const [path, source] of webs) {
    if (generation !== engine.screenGeneration) return;
    const result = await engine.requestData(callRequest(source, engine.token));
    if (generation !== engine.screenGeneration) return;
    if ("alert" in result) engine.state.alerts.push(result.alert);
    else if (!isSuccess(result.answer.rc)) engine.state.alerts.push(returnCodeAlert(result.answer.rc));
    else if (typeof result.answer.data === "string") engine.state.web[pathKey(path)] = result.answer.data;
    engine.emit();
  }
}

/**
 * The function of a `{"dynamic": …}` source: a string or a method dict.
 * @param {unknown} data
 * @returns {MethodCall | undefined}
 */
export function dynamicSource(data) {
  if (!data || typeof data !== "object" || Array.isArray(data)) return undefined;
  return methodCall(/** @type {Record<string, unknown>} */ (data).dynamic);
}

/**
 * An old dynamic menu record mapped through `cell`: `record[cell.text]` is the text,
 * `record[cell.method]` the function, `record[cell.icon]` the icon; without `cell` the fields
 * `text`, `method` and `icon` are read.
 * @param {Record<string, unknown>} record
 * @param {Record<string, string> | undefined} cell
 */
export function menuEntry(record, cell) {
  /** @param {string | undefined} field @param {string} fallback */
  const text = (field, fallback) => {
    const value = record[field ?? fallback];
    if (value === null || value === undefined) return undefined;
    return typeof value === "string" ? value : typeof value === "object" ? JSON.stringify(value) : String(value);
  };
  /** @type {Record<string, any>} */
  const entry = { type: "menuEntry" };
  const label = text(cell?.text, "text");
  const method = text(cell?.method, "method");
  const icon = text(cell?.icon, "icon");
  if (label !== undefined) entry.text = label;
  if (method !== undefined) entry.method = { function: method };
  if (icon !== undefined) entry.icon = icon;
  return entry;
}
