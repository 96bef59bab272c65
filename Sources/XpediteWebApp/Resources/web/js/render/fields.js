// Inputs (the port of ScreenRenderer+Fields.swift): their title part (inside a form) and their
// control, filled from the engine's value.

import { box, pathText, stringOrNull } from "./screen-renderer.js";
import { CSSStyle } from "./style.js";
import { h } from "./vnode.js";

/** @typedef {import("./vnode.js").VNode} VNode */
/** @typedef {import("./types.js").LayoutNode} LayoutNode */
/** @typedef {import("./types.js").Component} Component */
/** @typedef {import("./types.js").RenderContext} RenderContext */

/** The HTML input type of a `keyboard` (docs/protocol/components/inputs.md#textbox). */
/** @type {Record<string, string>} */
const INPUT_TYPES = { email: "email", phone: "tel", url: "url" };
/** @type {Record<string, string>} */
const INPUT_MODES = { number: "decimal", email: "email", phone: "tel", url: "url" };
/** @type {Record<string, string>} */
const ENTER_KEY_HINTS = { next: "next", done: "done", go: "go", search: "search", default: "enter" };

/**
 * @param {Record<string, string>} table
 * @param {unknown} key
 */
const lookup = (table, key) => (typeof key === "string" && Object.hasOwn(table, key) ? table[key] : null);

/**
 * The text of a value ("" for none).
 * @param {unknown} value
 */
const textValue = (value) => (typeof value === "string" ? value : "");

/**
 * An input: its title part (inside a form) and its control.
 * @param {Component} component
 * @param {LayoutNode} node
 * @param {RenderContext} context
 * @returns {VNode}
 */
export function field(component, node, context) {
  const path = pathText(node);
  const value = context.state.values?.[path];
  const parts = node.parts ?? [];
  let controlFrame = { x: 0, y: 0, width: node.frame.width, height: node.frame.height };
  const fieldPart = parts.find((part) => part.kind === "field");
  if (fieldPart) controlFrame = fieldPart.frame;
  /** @type {(VNode|null)[]} */
  const content = [];
  const titlePart = parts.find((part) => part.kind === "title");
  const title = stringOrNull(component.title);
  // A field's title is its <label> (a radio group's and a checkbox's name by aria-labelledby).
  const labelsControl = component.type !== "radio" && component.type !== "checkbox";
  if (titlePart && title !== null) {
    content.push(
      h(
        labelsControl ? "label" : "div",
        { class: "x-field-title", id: titleId(path), for: labelsControl ? controlId(path) : null, style: new CSSStyle().frame(titlePart.frame).text },
        title,
      ),
    );
  }
  const attributes = box(node, null, component.background);
  if (component.type === "radio") {
    // The options are a radio group named by the field's title.
    attributes.role = "radiogroup";
    if (titlePart && title !== null) attributes["aria-labelledby"] = titleId(path);
    else if (title !== null) attributes["aria-label"] = title;
    content.push(...radioOptions(component, node, value));
  } else {
    content.push(
      h(
        "div",
        { class: "x-control", style: new CSSStyle().frame(controlFrame).text, "data-focus": context.state.focus === path ? "1" : null },
        control(component, path, value, fieldPart !== undefined, titlePart !== undefined && title !== null),
      ),
    );
  }
  return h("div", attributes, content);
}

/**
 * The id of a field's control, which its title labels.
 * @param {string} path
 */
export const controlId = (path) => `xa-f-${path}`;

/**
 * The id of a field's title.
 * @param {string} path
 */
export const titleId = (path) => `xa-t-${path}`;

/**
 * Outside a form a date or select shows its `title` in the row, before the control.
 * @param {string|null} title
 * @param {boolean} inForm
 * @param {string} path
 */
function inlineTitle(title, inForm, path) {
  return !inForm && title ? h("label", { class: "x-inline-title", for: controlId(path) }, title) : null;
}

/**
 * A standalone text field's `title` is a floating label in the top of its box, above the typed
 * text (docs/protocol/components/inputs.md#textbox); inside a form the title has a row of its own.
 * @param {string|null} title
 * @param {boolean} inForm
 * @param {string} path
 */
function floatingTitle(title, inForm, path) {
  return !inForm && title ? h("label", { class: "x-floating-title", for: controlId(path) }, title) : null;
}

/**
 * @param {Component} component
 * @returns {string|null}
 */
function textStyle(component) {
  const style = new CSSStyle().color(component.color).fontSize(component.fontsize).font(component.font);
  if (component.type !== "textview") style.align(component.align);
  return style.text;
}

/**
 * @param {string} path
 * @param {unknown} value
 * @param {unknown} placeholder
 * @returns {Record<string, string|null|undefined>}
 */
function textAttributes(path, value, placeholder) {
  return {
    id: controlId(path),
    "data-action": "set",
    "data-kind": "text",
    "data-path": path,
    value: textValue(value),
    placeholder: stringOrNull(placeholder),
  };
}

/**
 * The accessible name of a control that no visible title labels: its `title`, else its
 * `placeholder`, else (a last resort, docs/accessibility.md) its form field `name`; null when it
 * has none of them, or a title labels it.
 * @param {Component} component
 * @param {boolean} labelled
 */
function ownName(component, labelled) {
  if (labelled) return null;
  return stringOrNull(component.title) || stringOrNull(component.placeholder) || stringOrNull(component.name) || null;
}

/**
 * @param {Component} component
 * @param {string} path
 * @param {unknown} value
 * @param {boolean} inForm
 * @param {boolean} titled Whether the field's title row labels it.
 * @returns {(VNode|null)[]}
 */
function control(component, path, value, inForm, titled) {
  const title = stringOrNull(component.title);
  // A standalone field's title is a visible label of its own; else its title or placeholder names it.
  const labelled = titled || (!inForm && title !== null && title !== "");
  const name = ownName(component, labelled);
  switch (component.type) {
    case "textbox": {
      const attributes = textAttributes(path, value, component.placeholder);
      attributes.type = lookup(INPUT_TYPES, component.keyboard) ?? "text";
      attributes.inputmode = lookup(INPUT_MODES, component.keyboard);
      attributes.enterkeyhint = lookup(ENTER_KEY_HINTS, component.returnkey);
      // `autotext`: "disable"/false turns correction and capitalisation off, true on.
      if (component.autotext === "disable" || component.autotext === false) {
        Object.assign(attributes, { autocapitalize: "off", autocorrect: "off", spellcheck: "false" });
      } else if (component.autotext === true) {
        Object.assign(attributes, { autocorrect: "on", spellcheck: "true" });
      }
      attributes.style = textStyle(component);
      attributes["aria-label"] = name;
      return [floatingTitle(title, inForm, path), h("input", attributes)];
    }
    case "password": {
      const attributes = textAttributes(path, value, component.placeholder);
      attributes.type = "password";
      attributes.inputmode = lookup(INPUT_MODES, component.keyboard);
      attributes.enterkeyhint = lookup(ENTER_KEY_HINTS, component.returnkey);
      // A password's autotext is always off (docs/protocol/components/inputs.md#password).
      Object.assign(attributes, { autocapitalize: "off", autocorrect: "off", spellcheck: "false", autocomplete: "current-password" });
      attributes.style = textStyle(component);
      attributes["aria-label"] = name;
      return [
        floatingTitle(title, inForm, path),
        h("input", attributes),
        h("button", { type: "button", class: "x-eye", "data-toggle": "eye", "aria-label": "show password", "aria-pressed": "false" }, "◉"),
      ];
    }
    case "textview": {
      // A text view has no title row, in a form or not: its title floats in the top of its box.
      const attributes = textAttributes(path, value, component.placeholder);
      attributes.style = textStyle(component);
      attributes["aria-label"] = ownName(component, title !== null && title !== "");
      return [floatingTitle(title, false, path), h("textarea", attributes, textValue(value))];
    }
    case "checkbox": {
      const checked = value === true || value === "1";
      return [
        h("label", { class: "x-check" }, [
          h("input", {
            type: "checkbox",
            id: controlId(path),
            role: "switch",
            "data-action": "set",
            "data-kind": "checked",
            "data-path": path,
            checked: checked ? "" : null,
            // In a form the title row names it; outside, the text beside it.
            "aria-labelledby": titled ? titleId(path) : null,
            "aria-label": !titled && !inForm ? null : name,
          }),
          h("span", {}, inForm ? "" : (title ?? "")),
        ]),
      ];
    }
    case "date":
      return [
        inlineTitle(title, inForm, path),
        h("input", {
          type: "date",
          id: controlId(path),
          "data-action": "set",
          "data-kind": "date",
          "data-path": path,
          value: textValue(value),
          "aria-label": name,
        }),
      ];
    case "select": {
      const chosen = new Set(typeof value === "string" ? [value] : Array.isArray(value) ? value.filter((v) => typeof v === "string") : []);
      const multiple = component.multi === true;
      const options = optionsOf(component);
      return [
        inlineTitle(title, inForm, path),
        h(
          "select",
          {
            id: controlId(path),
            "aria-label": name,
            "data-action": "set",
            "data-kind": multiple ? "options" : "option",
            "data-path": path,
            multiple: multiple ? "" : null,
            disabled: component.disabled === true ? "" : null,
          },
          sortedKeys(options).map((key) => h("option", { value: key, selected: chosen.has(key) ? "" : null }, options[key] ?? key)),
        ),
      ];
    }
    default:
      return [];
  }
}

/**
 * The options of a select or radio: key → label (labels that are not strings are left out).
 * @param {Component} component
 * @returns {Record<string, string>}
 */
function optionsOf(component) {
  /** @type {Record<string, string>} */
  const options = {};
  const source = component.options;
  if (source && typeof source === "object" && !Array.isArray(source)) {
    for (const key of Object.keys(source)) if (typeof source[key] === "string") options[key] = source[key];
  }
  return options;
}

/**
 * Keys in display order: plain code-point order (Options.sortedKeys).
 * @param {Record<string, string>} options
 */
function sortedKeys(options) {
  return Object.keys(options).sort((a, b) => {
    const x = Array.from(a).map((c) => /** @type {number} */ (c.codePointAt(0)));
    const y = Array.from(b).map((c) => /** @type {number} */ (c.codePointAt(0)));
    for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
    return x.length - y.length;
  });
}

/**
 * @param {Component} component
 * @param {LayoutNode} node
 * @param {unknown} value
 * @returns {VNode[]}
 */
function radioOptions(component, node, value) {
  const chosen = typeof value === "string" ? value : null;
  const options = optionsOf(component);
  const path = pathText(node);
  /** @type {VNode[]} */
  const result = [];
  for (const part of node.parts ?? []) {
    if (part.kind !== "option" || typeof part.key !== "string") continue;
    result.push(
      h("label", { class: "x-radio-option", style: new CSSStyle().frame(part.frame).text }, [
        h("input", {
          type: "radio",
          name: `radio-${path}`,
          value: part.key,
          "data-action": "set",
          "data-kind": "option",
          "data-path": path,
          checked: chosen === part.key ? "" : null,
        }),
        h("span", {}, options[part.key] ?? part.key),
      ]),
    );
  }
  return result;
}
