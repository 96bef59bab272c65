// Builds the canonical packet from a checked, normalised tree, as XpediteProtocol's model types
// read it (`init(reading:)`) and write it back (`json`): a key counts only when its value has the
// kind the model reads, colours are written "#RRGGBB", a method's `formdata: false` is left out, a
// size's `centrey` 0 is written as the `centre-y` flag, and the components a lenient read drops
// (and those of unknown type) are left out. This file builds the packets (ResponsePacket,
// DataResponse, RequestPacket); object-reader.js reads one object and its shared value forms,
// build-components.js builds the components, each by the builder of its type.

import { formatBounds, parseBounds } from "./bounds.js";
import { readComponents } from "./build-components.js";
import { OBJECT_SHAPES } from "./catalogue.js";
import { Reader } from "./object-reader.js";
import { canonicalColour, intValue, isObject } from "./values.js";

/** @typedef {import("./json-types").JSONValue} JSONValue */
/** @typedef {import("./json-types").JSONObject} JSONObject */

/**
 * The return code: an integer or a string, else undefined (ReturnCode).
 * @param {JSONValue | undefined} value
 * @returns {number | string | undefined}
 */
function readReturnCode(value) {
  if (typeof value === "string") return value;
  return intValue(value);
}

/**
 * A canonical response packet, or undefined without a usable `rc` (ResponsePacket).
 * @param {JSONObject} members
 * @param {Set<string>} dropped
 * @returns {JSONObject | undefined}
 */
export function buildResponse(members, dropped) {
  const rc = readReturnCode(members.rc);
  if (rc === undefined) return undefined;
  const reader = new Reader(members, [], dropped);
  reader.set("rc", rc);
  reader.set("token", reader.string("token"));
  const version = members.version;
  if (typeof version === "number" || typeof version === "string") reader.set("version", version);
  reader.set("title", reader.string("title"));
  reader.set("background", reader.colour("background"));
  reader.set("id", reader.string("id"));
  const disposition = members.disposition;
  if (disposition === "permanent") {
    reader.set("disposition", "permanent");
  } else if (isObject(disposition) && disposition.type === "expiry") {
    const seconds = intValue(disposition.seconds);
    if (seconds !== undefined && seconds > 0) reader.set("disposition", { type: "expiry", seconds });
  }
  const defaults = reader.map("setDefaults");
  if (defaults) reader.set("setDefaults", readDefaults(defaults));
  reader.set("images", readImages(members.images));
  reader.set("components", readComponents(reader) ?? []);
  reader.set("time", reader.int("time"));
  return reader.out;
}

/**
 * setDefaults (Defaults): each key set to a value of its kind, or removed with null.
 * @param {JSONObject} members
 * @returns {JSONObject}
 */
function readDefaults(members) {
  /** @type {JSONObject} */
  const defaults = {};
  /** @type {Array<[string, (value: JSONValue) => JSONValue | undefined]>} */
  const keys = [
    ["font", (value) => (typeof value === "string" ? value : undefined)],
    ["fontsize", (value) => (typeof value === "number" ? value : undefined)],
    ["color", (value) => (typeof value === "string" ? canonicalColour(value) : undefined)],
    ["background", (value) => (typeof value === "string" ? canonicalColour(value) : undefined)],
  ];
  for (const [key, read] of keys) {
    if (!Object.hasOwn(members, key)) continue;
    const value = members[key];
    const setting = value === null ? null : read(value);
    if (setting !== undefined) defaults[key] = setting;
  }
  return defaults;
}

/**
 * The image manifest or the old images folder (Images).
 * @param {JSONValue | undefined} value
 * @returns {JSONValue | undefined}
 */
function readImages(value) {
  if (Array.isArray(value)) {
    /** @type {JSONObject[]} */
    const entries = [];
    for (const element of value) {
      if (!isObject(element)) continue;
      const reader = new Reader(element, [], new Set());
      const id = reader.string("id");
      const url = reader.string("url");
      if (id === undefined || url === undefined) continue;
      reader.set("id", id);
      reader.set("url", url);
      reader.set("load", reader.enumeration("load", ["critical", "background"]));
      entries.push(reader.out);
    }
    return entries;
  }
  if (isObject(value) && typeof value.url === "string") return { url: value.url, type: "image" };
  return undefined;
}

/**
 * A canonical data response, or undefined without a usable `rc` or `data` (DataResponse).
 * @param {JSONObject} members
 * @returns {JSONObject | undefined}
 */
export function buildDataResponse(members) {
  const rc = readReturnCode(members.rc);
  if (rc === undefined) return undefined;
  const data = members.data;
  /** @type {JSONValue} */
  let payload;
  if (Array.isArray(data)) payload = data.filter(isObject);
  else if (typeof data === "string") payload = data;
  else return undefined;
  const reader = new Reader(members, [], new Set());
  reader.set("rc", rc);
  reader.set("data", payload);
  reader.set("max", reader.int("max"));
  reader.set("token", reader.string("token"));
  return reader.out;
}

/**
 * A canonical request, or undefined without a `method` (RequestPacket); keys the protocol does not
 * define are kept as the old dialect's top-level arguments.
 * @param {JSONObject} members
 * @returns {JSONObject | undefined}
 */
export function buildRequest(members) {
  const reader = new Reader(members, [], new Set());
  const method = reader.string("method");
  if (method === undefined) return undefined;
  const known = OBJECT_SHAPES.get("request")?.byKey;
  for (const key of Object.keys(members)) {
    if (!known?.has(key)) reader.set(key, members[key]);
  }
  reader.set("method", method);
  reader.set("token", reader.string("token"));
  reader.set("bundleID", reader.string("bundleID"));
  reader.set("uuid", reader.string("uuid"));
  const boundsText = reader.string("bounds");
  const bounds = boundsText === undefined ? undefined : parseBounds(boundsText);
  reader.set("bounds", bounds ? formatBounds(bounds) : undefined);
  reader.set("xpediteVersion", reader.int("xpediteVersion"));
  const appearance = reader.string("appearance");
  reader.set("appearance", appearance === "light" || appearance === "dark" ? appearance : undefined);
  reader.set("parameters", reader.map("parameters"));
  reader.set("formdata", reader.map("formdata"));
  if (Object.hasOwn(members, "selected")) reader.set("selected", members.selected);
  reader.set("row", reader.int("row"));
  reader.set("offset", reader.int("offset"));
  reader.set("limit", reader.int("limit"));
  return reader.out;
}
