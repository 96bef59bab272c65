// The validation rules beyond shapes (XpediteProtocol's Linter, docs/protocol/validation.md):
// duplicate ids and names, misplaced components, forms that save without an id, images without a
// source, rows whose width% overflow, unknown navigation hints, options and values that disagree.

import { formatNumber } from "./canonical-json.js";
import { COMPONENT_SHAPES, OBJECT_SHAPES } from "./catalogue.js";
import { sortOptionKeys } from "./component-rewrites.js";
import { error, warning } from "./issues.js";
import { describePath } from "./path.js";
import { isObject } from "./values.js";

/** @typedef {import("./json-types").JSONValue} JSONValue */
/** @typedef {import("./json-types").JSONObject} JSONObject */
/** @typedef {import("./path.js").PathStep} PathStep */
/** @typedef {import("./path.js").JSONPath} JSONPath */
/** @typedef {import("./issues.js").Issue} Issue */
/** @typedef {"screen" | "form" | "box" | "navigation"} Container */
/** @typedef {Map<string, JSONPath>} FormFields */
/** @typedef {{path: JSONPath, widthPercent: number, gap: number}} RowEntry */

const FIELD_TYPES = new Set(["textbox", "password", "textview", "checkbox", "date", "select", "radio"]);

/**
 * The string a member holds, if it is one.
 * @param {JSONValue | undefined} value
 * @returns {string | undefined}
 */
function text(value) {
  return typeof value === "string" ? value : undefined;
}

/** One lint of one tree. */
export class Linter {
  constructor() {
    /** @type {Issue[]} */
    this.issues = [];
    /** @type {PathStep[]} */
    this.stack = [];
    /** @type {Map<string, JSONPath>} */
    this.firstUse = new Map();
    /** @type {Map<string, JSONPath>} */
    this.formIDs = new Map();
    /** @type {Array<{name: string, path: JSONPath}>} */
    this.standaloneNames = [];
    /** @type {Map<string, string>} */
    this.preloaded = new Map();
  }

  /**
   * @param {string} key
   * @returns {JSONPath}
   */
  path(key) {
    return [...this.stack, key];
  }

  /**
   * Lints a response.
   * @param {JSONObject} members
   * @param {{isConnectionReply?: boolean}} options
   */
  lintResponse(members, options) {
    if (options.isConnectionReply) {
      for (const key of ["version", "token"]) {
        if (!Object.hasOwn(members, key)) {
          this.issues.push(error("missing-connection-entry", [], `a setConnection reply requires "${key}"`));
        }
      }
    }
    if (Object.hasOwn(members, "disposition") && (text(members.id) ?? "").length === 0) {
      this.issues.push(error("disposition-without-id", ["disposition"], "disposition requires a page \"id\" (the cache key)", true));
    }
    const images = members.images;
    if (Array.isArray(images)) {
      for (const entry of images) {
        if (!isObject(entry)) continue;
        const id = text(entry.id);
        if (id !== undefined) this.preloaded.set(id, text(entry.load) ?? "background");
      }
    }
    const components = members.components;
    if (Array.isArray(components)) {
      this.stack.push("components");
      this.lintComponents(components, "screen", undefined);
      this.stack.pop();
    }
    for (const { name, path } of this.standaloneNames) {
      const formPath = this.formIDs.get(name);
      if (formPath) {
        this.issues.push(error("name-collides-with-form-id", [...path, "name"],
          `field name "${name}" equals the id of the form at ${describePath(formPath)}; formdata["${name}"] would be ambiguous`, true));
      }
    }
  }

  /**
   * Lints a request.
   * @param {JSONObject} members
   */
  lintRequest(members) {
    const method = text(members.method);
    if (method === undefined) return;
    if (method === "setConnection") {
      for (const key of ["bundleID", "uuid", "bounds", "xpediteVersion"]) {
        if (!Object.hasOwn(members, key)) this.issues.push(error("missing-key", [], `setConnection requires "${key}"`));
      }
      if (Object.hasOwn(members, "token")) {
        this.issues.push(warning("unknown-key", ["token"], "setConnection never carries a token; ignored"));
      }
    } else if (!Object.hasOwn(members, "token")) {
      this.issues.push(error("missing-token", [], "a request after setConnection requires \"token\""));
    }
    const known = OBJECT_SHAPES.get("request")?.byKey;
    for (const key of Object.keys(members).sort()) {
      if (!known?.has(key)) {
        this.issues.push(warning("unknown-key", [key],
          `unknown key "${key}" in request; servers read it as a top-level argument (old dialect)`));
      }
    }
  }

  /**
   * @param {JSONValue[]} components
   * @param {Container} container
   * @param {FormFields | undefined} form
   * @returns {FormFields | undefined}
   */
  lintComponents(components, container, form) {
    let fields = form;
    /** @type {RowEntry[]} */
    const row = [];
    components.forEach((element, index) => {
      if (!isObject(element)) return;
      const type = text(element.type);
      if (type === undefined || !COMPONENT_SHAPES.has(type)) return;
      this.stack.push(index);
      this.lintPlacement(type, container);
      const id = text(element.id);
      if (type !== "menuEntry" && id !== undefined && id.length > 0) {
        this.lintID(id, type, Object.keys(element).length === 2);
      }
      const outsideFlow = type === "navigation" || (type === "form" && element.style === "dialog");
      if (!outsideFlow) {
        const size = element.size;
        if (isObject(size)) this.trackRow(row, size);
        else this.finishRow(row);
      }
      for (const key of ["method", "save", "cancel", "clickRow"]) {
        const method = element[key];
        if (isObject(method)) this.lintMethod(method, key);
      }
      const name = text(element.name);
      if (FIELD_TYPES.has(type) && name !== undefined) {
        if (fields) {
          const first = fields.get(name);
          if (first) {
            this.issues.push(warning("duplicate-name", this.path("name"),
              `field name "${name}" is already used at ${describePath(first)} in this form; the last value wins`));
          } else {
            fields.set(name, [...this.stack]);
          }
        } else {
          this.standaloneNames.push({ name, path: [...this.stack] });
        }
      }
      switch (type) {
        case "form": this.lintForm(element); break;
        case "image": this.lintImage(element); break;
        case "navigation": this.lintNavigation(element); break;
        case "table": this.lintTable(element); break;
        case "select": case "radio": this.lintOptions(element); break;
        case "scrollview":
          if (Object.hasOwn(element, "text") && Object.hasOwn(element, "components")) {
            this.issues.push(warning("superseded-key", this.path("text"), "\"text\" is ignored because \"components\" is present"));
          }
          break;
        case "web": {
          const given = ["web", "content", "data"].filter((key) => Object.hasOwn(element, key));
          for (const key of given.slice(1)) {
            this.issues.push(warning("superseded-key", this.path(key), `"${key}" is ignored because "${given[0]}" is present`));
          }
          break;
        }
        default: break;
      }
      const children = element.components;
      if (Array.isArray(children)) {
        this.stack.push("components");
        if (type === "form") {
          const formFields = this.lintComponents(children, "form", new Map()) ?? new Map();
          this.stack.pop();
          const focus = text(element.focus);
          if (focus !== undefined && !formFields.has(focus)) {
            this.issues.push(warning("dangling-reference", this.path("focus"), `focus names "${focus}", which is no field of this form`));
          }
        } else if (type === "navigation") {
          this.lintComponents(children, "navigation", undefined);
          this.stack.pop();
        } else {
          fields = this.lintComponents(children, "box", fields);
          this.stack.pop();
        }
      }
      this.stack.pop();
    });
    this.finishRow(row);
    return fields;
  }

  /**
   * @param {string} type
   * @param {Container} container
   */
  lintPlacement(type, container) {
    if (type === "menuEntry" && container === "navigation") return;
    if (type === "menuEntry") {
      this.issues.push(error("menu-entry-outside-navigation", this.path("type"), "menuEntry belongs in a navigation's components"));
    } else if (container === "navigation") {
      this.issues.push(error("misplaced-component", this.path("type"),
        `a navigation's components hold only menuEntry items, got "${type}"`));
    } else if (type === "navigation" && (container === "form" || container === "box")) {
      this.issues.push(warning("misplaced-component", this.path("type"),
        "a navigation inside a container is still a screen menu; put it at the top level"));
    }
  }

  /**
   * @param {string} id
   * @param {string} type
   * @param {boolean} isStub
   */
  lintID(id, type, isStub) {
    if (type === "image" || (type === "navigation" && isStub)) return;
    const first = this.firstUse.get(id);
    if (first) {
      this.issues.push(error("duplicate-id", this.path("id"), `duplicate component id "${id}"; first used at ${describePath(first)}`));
    } else {
      this.firstUse.set(id, [...this.stack]);
    }
    if (type === "form" && !this.formIDs.has(id)) this.formIDs.set(id, [...this.stack]);
  }

  /**
   * @param {RowEntry[]} row
   * @param {JSONObject} size
   */
  trackRow(row, size) {
    const sameRow = Object.hasOwn(size, "x+") && !Object.hasOwn(size, "y") && !Object.hasOwn(size, "y%")
      && !Object.hasOwn(size, "y+") && !Object.hasOwn(size, "centrey");
    if (!sameRow) this.finishRow(row);
    const widthPercent = size["width%"];
    const gap = size["x+"];
    row.push({
      path: this.path("size"),
      widthPercent: typeof widthPercent === "number" ? widthPercent : 0,
      gap: sameRow && typeof gap === "number" ? gap : 0,
    });
  }

  /**
   * @param {RowEntry[]} row
   */
  finishRow(row) {
    const last = row[row.length - 1];
    if (row.length > 1 && last) {
      let total = 0;
      let gaps = 0;
      for (const entry of row) {
        total += entry.widthPercent;
        gaps += entry.gap;
      }
      if (total > 100) {
        this.issues.push(warning("row-overflow", last.path,
          `the width% values of this row add up to ${formatNumber(total)}; the row overflows the screen`));
      } else if (total === 100 && gaps > 0) {
        this.issues.push(warning("row-overflow", last.path,
          `the width% values of this row add up to 100 and x+ adds ${formatNumber(gaps)} points; the row overflows the screen`));
      }
    }
    row.length = 0;
  }

  /**
   * @param {JSONObject} method
   * @param {string} key
   */
  lintMethod(method, key) {
    const hint = text(method.navigation);
    if (hint !== undefined && hint !== "root") {
      this.issues.push(warning("unknown-navigation-hint", [...this.stack, key, "navigation"],
        `navigation hint "${hint}" is not defined; only "root" is, so it is ignored`));
    }
  }

  /**
   * @param {JSONObject} members
   */
  lintForm(members) {
    if (Object.hasOwn(members, "save") && (text(members.id) ?? "").length === 0) {
      this.issues.push(error("form-save-without-id", [...this.stack],
        "form with \"save\" requires an \"id\" (the key of its values in formdata)", true));
    }
  }

  /**
   * @param {JSONObject} members
   */
  lintImage(members) {
    if (!Object.hasOwn(members, "id") && !Object.hasOwn(members, "url") && !Object.hasOwn(members, "name")) {
      this.issues.push(error("image-without-source", [...this.stack], "image requires one of \"id\", \"url\" or \"name\""));
      return;
    }
    const size = members.size;
    if (!isObject(size)) return;
    const hasWidth = Object.hasOwn(size, "width") || Object.hasOwn(size, "width%");
    const hasHeight = Object.hasOwn(size, "height") || Object.hasOwn(size, "height%") || Object.hasOwn(size, "relative-height%");
    if (!hasWidth || hasHeight) return;
    const id = text(members.id);
    const load = id === undefined ? undefined : this.preloaded.get(id);
    const loadsLate = load === undefined ? true : load !== "critical";
    if (loadsLate) {
      this.issues.push(warning("layout-jump", this.path("size"),
        "image sized by width only and loaded after rendering; the screen jumps when it arrives (give a height or load it \"critical\")"));
    }
  }

  /**
   * @param {JSONObject} members
   */
  lintNavigation(members) {
    const isStub = Object.keys(members).length === 2 && text(members.id) !== undefined;
    if (!Object.hasOwn(members, "implementation") && !isStub) {
      this.issues.push(error("navigation-without-implementation", [...this.stack],
        "navigation requires \"implementation\" unless it is a cache stub {\"type\", \"id\"}"));
    }
  }

  /**
   * @param {JSONObject} members
   */
  lintTable(members) {
    const header = members.header;
    if (!Array.isArray(header)) return;
    const values = header.map((column) => (isObject(column) ? text(column.scroll) : undefined) ?? "on");
    const first = values[0];
    if (first === undefined) return;
    const index = values.findIndex((value) => value !== first);
    if (index >= 0) {
      this.issues.push(warning("header-scroll-disagrees", [...this.stack, "header", index, "scroll"],
        `header scroll values disagree ("${first}" first, "${values[index]}" here); the first wins`));
    }
  }

  /**
   * @param {JSONObject} members
   */
  lintOptions(members) {
    const options = members.options;
    if (!isObject(options)) return;
    const keys = Object.keys(options);
    const numeric = keys.filter((key) => key.length > 0 && /^\p{N}+$/u.test(key));
    if (numeric.length > 1 && new Set(numeric.map((key) => Array.from(key).length)).size > 1) {
      const sample = sortOptionKeys(keys).slice(0, 4).map((key) => `"${key}"`).join(", ");
      this.issues.push(warning("numeric-option-keys", this.path("options"),
        `option keys are numbers of different lengths and sort as text (${sample}); zero-pad them`));
    }
    const value = members.value;
    if (typeof value === "string") {
      if (keys.length > 0 && !Object.hasOwn(options, value)) {
        this.issues.push(warning("unknown-option", this.path("value"), `value "${value}" is not one of the option keys`));
      }
    } else if (Array.isArray(value)) {
      value.forEach((key, index) => {
        if (typeof key === "string" && keys.length > 0 && !Object.hasOwn(options, key)) {
          this.issues.push(warning("unknown-option", [...this.stack, "value", index], `value "${key}" is not one of the option keys`));
        }
      });
    }
  }
}
