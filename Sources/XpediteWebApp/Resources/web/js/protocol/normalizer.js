// Rewrites an old-dialect packet into the new dialect (XpediteProtocol's DialectNormalizer), in
// place, noting every rewrite as an `old-dialect` warning at the path the sender wrote, and
// remembering which rewritten paths came from which original ones, so that later issues are
// reported where the sender wrote the value. This file walks the tree and keeps the record; the
// rewrites themselves are in shared-rewrites.js, size-rewrites.js and, for the component
// families, component-rewrites.js.

import {
  normalizeCheckbox, normalizeImage, normalizeNavigation, normalizeOptions, normalizeSelectValues, normalizeTable, normalizeWeb,
} from "./component-rewrites.js";
import { warning } from "./issues.js";
import { hasPrefix, samePath } from "./path.js";
import {
  emptyArrayAsObject, methodString, numericString, orderNumericKeys, renameColour, stringifyNumber,
} from "./shared-rewrites.js";
import { normalizeSize } from "./size-rewrites.js";
import { has, isObject } from "./values.js";

/** @typedef {import("./json-types").JSONValue} JSONValue */
/** @typedef {import("./json-types").JSONObject} JSONObject */
/** @typedef {import("./path.js").PathStep} PathStep */
/** @typedef {import("./path.js").JSONPath} JSONPath */
/** @typedef {import("./issues.js").Issue} Issue */

const COLOURED = new Set(["label", "button", "textbox", "password", "textview", "navigation"]);

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
        renameColour(this, defaults);
        numericString(this, defaults, "fontsize");
      }
      this.stack.pop();
    }
    orderNumericKeys(this, root);
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
    if (work.colour && COLOURED.has(type)) renameColour(this, members);
    if (work.fontsize) numericString(this, members, "fontsize");
    if (work.size) {
      emptyArrayAsObject(members, "size");
      const size = members.size;
      if (isObject(size)) {
        this.stack.push("size");
        normalizeSize(this, size);
        this.stack.pop();
      }
    }
    if (work.methods) {
      methodString(this, members, "method", false);
      methodString(this, members, "clickRow", false);
    }
    switch (type) {
      case "form":
        methodString(this, members, "save", true);
        methodString(this, members, "cancel", true);
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
        stringifyNumber(this, members, "value");
        if (type === "textbox" && members.autotext === true) {
          this.note("autotext", "autotext:true is old dialect; the new dialect only has \"disable\"");
        }
        break;
      case "checkbox":
        normalizeCheckbox(this, members);
        break;
      case "select": case "radio":
        normalizeOptions(this, members);
        if (type === "select") normalizeSelectValues(this, members);
        break;
      case "image":
        normalizeImage(this, members);
        break;
      case "navigation":
        normalizeNavigation(this, members);
        break;
      case "table":
        normalizeTable(this, members);
        break;
      case "web":
        normalizeWeb(this, members);
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
      orderNumericKeys(this, members);
      this.normalizeComponents(members);
    }
  }

  /**
   * Notes an `old-dialect` warning at `key` of the object being rewritten.
   * @param {string} key
   * @param {string} message
   */
  note(key, message) {
    this.issues.push(warning("old-dialect", [...this.stack, key], message));
  }

  /**
   * Remembers that `rewritten` (under the object being rewritten) came from `original`.
   * @param {PathStep[]} rewritten
   * @param {PathStep[]} original
   */
  alias(rewritten, original) {
    this.aliases.push({ rewritten: [...this.stack, ...rewritten], original: [...this.stack, ...original] });
  }
}
