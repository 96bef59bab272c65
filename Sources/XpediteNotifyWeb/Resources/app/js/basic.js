// The fields typed or chosen with the page's own controls: inputString, barcode (the text part
// lives in barcode.js), inputInteger, inputReal (text with units, or a slider showing its value),
// date, datetime, checkbox, droplist and radioButtons (both forms of `values`, the dummy first
// item when optional).
import { el } from "./dom.js";
import { Control } from "./field.js";

export class TextControl extends Control {
  /**
   * @param {import("./field.js").Field} field
   * @param {import("./field.js").Context} context
   * @param {string} [inputType] the input's `type` (`text` by default)
   */
  constructor(field, context, inputType) {
    super(field, context);
    this.input = el("input", { id: this.controlId, type: inputType || "text", placeholder: field.placeholder || "",
      "aria-label": this.label ? null : this.name, autocomplete: "off" });
    if (typeof field.default === "string") this.input.value = field.default;
    this.body.append(this.input);
  }

  /** @override */
  read() {
    return this.input.value === "" ? null : this.input.value;
  }
}

export class NumberControl extends Control {
  /**
   * @param {import("./field.js").Field} field
   * @param {import("./field.js").Context} context
   */
  constructor(field, context) {
    super(field, context);
    this.integer = field.type === "inputInteger";
    this.min = typeof field.minValue === "number" ? field.minValue : 0;
    this.max = typeof field.maxValue === "number" ? field.maxValue : 100;
    this.slider = field.flavor === "slider";
    const initial = typeof field.default === "number" ? field.default : null;
    if (this.slider) {
      // A real slider moves in a round step of about a hundredth of its range (0.1 for 0…10).
      const step = this.integer ? 1 : 10 ** Math.floor(Math.log10(Math.max(this.max - this.min, 1e-9) / 100));
      this.input = el("input", { id: this.controlId, class: "slider", type: "range", min: this.min, max: this.max,
        step, "aria-label": this.label ? null : this.name });
      this.input.value = String(initial !== null ? initial : this.min);
      const output = el("output", { class: "slider-value", for: this.controlId, "aria-live": "polite" });
      this.output = output;
      const show = () => { output.textContent = this.format(Number(this.input.value)); };
      this.input.addEventListener("input", show);
      show();
      this.body.append(this.output, this.input);
    } else {
      this.input = el("input", { id: this.controlId, type: "number", inputmode: this.integer ? "numeric" : "decimal",
        min: this.min, max: this.max, step: this.integer ? 1 : "any", placeholder: field.placeholder || "",
        "aria-label": this.label ? null : this.name });
      if (initial !== null) this.input.value = String(initial);
      const row = el("div", { class: "field-row" }, this.input);
      if (field.units) row.append(el("span", { class: "units", text: field.units }));
      this.body.append(row);
    }
  }

  /**
   * A value as the slider shows it.
   * @param {number} value
   * @returns {string}
   */
  format(value) {
    return this.integer ? String(Math.round(value)) : String(Number(value.toPrecision(12)));
  }

  /**
   * A slider always has a value (docs/notify.md#field-types: `optional` is ignored for it).
   * @override
   * @returns {import("./field.js").Requirement}
   */
  get requirement() {
    return this.slider ? "defaulted" : super.requirement;
  }

  /** @override */
  read() {
    if (this.input.value === "") return this.input.validity.badInput ? NaN : null;
    return Number(this.input.value);
  }

  /** @override */
  check() {
    const value = this.read();
    if (value === null) return null;
    if (!Number.isFinite(value)) return this.integer ? "Enter a whole number." : "Enter a number.";
    if (this.integer && !Number.isInteger(value)) return "Enter a whole number.";
    if (value < this.min || value > this.max) return `Enter a number from ${this.min} to ${this.max}.`;
    return null;
  }
}

export class DateControl extends TextControl {
  /**
   * @param {import("./field.js").Field} field
   * @param {import("./field.js").Context} context
   */
  constructor(field, context) {
    super(field, context, "date");
  }

  /** @override */
  check() {
    const value = this.read();
    if (value === null) return null;
    return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? null : "Enter a date.";
  }
}

/**
 * @param {number} number
 * @returns {string} two digits at least
 */
function pad(number) {
  return String(number).padStart(2, "0");
}

/**
 * The local offset of a date as ±HH:mm.
 * @param {Date} date
 * @returns {string}
 */
export function offset(date) {
  const minutes = -date.getTimezoneOffset();
  const sign = minutes >= 0 ? "+" : "-";
  const absolute = Math.abs(minutes);
  return `${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`;
}

/**
 * An ISO date-time with the local offset (`2026-11-25T18:30:05+01:00`).
 * @param {Date} date
 * @returns {string}
 */
export function isoLocal(date) {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:`
    + `${pad(date.getMinutes())}:${pad(date.getSeconds())}${offset(date)}`;
}

export class DateTimeControl extends Control {
  /**
   * @param {import("./field.js").Field} field
   * @param {import("./field.js").Context} context
   */
  constructor(field, context) {
    super(field, context);
    this.input = el("input", { id: this.controlId, type: "datetime-local", "aria-label": this.label ? null : this.name });
    // A default with an offset is shown in this device's time; the answer carries the offset.
    if (typeof field.default === "string" && !Number.isNaN(Date.parse(field.default))) {
      const date = new Date(field.default);
      this.input.value = isoLocal(date).slice(0, 16);
    }
    this.body.append(this.input);
  }

  /** @override */
  read() {
    if (this.input.value === "") return null;
    const date = new Date(this.input.value);
    return Number.isNaN(date.getTime()) ? this.input.value : isoLocal(date).replace(/:00([+-])/, "$1");
  }

  /** @override */
  check() {
    const value = this.read();
    if (value === null) return null;
    return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) ? null : "Enter a date and time.";
  }
}

export class CheckboxControl extends Control {
  /**
   * @param {import("./field.js").Field} field
   * @param {import("./field.js").Context} context
   */
  constructor(field, context) {
    super(field, context);
    this.input = el("input", { id: this.controlId, type: "checkbox", "aria-label": this.label ? null : (field.checkboxLabel || this.name) });
    this.input.checked = field.default === true;
    const row = el("div", { class: "check" }, this.input);
    if (field.checkboxLabel) row.append(el("span", { text: field.checkboxLabel }));
    this.body.append(row);
  }

  /**
   * Always optional, always a value (docs/notify.md#optional-and-default).
   * @override
   * @returns {import("./field.js").Requirement}
   */
  get requirement() {
    return "defaulted";
  }

  /** @override */
  read() {
    return this.input.checked;
  }
}

/**
 * An option of a droplist or radioButtons: the text shown and the value answered.
 * @typedef {{label: string, value: unknown}} Option
 */

/**
 * The options of a droplist or radioButtons: [{label, value}], from either form of `values`.
 * @param {import("./field.js").Field} field
 * @returns {Option[]}
 */
export function options(field) {
  /** @type {({label?: unknown, value?: unknown} | string | number | boolean | null)[]} */
  const values = Array.isArray(field.values) ? field.values : [];
  return values.map((item) => (item !== null && typeof item === "object"
    ? { label: String(item.label ?? item.value), value: item.value }
    : { label: String(item), value: item }));
}

export class DroplistControl extends Control {
  /**
   * @param {import("./field.js").Field} field
   * @param {import("./field.js").Context} context
   */
  constructor(field, context) {
    super(field, context);
    this.options = options(field);
    this.input = el("select", { id: this.controlId, "aria-label": this.label ? null : this.name });
    const dummy = this.requirement !== "defaulted";
    if (dummy) this.input.append(el("option", { value: "", text: field.placeholder || (this.requirement === "optional" ? "None" : "Choose…") }));
    this.options.forEach((option, index) => {
      const node = el("option", { value: String(index), text: option.label });
      if (this.requirement === "defaulted" && option.value === field.default) node.selected = true;
      this.input.append(node);
    });
    this.body.append(this.input);
  }

  /** @override */
  read() {
    return this.input.value === "" ? null : this.options[Number(this.input.value)].value;
  }
}

export class RadioControl extends Control {
  /**
   * @override
   * @returns {"span"}
   */
  labelTag() {
    return "span";
  }

  /**
   * @param {import("./field.js").Field} field
   * @param {import("./field.js").Context} context
   */
  constructor(field, context) {
    super(field, context);
    this.options = options(field);
    this.group = el("div", { id: this.controlId, class: "radios", role: "radiogroup",
      "aria-labelledby": this.label ? this.labelId : null, "aria-label": this.label ? null : this.name });
    const name = this.controlId;
    /** @type {HTMLInputElement[]} */
    this.inputs = [];
    /**
     * @param {string} label
     * @param {number} index the option's index, -1 for the dummy item
     * @param {boolean} checked
     */
    const add = (label, index, checked) => {
      const input = el("input", { type: "radio", name, value: String(index), id: `${this.controlId}-${index + 1}` });
      input.checked = checked;
      this.inputs.push(input);
      this.group.append(el("label", { class: "radio", for: input.id }, input, el("span", { text: label })));
    };
    // The dummy first item of an optional field (docs/notify.md#field-types), standing for null.
    if (this.requirement === "optional") add(field.placeholder || "None", -1, true);
    this.options.forEach((option, index) => {
      add(option.label, index, this.requirement === "defaulted" && option.value === field.default);
    });
    this.body.append(this.group);
  }

  /** @override */
  read() {
    const checked = this.inputs.find((input) => input.checked);
    if (!checked || checked.value === "-1") return null;
    return this.options[Number(checked.value)].value;
  }

  /** @override */
  focus() {
    (this.inputs.find((input) => input.checked) || this.inputs[0])?.focus();
    this.element.scrollIntoView({ block: "center" });
  }
}
