// Rewrites an old-dialect packet into the new dialect (XpediteProtocol's DialectNormalizer), in
// place, noting every rewrite as an `old-dialect` warning at the path the sender wrote, and
// remembering which rewritten paths came from which original ones, so that later issues are
// reported where the sender wrote the value.

import { formatNumber } from "./canonical-json.js";
import { error, warning } from "./issues.js";
import { hasPrefix, samePath } from "./path.js";
import { isObject } from "./values.js";

/** @typedef {import("./json-types").JSONValue} JSONValue */
/** @typedef {import("./json-types").JSONObject} JSONObject */
/** @typedef {import("./path.js").PathStep} PathStep */
/** @typedef {import("./path.js").JSONPath} JSONPath */
/** @typedef {import("./issues.js").Issue} Issue */

const COLOURED = new Set(["label", "button", "textbox", "password", "textview", "navigation"]);

/** @type {ReadonlyArray<[string, string[]]>} */
const SIZE_QUANTITIES = [
  ["horizontal position", ["centrex", "center-x", "centre-x", "x+", "x", "x%"]],
  ["vertical position", ["centrey", "centre-y", "center-y", "y+", "y", "y%"]],
  ["width", ["width", "width%"]],
  ["height", ["height", "height%", "relative-height%"]],
];

/** @type {ReadonlyArray<[string, string]>} old centring flags and the key they become */
const CENTRE_FLAGS = [["center-x", "centrex"], ["centre-x", "centrex"], ["centre-y", "centrey"], ["center-y", "centrey"]];

/**
 * Whether `object` has `key` as its own member.
 * @param {JSONObject} object
 * @param {string} key
 * @returns {boolean}
 */
export function has(object, key) {
  return Object.hasOwn(object, key);
}

/**
 * The `conflicting-size-keys` errors of a size dict: two keys for one quantity.
 * @param {JSONObject} size
 * @param {JSONPath} path
 * @returns {Issue[]}
 */
export function conflictingSizeKeys(size, path) {
  /** @type {Issue[]} */
  const issues = [];
  for (const [quantity, keys] of SIZE_QUANTITIES) {
    const given = keys.filter((key) => has(size, key));
    if (given.length <= 1) continue;
    const list = given.map((key) => `"${key}"`).join(" and ");
    issues.push(error("conflicting-size-keys", path,
      `${list} both set the ${quantity}; "${given[0]}" wins, send only one`, true));
  }
  return issues;
}

/** Rewrites one packet. */
export class DialectNormalizer {
  constructor() {
    /** @type {Issue[]} */
    this.issues = [];
    /** @type {Array<{rewritten: PathStep[], original: PathStep[]}>} */
    this.aliases = [];
    /** @type {string | undefined} */
    this.imageFolder = undefined;
    /** @type {PathStep[]} */
    this.stack = [];
  }

  /**
   * Rewrites a response (or data response) in place.
   * @param {JSONValue} root
   */
  normalizeResponse(root) {
    if (!isObject(root)) return;
    const images = root.images;
    if (isObject(images)) {
      this.imageFolder = typeof images.url === "string" ? images.url : undefined;
      this.note("images", "an images folder {url, type} is old dialect; the new dialect lists images by id");
    }
    emptyArrayAsObject(root, "setDefaults");
    if (has(root, "setDefaults")) {
      this.stack.push("setDefaults");
      const defaults = root.setDefaults;
      if (isObject(defaults)) {
        this.renameColour(defaults);
        this.numericString(defaults, "fontsize");
      }
      this.stack.pop();
    }
    this.orderNumericKeys(root);
    this.normalizeComponents(root);
  }

  /**
   * Rewrites a request in place.
   * @param {JSONValue} root
   */
  normalizeRequest(root) {
    if (!isObject(root)) return;
    emptyArrayAsObject(root, "parameters");
    emptyArrayAsObject(root, "formdata");
  }

  /**
   * Where the sender wrote what is now at `path`.
   * @param {JSONPath} path
   * @returns {JSONPath}
   */
  originalPath(path) {
    let current = path;
    for (let round = 0; round < 4; round += 1) {
      /** @type {{rewritten: PathStep[], original: PathStep[]} | undefined} */
      let best;
      for (const alias of this.aliases) {
        if (hasPrefix(current, alias.rewritten) && alias.rewritten.length > (best?.rewritten.length ?? -1)) best = alias;
      }
      if (!best || samePath(best.rewritten, best.original)) return current;
      current = [...best.original, ...current.slice(best.rewritten.length)];
    }
    return current;
  }

  /**
   * @param {JSONObject} members
   */
  normalizeComponents(members) {
    const elements = members.components;
    if (!Array.isArray(elements)) return;
    this.stack.push("components");
    elements.forEach((element, index) => {
      if (!isObject(element)) return;
      this.stack.push(index);
      this.normalizeComponent(element);
      this.stack.pop();
    });
    this.stack.pop();
  }

  /**
   * @param {JSONObject} members
   */
  normalizeComponent(members) {
    const type = typeof members.type === "string" ? members.type : "";
    const work = { colour: false, fontsize: false, size: false, methods: false, children: false };
    for (const key of Object.keys(members)) {
      const value = members[key];
      switch (key) {
        case "colour": work.colour = true; break;
        case "fontsize": if (typeof value === "string") work.fontsize = true; break;
        case "size": if (value !== null && typeof value === "object") work.size = true; break;
        case "method": case "clickRow": case "save": case "cancel":
          if (typeof value === "string" || isObject(value)) work.methods = true;
          break;
        case "components": if (value !== null && typeof value === "object") work.children = true; break;
        default: break;
      }
    }
    if (work.colour && COLOURED.has(type)) this.renameColour(members);
    if (work.fontsize) this.numericString(members, "fontsize");
    if (work.size) {
      emptyArrayAsObject(members, "size");
      const size = members.size;
      if (isObject(size)) {
        this.stack.push("size");
        this.normalizeSize(size);
        this.stack.pop();
      }
    }
    if (work.methods) {
      this.methodString(members, "method", false);
      this.methodString(members, "clickRow", false);
    }
    switch (type) {
      case "form":
        this.methodString(members, "save", true);
        this.methodString(members, "cancel", true);
        if (typeof members.focus === "string") {
          this.note("focus", "form-level focus is old dialect; the new dialect sets focus:true on the field");
        }
        break;
      case "button":
        if (has(members, "name")) {
          delete members.name;
          this.note("name", "button name is old dialect and has no meaning; ignored");
        }
        break;
      case "textbox": case "password": case "textview":
        this.stringifyNumber(members, "value");
        if (type === "textbox" && members.autotext === true) {
          this.note("autotext", "autotext:true is old dialect; the new dialect only has \"disable\"");
        }
        break;
      case "checkbox":
        this.normalizeCheckbox(members);
        break;
      case "select": case "radio":
        this.normalizeOptions(members);
        if (type === "select") this.normalizeSelectValues(members);
        break;
      case "image": {
        const name = members.name;
        if (typeof name === "string" && !has(members, "url") && this.imageFolder !== undefined) {
          delete members.name;
          members.url = resolveImageName(name, this.imageFolder);
          this.alias(["url"], ["name"]);
          this.note("name", "image name is old dialect; resolved against the images folder to url");
        }
        break;
      }
      case "navigation":
        this.normalizeNavigation(members);
        break;
      case "table":
        this.normalizeTable(members);
        break;
      case "web":
        this.normalizeWeb(members);
        break;
      case "scrollview":
        if (has(members, "text") && !has(members, "components")) {
          this.note("text", "scrollview text is old dialect; the new dialect nests components");
        }
        break;
      case "section":
        if (has(members, "components")) {
          this.note("components", "a section with components is the old box; the new dialect uses section as a form header row");
        }
        break;
      default:
        break;
    }
    if (work.children || has(members, "components")) {
      this.orderNumericKeys(members);
      this.normalizeComponents(members);
    }
  }

  /**
   * @param {JSONObject} size
   */
  normalizeSize(size) {
    for (const key of Object.keys(size)) {
      if (typeof size[key] === "string") this.numericString(size, key);
    }
    this.issues.push(...conflictingSizeKeys(size, [...this.stack]));
    for (const [old, replacement] of CENTRE_FLAGS) {
      if (!has(size, old)) continue;
      delete size[old];
      if (!has(size, replacement)) {
        size[replacement] = 0;
        this.alias([replacement], [old]);
        // centre-y is what the SDK itself emits for vertical centring.
        if (old !== "centre-y") this.note(old, `"${old}" is old dialect; read as "${replacement}": 0`);
      }
    }
  }

  /**
   * @param {JSONObject} members
   */
  normalizeCheckbox(members) {
    const value = members.value;
    /** @type {boolean | undefined} */
    let checked;
    if (typeof value === "boolean") {
      checked = value;
      this.note("value", `checkbox value ${value} is old dialect; read as "${value ? "1" : "0"}"`);
    } else if (value === 0 || value === 1) {
      checked = value === 1;
    } else if (value === "true") {
      checked = true;
    } else if (value === "false") {
      checked = false;
    }
    if (checked !== undefined) members.value = checked ? "1" : "0";
  }

  /**
   * @param {JSONObject} members
   */
  normalizeOptions(members) {
    const elements = members.options;
    if (!Array.isArray(elements)) return;
    /** @type {JSONObject} */
    const options = {};
    elements.forEach((label, index) => {
      options[String(index)] = label;
      this.alias(["options", String(index)], ["options", index]);
    });
    members.options = options;
    if (elements.length > 0) {
      this.issues.push(error("options-not-object", [...this.stack, "options"],
        `options must be an object with string keys, got an array; read with keys "0" to "${elements.length - 1}"`, true));
    }
  }

  /**
   * @param {JSONObject} members
   */
  normalizeSelectValues(members) {
    emptyArrayAsObject(members, "values");
    const values = members.values;
    if (!isObject(values)) return;
    delete members.values;
    if (has(members, "value")) {
      this.issues.push(warning("superseded-key", [...this.stack, "values"], "\"values\" is ignored because \"value\" is present"));
      return;
    }
    this.note("values", "select values is old dialect; read as the initial selection in value");
    const chosen = sortOptionKeys(Object.keys(values)).filter((key) => {
      const flag = values[key];
      return flag === true || flag === 1 || flag === "1" || flag === "true";
    });
    if (members.multi === true) {
      members.value = chosen;
    } else if (chosen.length > 0) {
      members.value = chosen[0];
    }
  }

  /**
   * @param {JSONObject} members
   */
  normalizeNavigation(members) {
    emptyArrayAsObject(members, "effects");
    const slidefrom = members.slidefrom;
    const button = members.button;
    const hasSlidefrom = has(members, "slidefrom");
    const hasButton = has(members, "button");
    if (has(members, "implementation") || !(hasSlidefrom || hasButton || has(members, "data"))) return;
    /** @type {JSONObject} */
    const implementation = { style: "slidefrom" };
    const buttonObject = isObject(button) ? button : undefined;
    if (hasSlidefrom) {
      implementation.position = slidefrom;
      this.alias(["implementation", "position"], ["slidefrom"]);
    } else if (buttonObject && has(buttonObject, "position")) {
      implementation.position = buttonObject.position;
      this.alias(["implementation", "position"], ["button", "position"]);
    } else {
      implementation.position = "left";
    }
    if (buttonObject && has(buttonObject, "icon")) {
      const icon = buttonObject.icon;
      implementation.image = typeof icon === "string" && this.imageFolder !== undefined
        ? resolveImageName(icon, this.imageFolder)
        : icon;
      this.alias(["implementation", "image"], ["button", "icon"]);
    }
    members.implementation = implementation;
    if (hasSlidefrom) {
      delete members.slidefrom;
      this.note("slidefrom", "navigation slidefrom is old dialect; read as implementation");
    }
    if (hasButton) {
      delete members.button;
      this.note("button", "navigation button is old dialect; read as implementation");
    }
    const data = members.data;
    if (Array.isArray(data)) {
      delete members.data;
      this.note("data", "navigation data is old dialect; read as menuEntry components");
      this.stack.push("data");
      data.forEach((entry, index) => {
        this.stack.push(index);
        if (isObject(entry)) {
          entry.type = "menuEntry";
          this.methodString(entry, "method", false);
        }
        this.stack.pop();
      });
      this.stack.pop();
      if (!has(members, "components")) {
        members.components = data;
        this.alias(["components"], ["data"]);
      }
    } else if (has(members, "data")) {
      this.note("data", "a dynamic navigation menu is old dialect");
    }
  }

  /**
   * @param {JSONObject} members
   */
  normalizeTable(members) {
    const cell = members.cell;
    if (isObject(cell) && has(cell, "display")) {
      members.cell = [{ field: cell.display }];
      this.alias(["cell", 0, "field"], ["cell", "display"]);
      this.alias(["cell", 0], ["cell"]);
      this.note("cell", "table cell {display} is old dialect; read as one column");
    }
    if (has(members, "section")) {
      delete members.section;
      this.note("section", "table section is old dialect and has no meaning; ignored");
    }
    for (const key of ["font", "fontsize"]) {
      if (has(members, key)) this.note(key, `a table-level ${key} is old dialect; the new dialect styles each column`);
    }
    for (const key of ["cell", "header"]) {
      const columns = members[key];
      if (!Array.isArray(columns)) continue;
      this.stack.push(key);
      columns.forEach((column, index) => {
        if (!isObject(column) || !(has(column, "colour") || typeof column.fontsize === "string")) return;
        this.stack.push(index);
        this.renameColour(column);
        this.numericString(column, "fontsize");
        this.stack.pop();
      });
      this.stack.pop();
    }
  }

  /**
   * @param {JSONObject} members
   */
  normalizeWeb(members) {
    const data = members.data;
    if (!isObject(data) || !has(data, "html")) return;
    const html = data.html;
    delete data.html;
    if (Object.keys(data).length === 0) delete members.data;
    if (!has(members, "content")) {
      members.content = html;
      this.alias(["content"], ["data", "html"]);
      this.issues.push(warning("old-dialect", [...this.stack, "data", "html"], "web data.html is old dialect; read as content"));
    } else {
      this.issues.push(warning("superseded-key", [...this.stack, "data", "html"],
        "\"data.html\" is ignored because \"content\" is present"));
    }
  }

  /**
   * @param {JSONObject} members
   */
  renameColour(members) {
    if (!has(members, "colour")) return;
    const colour = members.colour;
    delete members.colour;
    if (!has(members, "color")) {
      members.color = colour;
      this.alias(["color"], ["colour"]);
      this.note("colour", "\"colour\" is old dialect; read as \"color\"");
    } else {
      this.issues.push(warning("superseded-key", [...this.stack, "colour"], "\"colour\" is ignored because \"color\" is present"));
    }
  }

  /**
   * A number sent as a string becomes the number.
   * @param {JSONObject} members
   * @param {string} key
   */
  numericString(members, key) {
    const text = members[key];
    if (typeof text !== "string") return;
    const number = parseSwiftDouble(trimSpaces(text));
    if (number === undefined || !Number.isFinite(number)) return;
    members[key] = number;
    if (key === "fontsize") {
      this.note(key, `a fontsize string is old dialect; read as the number ${formatNumber(number)}`);
    }
  }

  /**
   * @param {JSONObject} members
   * @param {string} key
   */
  stringifyNumber(members, key) {
    const number = members[key];
    if (typeof number !== "number") return;
    const text = formatNumber(number);
    members[key] = text;
    this.issues.push(warning("type-mismatch", [...this.stack, key], `expected a string, got ${text}; read as "${text}"`));
  }

  /**
   * A method sent as a string becomes a method dict; empty `parameters` arrays become objects.
   * @param {JSONObject} members
   * @param {string} key
   * @param {boolean} formdata
   */
  methodString(members, key, formdata) {
    const value = members[key];
    if (typeof value === "string") {
      /** @type {JSONObject} */
      const method = { function: value };
      if (formdata) method.formdata = true;
      members[key] = method;
      this.alias([key, "function"], [key]);
      this.note(key, `a method string is old dialect; read as {"function": "${value}"${formdata ? ", \"formdata\": true" : ""}}`);
    } else if (isObject(value)) {
      const parameters = value.parameters;
      if (Array.isArray(parameters) && parameters.length === 0) value.parameters = {};
    }
  }

  /**
   * Components sent as an object with numeric keys become an array in key order.
   * @param {JSONObject} members
   */
  orderNumericKeys(members) {
    const keyed = members.components;
    if (!isObject(keyed)) return;
    /** @type {Array<{number: number, key: string, value: JSONValue}>} */
    const numbered = [];
    for (const key of Object.keys(keyed)) {
      const number = parseSwiftDouble(trimSpaces(key));
      if (number === undefined) return;
      numbered.push({ number, key, value: keyed[key] });
    }
    numbered.sort((left, right) => left.number - right.number);
    members.components = numbered.map((entry) => entry.value);
    numbered.forEach((entry, index) => {
      this.alias(["components", index], ["components", entry.key]);
    });
    this.note("components", "components sent as an object with numeric keys; read in key order");
  }

  /**
   * @param {string} key
   * @param {string} message
   */
  note(key, message) {
    this.issues.push(warning("old-dialect", [...this.stack, key], message));
  }

  /**
   * @param {PathStep[]} rewritten
   * @param {PathStep[]} original
   */
  alias(rewritten, original) {
    this.aliases.push({ rewritten: [...this.stack, ...rewritten], original: [...this.stack, ...original] });
  }
}

/**
 * @param {JSONObject} members
 * @param {string} key
 */
function emptyArrayAsObject(members, key) {
  const value = members[key];
  if (Array.isArray(value) && value.length === 0) members[key] = {};
}

/**
 * An old image name resolved against the images folder (Images.resolve).
 * @param {string} name
 * @param {string} base
 * @returns {string}
 */
export function resolveImageName(name, base) {
  if (name.includes("://")) return name;
  const folder = base.endsWith("/") ? base : `${base}/`;
  return folder + (name.startsWith("/") ? name.slice(1) : name);
}

/**
 * Option keys in display order: plain code-point order (Options.sorted).
 * @param {string[]} keys
 * @returns {string[]}
 */
export function sortOptionKeys(keys) {
  return [...keys].sort((left, right) => {
    const a = Array.from(left, (character) => character.codePointAt(0) ?? 0);
    const b = Array.from(right, (character) => character.codePointAt(0) ?? 0);
    for (let index = 0; index < Math.min(a.length, b.length); index += 1) {
      if (a[index] !== b[index]) return a[index] - b[index];
    }
    return a.length - b.length;
  });
}

/**
 * Trims spaces and tabs (Swift's `.whitespaces`, not line breaks).
 * @param {string} text
 * @returns {string}
 */
export function trimSpaces(text) {
  return text.replace(/^[\t \u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]+|[\t \u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]+$/g, "");
}

const SWIFT_DOUBLE = /^[+-]?(?:(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|0[xX](?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)(?:[pP][+-]?\d+)?|inf(?:inity)?|nan)$/i;

/**
 * A number as Swift's `Double(String)` reads it (decimal or hexadecimal, `inf`, `nan`), else undefined.
 * @param {string} text
 * @returns {number | undefined}
 */
export function parseSwiftDouble(text) {
  if (!SWIFT_DOUBLE.test(text)) return undefined;
  const lowered = text.toLowerCase();
  const sign = lowered.startsWith("-") ? -1 : 1;
  const body = lowered.replace(/^[+-]/, "");
  if (body.startsWith("inf")) return sign * Number.POSITIVE_INFINITY;
  if (body === "nan") return Number.NaN;
  if (body.startsWith("0x")) {
    const match = /^0x([0-9a-f]*)(?:\.([0-9a-f]*))?(?:p([+-]?\d+))?$/.exec(body);
    if (!match) return undefined;
    const whole = match[1] ? Number.parseInt(match[1], 16) : 0;
    const fraction = match[2] ? Number.parseInt(match[2], 16) / 16 ** match[2].length : 0;
    return sign * (whole + fraction) * 2 ** Number(match[3] ?? 0);
  }
  return sign * Number(body);
}
