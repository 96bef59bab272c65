// The form of a payload (docs/notify.md): its fields in order, the footer buttons (or the
// automatic Submit), inline buttons and button clusters that submit; the checks of
// docs/notify.md#optional-and-default before
// anything is sent, each failure at its field; the server's 422 issues at their fields too.
// The rules of docs/notify.md#rules (showIf, requiredIf, check, computed) are evaluated on every
// change, offline too (js/rules.js).
import { el } from "./dom.js";
// The web app's expression language, served under js/expressions from its one copy (decision 0460).
import { PayloadRules, systemClock, valueToJSON } from "./expressions/expression.js";
import { ComputedControl } from "./computed.js";
import { answerValues, evaluateForm } from "./rules.js";
import { requirement } from "./field.js";
import { TextControl, NumberControl, DateControl, DateTimeControl, CheckboxControl, DroplistControl, RadioControl, isoLocal } from "./basic.js";
import { PhotoControl } from "./photo.js";
import { RecordingControl } from "./recording.js";
import { BarcodeControl } from "./barcode.js";
import { TextDisplay, SectionDisplay, ImageDisplay, DocumentDisplay, DashboardDisplay } from "./display.js";
import { MapControl, CurrentLocationControl, CurrentDateTimeControl } from "./map.js";

/** @typedef {import("./field.js").Field} Field */
/** @typedef {import("./field.js").Control} Control */
/** @typedef {import("./rules.js").FormState} FormState */

/**
 * What an answer's send came to (app.js): sent, waiting in the queue, or refused with the
 * server's error (its message and issues).
 * @typedef {{state: "sent" | "waiting"} | {state: "rejected", error: {message: string, issues?: import("./api.js").Issue[]}}} SubmitResult
 */

/**
 * The control of each field type that has one.
 * @type {Record<string, (field: Field, context: import("./field.js").Context) => Control>}
 */
const CONTROLS = {
  inputString: (f, c) => new TextControl(f, c, "text"),
  inputInteger: (f, c) => new NumberControl(f, c),
  inputReal: (f, c) => new NumberControl(f, c),
  date: (f, c) => new DateControl(f, c),
  datetime: (f, c) => new DateTimeControl(f, c),
  checkbox: (f, c) => new CheckboxControl(f, c),
  droplist: (f, c) => new DroplistControl(f, c),
  radioButtons: (f, c) => new RadioControl(f, c),
  camera: (f, c) => new PhotoControl(f, c),
  markupImage: (f, c) => new PhotoControl(f, c),
  audio: (f, c) => new RecordingControl(f, c),
  video: (f, c) => new RecordingControl(f, c),
  barcode: (f, c) => new BarcodeControl(f, c),
  map: (f, c) => new MapControl(f, c),
  currentLocation: (f, c) => new CurrentLocationControl(f, c),
  currentDateTime: (f, c) => new CurrentDateTimeControl(f, c, isoLocal),
  text: (f, c) => new TextDisplay(f, c),
  sectionLabel: (f, c) => new SectionDisplay(f, c),
  image: (f, c) => new ImageDisplay(f, c),
  document: (f, c) => new DocumentDisplay(f, c),
  dashboard: (f, c) => new DashboardDisplay(f, c),
  computed: (f, c) => new ComputedControl(f, c),
};

/**
 * A button's look from an inlineButton's properties (through the CSSOM).
 * @param {HTMLButtonElement} button
 * @param {Field} field
 */
function styleButton(button, field) {
  const size = Number(field.buttonLabelSize);
  if (Number.isFinite(size) && size > 0) button.style.fontSize = `${Math.min(size, 48)}px`;
  const style = field.buttonLabelStyle || "plain";
  if (style.includes("bold")) button.style.fontWeight = "700";
  if (style.includes("italic")) button.style.fontStyle = "italic";
  if (/^#[0-9a-fA-F]{6}$/.test(field.buttonLabelColor || "")) button.style.color = field.buttonLabelColor;
  if (/^#[0-9a-fA-F]{6}$/.test(field.buttonBackgroundColor || "")) button.style.background = field.buttonBackgroundColor;
}

export class Form {
  /**
   * `payload` {fields, …}; `context` {api}; `onSubmit(submitValue, values, media)` sends and
   * resolves to {state, error?}.
   * @param {import("./api.js").Payload} payload
   * @param {import("./field.js").Context} context
   * @param {(submitValue: number, values: Record<string, unknown>, media: import("./outbox.js").PendingMedia[]) => Promise<SubmitResult | undefined>} onSubmit
   */
  constructor(payload, context, onSubmit) {
    this.context = context;
    this.onSubmit = onSubmit;
    /** @type {Control[]} */
    this.controls = [];
    this.busy = false;
    this.element = el("form", { class: "form", novalidate: true });
    this.element.addEventListener("submit", (event) => event.preventDefault());
    this.formError = el("p", { class: "form-error", role: "alert", hidden: true });
    const footer = [];
    /** @type {Field[]} */
    const fields = Array.isArray(payload.fields) ? payload.fields : [];
    for (const field of fields) {
      if (!field || typeof field !== "object" || typeof field.type !== "string") continue;
      if (field.type === "footerButton") {
        footer.push(this.button(String(field.buttonLabel ?? "Submit"), field.value));
      } else if (field.type === "inlineButton") {
        const button = this.button(String(field.buttonLabel ?? ""), field.value);
        styleButton(button, field);
        this.element.append(el("div", { class: "inline-buttons", "data-type": "inlineButton" }, button));
      } else if (field.type === "buttonCluster") {
        /** @type {({label?: unknown, value?: unknown} | null)[]} */
        const values = Array.isArray(field.values) ? field.values : [];
        const cluster = el("div", { class: "inline-buttons", role: "group", "aria-label": field.label || "Choices", "data-type": "buttonCluster" },
          ...values.map((item) => this.button(String(item?.label !== undefined ? item.label : ""), item?.value)));
        if (field.label) this.element.append(el("p", { class: "text-field", text: field.label }));
        this.element.append(cluster);
      } else if (CONTROLS[field.type]) {
        const control = CONTROLS[field.type](field, context);
        this.controls.push(control);
        this.element.append(control.element);
      }
      // A type the app does not know is ignored (docs/notify.md#field-types).
    }
    const hasButtons = fields.some((field) => field && ["footerButton", "inlineButton", "buttonCluster"].includes(field.type));
    if (!hasButtons) footer.push(this.button("Submit", 0));
    this.element.append(this.formError);
    if (footer.length) this.element.append(el("div", { class: "footer" }, ...footer));
    // The rules, compiled once (a rule that does not compile is left out, as the server refused
    // the payload anyway) and evaluated on every change.
    this.rules = new PayloadRules(fields);
    /** @type {FormState | null} */
    this.state = null;
    if (this.rules.entries.some((entry) => entry.showIf || entry.requiredIf || entry.check || entry.field.type === "computed")) {
      this.element.addEventListener("input", () => this.refresh());
      this.element.addEventListener("change", () => this.refresh());
      this.refresh();
    }
  }

  /**
   * The values of the input fields as they stand, hidden ones included.
   * @returns {Record<string, unknown>}
   */
  formValues() {
    /** @type {Record<string, unknown>} */
    const values = {};
    for (const control of this.controls) {
      if (control.isInput && !(control instanceof ComputedControl)) values[/** @type {string} */ (control.id)] = control.read();
    }
    return values;
  }

  /** Evaluates the rules against the form's values and shows the result: fields shown or hidden
   *  (their values kept), requiredIf fields marked, failed checks' messages at their fields,
   *  computed values.
   * @returns {FormState}
   */
  refresh() {
    const state = evaluateForm(this.rules, this.formValues(), systemClock(), valueToJSON);
    this.state = state;
    for (const control of this.controls) {
      if (!control.isInput) continue;
      const id = /** @type {string} */ (control.id);
      if (Object.hasOwn(state.visible, id)) {
        const hidden = !state.visible[id];
        if (control.element.hidden !== hidden) control.element.hidden = hidden;
      }
      if (Object.hasOwn(state.required, id)) control.setRequired(state.required[id]);
      if (Object.hasOwn(state.computed, id)) /** @type {ComputedControl} */ (control).setValue(state.computed[id]);
      const message = state.errors[id];
      if (message) {
        if (control.errorNode.textContent !== message) control.showError(message);
        control.ruleError = true;
      } else if (control.ruleError) {
        control.showError("");
        control.ruleError = false;
      }
    }
    return state;
  }

  /**
   * A button that submits the form with `value` (0 unless an integer).
   * @param {string} label
   * @param {unknown} value
   * @returns {HTMLButtonElement}
   */
  button(label, value) {
    return el("button", { type: "button", class: "button", text: label,
      onclick: () => this.submit(Number.isInteger(value) ? /** @type {number} */ (value) : 0) });
  }

  /** @param {boolean} busy */
  setBusy(busy) {
    this.busy = busy;
    for (const button of this.element.querySelectorAll("button.button")) /** @type {HTMLButtonElement} */ (button).disabled = busy;
  }

  /** The checks of docs/notify.md#optional-and-default and of each type; shows each failure at
   * its field.
   * @returns {Control | null} the first field that fails
   */
  check() {
    let first = null;
    const state = this.state ? this.refresh() : null;
    for (const control of this.controls) {
      if (!control.isInput) continue;
      const id = /** @type {string} */ (control.id);
      if (state && state.visible[id] === false) {
        control.showError("");
        continue;
      }
      const required = state && Object.hasOwn(state.required, id) ? state.required[id] : control.requirement === "required";
      let message = control.check() || state?.errors[id] || null;
      if (!message && control.read() === null && required) {
        if (control.field.type === "currentLocation") message = "Your location could not be read: allow location access and try again.";
        else if (control.field.type === "currentDateTime") message = null;
        else message = "A value is required.";
      }
      control.showError(message || "");
      if (message && !first) first = control;
    }
    return first;
  }

  /** @param {number} submitValue */
  async submit(submitValue) {
    if (this.busy) return;
    this.formError.hidden = true;
    this.setBusy(true);
    try {
      for (const control of this.controls) await control.atSubmit();
      const failed = this.check();
      if (failed) {
        failed.focus();
        return;
      }
      for (const control of this.controls) await control.settle();
      /** @type {Record<string, unknown>} */
      let values = {};
      /** @type {import("./outbox.js").PendingMedia[]} */
      const media = [];
      for (const control of this.controls) {
        if (!control.isInput) continue;
        const id = /** @type {string} */ (control.id);
        values[id] = control.read();
        if (!this.state || this.state.visible[id] !== false) media.push(...control.pendingMedia());
      }
      // A hidden field's value is kept in the form but not sent; computed values are sent.
      if (this.state) values = answerValues(values, this.refresh());
      const result = await this.onSubmit(submitValue, values, media);
      if (result && result.state === "rejected") this.showIssues(result.error);
    } finally {
      if (this.element.isConnected) this.setBusy(false);
    }
  }

  /**
   * The server's refusal: each issue at `$.values.<id>` at its field, the rest above the footer.
   * @param {{message: string, issues?: import("./api.js").Issue[]}} error
   */
  showIssues(error) {
    /** @type {string[]} */
    const rest = [];
    let first = null;
    for (const issue of error.issues || []) {
      const match = /^\$\.values\.(.+)$/.exec(issue.path || "") || /^\$\.values\["(.+)"\]$/.exec(issue.path || "");
      const control = match && this.controls.find((candidate) => candidate.id === match[1]);
      if (control) {
        control.showError(issue.message);
        if (!first) first = control;
      } else {
        rest.push(issue.path ? `${issue.path}: ${issue.message}` : issue.message);
      }
    }
    if (rest.length || !first) {
      this.formError.textContent = rest.length ? rest.join("\n") : error.message;
      this.formError.hidden = false;
    }
    if (first) first.focus();
  }
}

export { requirement };
