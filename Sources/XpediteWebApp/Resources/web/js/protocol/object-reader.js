// Reads one object as XpediteProtocol's ObjectReader does: a key counts only when its value has
// the kind the model reads, and colours are written "#RRGGBB". With it, the value forms many
// components share: a method dict (MethodCall), a size dict (SizeSpec) and a dynamic source
// (DynamicSource). The builder (build.js and build-components.js's builder of each type) writes the
// canonical members each reader keeps.

import { SIZE_KEYS } from "./catalogue.js";
import { canonicalColour, intValue, isObject } from "./values.js";

/** @typedef {import("./json-types").JSONValue} JSONValue */
/** @typedef {import("./json-types").JSONObject} JSONObject */
/** @typedef {import("./path.js").PathStep} PathStep */

/**
 * Reads the components of `key` of a reader's object (build-components.js's readComponents),
 * handed to the component families that have children.
 * @typedef {(reader: Reader, key?: string) => JSONObject[] | undefined} ReadChildren
 */

export const ALIGNMENTS = ["left", "right", "centre", "center", "justify"];

/** Reads one object as ObjectReader does, and writes the canonical members it keeps. */
export class Reader {
  /**
   * @param {JSONObject} members
   * @param {readonly PathStep[]} path
   * @param {Set<string>} dropped the paths (as text) of the components a lenient read drops
   */
  constructor(members, path, dropped) {
    this.members = members;
    this.path = path;
    this.dropped = dropped;
    /** @type {JSONObject} */
    this.out = {};
  }

  /**
   * @param {string} key
   * @param {JSONValue | undefined} value
   */
  set(key, value) {
    if (value !== undefined) this.out[key] = value;
  }

  /** @param {string} key */
  string(key) {
    const value = this.members[key];
    return typeof value === "string" ? value : undefined;
  }

  /** @param {string} key */
  number(key) {
    const value = this.members[key];
    return typeof value === "number" ? value : undefined;
  }

  /** @param {string} key */
  int(key) {
    return intValue(this.members[key]);
  }

  /** @param {string} key */
  bool(key) {
    const value = this.members[key];
    return typeof value === "boolean" ? value : undefined;
  }

  /** @param {string} key */
  colour(key) {
    const value = this.string(key);
    return value === undefined ? undefined : canonicalColour(value);
  }

  /**
   * @param {string} key
   * @param {readonly string[]} values
   */
  enumeration(key, values) {
    const value = this.string(key);
    return value !== undefined && values.includes(value) ? value : undefined;
  }

  /** @param {string} key */
  map(key) {
    const value = this.members[key];
    return isObject(value) ? value : undefined;
  }

  /** @param {string} key */
  method(key) {
    const value = this.members[key];
    return isObject(value) ? readMethod(value) : undefined;
  }

  size() {
    const value = this.members.size;
    return isObject(value) ? readSize(value) : undefined;
  }

  /** The shared text style: color, font, fontsize, align. */
  textStyle() {
    this.set("color", this.colour("color"));
    this.set("font", this.string("font"));
    this.set("fontsize", this.number("fontsize"));
    this.set("align", this.enumeration("align", ALIGNMENTS));
  }

  /** `size` and `background`, which every component but menuEntry has. */
  placement() {
    this.set("size", this.size());
    this.set("background", this.colour("background"));
  }
}

/**
 * A method dict (MethodCall), or undefined without a `function`.
 * @param {JSONObject} members
 * @returns {JSONObject | undefined}
 */
function readMethod(members) {
  const reader = new Reader(members, [], new Set());
  const name = reader.string("function");
  if (name === undefined) return undefined;
  reader.set("function", name);
  reader.set("parameters", reader.map("parameters"));
  if (reader.bool("formdata") === true) reader.set("formdata", true);
  reader.set("navigation", reader.string("navigation"));
  reader.set("selected", reader.string("selected"));
  return reader.out;
}

/**
 * A size dict (SizeSpec): its numeric keys; a `centrey` of 0 (or the old `centre-y` flag) is
 * written as `"centre-y": 1`.
 * @param {JSONObject} members
 * @returns {JSONObject}
 */
function readSize(members) {
  /** @type {JSONObject} */
  const size = {};
  for (const key of SIZE_KEYS) {
    const value = members[key];
    if (typeof value === "number") size[key] = value;
  }
  if (size.centrey === undefined && typeof members["centre-y"] === "number") size.centrey = 0;
  if (size.centrey === 0) {
    delete size.centrey;
    size["centre-y"] = 1;
  }
  return size;
}

/**
 * A dynamic source (DynamicSource): `{"dynamic": function}` or a method dict, else undefined.
 * @param {JSONValue | undefined} value
 * @returns {JSONObject | undefined}
 */
export function readDynamic(value) {
  if (!isObject(value)) return undefined;
  const dynamic = value.dynamic;
  if (typeof dynamic === "string") return { dynamic };
  if (!isObject(dynamic)) return undefined;
  const method = readMethod(dynamic);
  if (!method) return undefined;
  const plain = Object.keys(method).length === 1;
  return { dynamic: plain ? method.function : method };
}

