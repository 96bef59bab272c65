// Builds the canonical packet from a checked, normalised tree, as XpediteProtocol's model types
// read it (`init(reading:)`) and write it back (`json`): a key counts only when its value has the
// kind the model reads, colours are written "#RRGGBB", a method's `formdata: false` is left out, a
// size's `centrey` 0 is written as the `centre-y` flag, and the components a lenient read drops
// (and those of unknown type) are left out.

import { formatBounds, parseBounds } from "./bounds.js";
import { OBJECT_SHAPES, SIZE_KEYS } from "./catalogue.js";
import { describePath } from "./path.js";
import { canonicalColour, intValue, isObject } from "./values.js";

/** @typedef {import("./json-types").JSONValue} JSONValue */
/** @typedef {import("./json-types").JSONObject} JSONObject */
/** @typedef {import("./path.js").PathStep} PathStep */

const ALIGNMENTS = ["left", "right", "centre", "center", "justify"];
const KEYBOARDS = ["email", "number", "phone", "url", "default"];
const RETURN_KEYS = ["next", "done", "go", "search", "default"];

/** Reads one object as ObjectReader does, and writes the canonical members it keeps. */
class Reader {
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

  /**
   * The components of `key`, the dropped ones and those of no known type left out.
   * @param {string} [key]
   * @returns {JSONObject[] | undefined}
   */
  components(key = "components") {
    const elements = this.members[key];
    if (!Array.isArray(elements)) return undefined;
    /** @type {JSONObject[]} */
    const components = [];
    elements.forEach((element, index) => {
      const path = [...this.path, key, index];
      if (this.dropped.size > 0 && this.dropped.has(describePath(path))) return;
      if (!isObject(element)) return;
      const component = readComponent(new Reader(element, path, this.dropped));
      if (component) components.push(component);
    });
    return components;
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
function readDynamic(value) {
  if (!isObject(value)) return undefined;
  const dynamic = value.dynamic;
  if (typeof dynamic === "string") return { dynamic };
  if (!isObject(dynamic)) return undefined;
  const method = readMethod(dynamic);
  if (!method) return undefined;
  const plain = Object.keys(method).length === 1;
  return { dynamic: plain ? method.function : method };
}

/**
 * A table's columns (Column.read): its object elements.
 * @param {Reader} reader
 * @param {string} key
 * @returns {JSONObject[] | undefined}
 */
function readColumns(reader, key) {
  const elements = reader.members[key];
  if (!Array.isArray(elements)) return undefined;
  /** @type {JSONObject[]} */
  const columns = [];
  for (const element of elements) {
    if (!isObject(element)) continue;
    const column = new Reader(element, [], reader.dropped);
    column.set("field", column.string("field"));
    column.set("text", column.string("text"));
    column.set("width%", column.number("width%"));
    column.set("align", column.enumeration("align", ALIGNMENTS));
    column.set("font", column.string("font"));
    column.set("fontsize", column.number("fontsize"));
    column.set("color", column.colour("color"));
    column.set("lines", column.int("lines"));
    column.set("scroll", column.enumeration("scroll", ["on", "off"]));
    columns.push(column.out);
  }
  return columns;
}

/**
 * The option labels that are strings (Options.read).
 * @param {Reader} reader
 * @returns {JSONObject}
 */
function readOptions(reader) {
  /** @type {JSONObject} */
  const options = {};
  const members = reader.map("options");
  if (members) {
    for (const key of Object.keys(members)) {
      const label = members[key];
      if (typeof label === "string") options[key] = label;
    }
  }
  return options;
}

/**
 * A text box's or password's entry keys (TextEntry).
 * @param {Reader} reader
 */
function textEntry(reader) {
  reader.set("name", reader.string("name") ?? "");
  reader.set("title", reader.string("title"));
  reader.set("placeholder", reader.string("placeholder"));
  reader.set("value", reader.string("value"));
  reader.set("keyboard", reader.enumeration("keyboard", KEYBOARDS));
  reader.set("returnkey", reader.enumeration("returnkey", RETURN_KEYS));
  reader.set("onEnter", reader.string("onEnter"));
  reader.set("focus", reader.bool("focus"));
  reader.textStyle();
}

/**
 * One component, canonical; undefined when its type is missing or unknown.
 * @param {Reader} reader
 * @returns {JSONObject | undefined}
 */
function readComponent(reader) {
  const type = reader.string("type");
  const id = () => reader.set("id", reader.string("id"));
  switch (type) {
    case "label":
      id();
      reader.set("text", reader.string("text") ?? "");
      reader.textStyle();
      break;
    case "image":
      id();
      reader.set("url", reader.string("url"));
      reader.set("name", reader.string("name"));
      break;
    case "button":
      id();
      reader.set("text", reader.string("text"));
      reader.set("style", reader.enumeration("style", ["plain", "button"]));
      reader.textStyle();
      reader.set("icon", reader.string("icon"));
      reader.set("method", reader.method("method"));
      reader.set("onEnter", reader.string("onEnter"));
      break;
    case "textbox": {
      id();
      textEntry(reader);
      const autotext = reader.members.autotext;
      if (autotext === "disable" || autotext === false) reader.set("autotext", "disable");
      else if (autotext === true) reader.set("autotext", true);
      break;
    }
    case "password":
      id();
      textEntry(reader);
      break;
    case "textview":
      id();
      reader.set("name", reader.string("name") ?? "");
      reader.set("title", reader.string("title"));
      reader.set("placeholder", reader.string("placeholder"));
      reader.set("value", reader.string("value"));
      reader.set("initialHeight", reader.number("initialHeight"));
      reader.set("color", reader.colour("color"));
      reader.set("font", reader.string("font"));
      reader.set("fontsize", reader.number("fontsize"));
      break;
    case "checkbox": {
      id();
      reader.set("name", reader.string("name") ?? "");
      reader.set("title", reader.string("title"));
      const value = reader.string("value");
      reader.set("value", value === "1" || value === "0" ? value : undefined);
      break;
    }
    case "date":
      id();
      reader.set("name", reader.string("name") ?? "");
      reader.set("title", reader.string("title"));
      reader.set("value", reader.string("value"));
      break;
    case "select": {
      id();
      reader.set("name", reader.string("name") ?? "");
      reader.set("title", reader.string("title"));
      reader.set("options", readOptions(reader));
      const value = reader.members.value;
      if (typeof value === "string") reader.set("value", value);
      else if (Array.isArray(value)) reader.set("value", value.filter((key) => typeof key === "string"));
      reader.set("multi", reader.bool("multi"));
      reader.set("disabled", reader.bool("disabled"));
      break;
    }
    case "radio":
      id();
      reader.set("name", reader.string("name") ?? "");
      reader.set("title", reader.string("title"));
      reader.set("options", readOptions(reader));
      reader.set("value", reader.string("value"));
      break;
    case "form":
      id();
      reader.set("style", reader.enumeration("style", ["inline", "dialog"]));
      reader.set("title", reader.string("title"));
      reader.set("save", reader.method("save"));
      reader.set("saveNavigation", reader.string("saveNavigation"));
      reader.set("cancel", reader.method("cancel"));
      reader.set("cancelNavigation", reader.string("cancelNavigation"));
      reader.set("components", reader.components() ?? []);
      reader.set("focus", reader.string("focus"));
      break;
    case "section":
      id();
      reader.set("title", reader.string("title"));
      reader.set("components", reader.components());
      break;
    case "scrollview":
      id();
      reader.set("components", reader.components());
      reader.set("text", reader.string("text"));
      break;
    case "web":
      id();
      reader.set("web", reader.string("web"));
      reader.set("content", reader.string("content"));
      reader.set("data", readDynamic(reader.members.data));
      break;
    case "table": {
      id();
      const data = reader.members.data;
      reader.set("data", Array.isArray(data) ? data.filter(isObject) : (readDynamic(data) ?? []));
      reader.set("cell", readColumns(reader, "cell"));
      reader.set("header", readColumns(reader, "header"));
      reader.set("clickRow", reader.method("clickRow"));
      reader.set("refresh", reader.string("refresh"));
      reader.set("font", reader.string("font"));
      reader.set("fontsize", reader.number("fontsize"));
      break;
    }
    case "navigation": {
      id();
      const implementation = reader.map("implementation");
      if (implementation) {
        const entry = new Reader(implementation, [], reader.dropped);
        const style = entry.enumeration("style", ["slidefrom", "button"]);
        const position = entry.enumeration("position", ["left", "right"]);
        if (style !== undefined && position !== undefined) {
          entry.set("style", style);
          entry.set("position", position);
          entry.set("icon", entry.string("icon"));
          entry.set("image", entry.string("image"));
          reader.set("implementation", entry.out);
        }
      }
      reader.set("components", reader.components());
      const effects = reader.map("effects");
      if (effects) {
        const entry = new Reader(effects, [], reader.dropped);
        entry.set("shade%", entry.number("shade%"));
        entry.set("shrink%", entry.number("shrink%"));
        reader.set("effects", entry.out);
      }
      reader.set("data", readDynamic(reader.members.data));
      const cell = reader.map("cell");
      if (cell) {
        const entry = new Reader(cell, [], reader.dropped);
        entry.set("icon", entry.string("icon"));
        entry.set("text", entry.string("text"));
        entry.set("method", entry.string("method"));
        reader.set("cell", entry.out);
      }
      reader.set("color", reader.colour("color"));
      reader.set("font", reader.string("font"));
      reader.set("fontsize", reader.number("fontsize"));
      break;
    }
    case "menuEntry":
      reader.set("text", reader.string("text"));
      reader.set("method", reader.method("method"));
      reader.set("icon", reader.string("icon"));
      reader.set("symbol", reader.string("symbol"));
      return { type, ...reader.out };
    default:
      return undefined;
  }
  reader.placement();
  return { type, ...reader.out };
}

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
  reader.set("components", reader.components() ?? []);
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
  reader.set("parameters", reader.map("parameters"));
  reader.set("formdata", reader.map("formdata"));
  if (Object.hasOwn(members, "selected")) reader.set("selected", members.selected);
  reader.set("row", reader.int("row"));
  reader.set("offset", reader.int("offset"));
  reader.set("limit", reader.int("limit"));
  return reader.out;
}
