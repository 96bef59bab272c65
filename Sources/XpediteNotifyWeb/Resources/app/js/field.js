// What every field shares (docs/notify.md#field-types, docs/notify.md#optional-and-default): its
// box, its label with the four styling
// properties, where its error shows, and how it must be answered.
import { el, uid } from "./dom.js";

/**
 * A field of a payload (docs/notify.md#field-types) as the server accepted it: its `type` and
 * whichever properties that type has. The server checked them against the contract; the app still
 * reads each one defensively (`typeof`, `Array.isArray`), as JSON it did not check itself.
 * @typedef {{type: string, [property: string]: any}} Field
 */

/**
 * What a form gives each of its controls: the device's API (uploads, documents).
 * @typedef {object} Context
 * @property {import("./api.js").Api} api
 */

/**
 * How a field must be answered (docs/notify.md#optional-and-default).
 * @typedef {"required" | "defaulted" | "optional"} Requirement
 */

/**
 * @param {object} object
 * @param {string} key
 * @returns {boolean}
 */
const has = (object, key) => Object.hasOwn(object, key);

/**
 * "required", "defaulted" or "optional" (docs/notify.md#optional-and-default: `default` wins
 * over `optional`).
 * @param {Field} field
 * @returns {Requirement}
 */
export function requirement(field) {
  if (has(field, "default") && field.default !== null) return "defaulted";
  return field.optional === true ? "optional" : "required";
}

/**
 * Applies a label's `size`, `align`, `color` and `style` through the CSSOM (never as markup).
 * `color` only when given: the default black would vanish in dark mode.
 * @param {HTMLElement} node
 * @param {Field} field
 */
export function styleLabel(node, field) {
  const size = Number(field.size);
  if (Number.isFinite(size) && size > 0) node.style.fontSize = `${Math.min(size, 64)}px`;
  if (["left", "right", "center"].includes(field.align)) node.style.textAlign = field.align;
  if (typeof field.color === "string" && /^#[0-9a-fA-F]{6}$/.test(field.color)) node.style.color = field.color;
  const style = field.style || "plain";
  if (style.includes("bold")) node.style.fontWeight = "700";
  if (style.includes("italic")) node.style.fontStyle = "italic";
}

/** The base of every control: a box (`.field`, a labelled group), the label, an error line.
 *  Subclasses fill `this.body`, and override read(), check(), pendingMedia(), settle(). */
export class Control {
  /**
   * @param {Field} field
   * @param {Context} context
   */
  constructor(field, context) {
    this.field = field;
    this.context = context;
    this.id = typeof field.id === "string" ? field.id : null;
    this.controlId = uid("f");
    this.labelId = uid("l");
    this.errorId = uid("e");
    this.label = typeof field.label === "string" ? field.label : "";
    this.element = el("div", { class: "field", role: "group", "aria-labelledby": this.label ? this.labelId : null,
      "data-type": field.type, "data-id": this.id });
    /** @type {HTMLElement | null} */
    this.labelNode = null;
    if (this.label) {
      this.labelNode = el(this.labelTag(), { id: this.labelId, class: "field-label", for: this.labelTag() === "label" ? this.controlId : null,
        text: this.label });
      styleLabel(this.labelNode, field);
      this.element.append(this.labelNode);
    }
    this.body = el("div", { class: "field-body" });
    this.errorNode = el("p", { id: this.errorId, class: "error-text", hidden: true, role: "alert" });
    this.element.append(this.body, this.errorNode);
    /** @type {boolean | undefined} Whether the error shown is a failed check of the rules (form.js). */
    this.ruleError;
    /** @type {boolean | undefined} Whether a `requiredIf` makes the field required now. */
    this.requiredNow;
  }

  /**
   * `label` for a control the label names with `for`, `span` otherwise.
   * @returns {"label" | "span"}
   */
  labelTag() {
    return "label";
  }

  /** Whether the field produces a value. */
  get isInput() {
    return this.id !== null;
  }

  /** @returns {Requirement} */
  get requirement() {
    return requirement(this.field);
  }

  /** The value the user gave, or null when none (docs/notify.md#optional-and-default: null means
   * "no data entered").
   * @returns {unknown}
   */
  read() {
    return null;
  }

  /**
   * A message when the given value breaks a rule of its type, else null.
   * @returns {string | null}
   */
  check() {
    return null;
  }

  /**
   * Media captured but not uploaded yet: [{ref, kind, blob}].
   * @returns {import("./outbox.js").PendingMedia[]}
   */
  pendingMedia() {
    return [];
  }

  /** Waits for an upload under way. */
  async settle() {}

  /** Values read at submit (currentLocation, currentDateTime). */
  async atSubmit() {}

  /**
   * Shows `message` at the field, or no error when it is empty.
   * @param {string} message
   */
  showError(message) {
    this.errorNode.textContent = message;
    this.errorNode.hidden = !message;
    this.element.classList.toggle("invalid", Boolean(message));
    const control = this.element.querySelector(`#${this.controlId}`);
    if (control) {
      if (message) {
        control.setAttribute("aria-invalid", "true");
        control.setAttribute("aria-describedby", this.errorId);
      } else {
        control.removeAttribute("aria-invalid");
        control.removeAttribute("aria-describedby");
      }
    }
  }

  /** Marks the field required now or not (its `requiredIf` changed, docs/notify.md#rules): the
   *  box's `required` class (a mark after the label) and `aria-required` on the control.
   * @param {boolean} required
   */
  setRequired(required) {
    this.requiredNow = required;
    this.element.classList.toggle("required", required);
    const control = this.element.querySelector(`#${this.controlId}`);
    if (!control) return;
    if (required) control.setAttribute("aria-required", "true");
    else control.removeAttribute("aria-required");
  }

  focus() {
    /** @type {HTMLElement | null} */
    const control = this.element.querySelector(`#${this.controlId}`) || this.element.querySelector("input, select, button, [tabindex]");
    if (control) control.focus();
    this.element.scrollIntoView({ block: "center" });
  }

  /**
   * The accessible name every control gets: the label, or the placeholder without one.
   * @returns {string}
   */
  get name() {
    return this.label || this.field.placeholder || this.field.type;
  }
}
