// The computed field (docs/notify.md#field-types): a read-only value the form works out from the
// other fields by its expression (js/rules.js), shown in an <output> and sent like a typed one.
import { el } from "./dom.js";
import { Control } from "./field.js";

export class ComputedControl extends Control {
  /**
   * @param {import("./field.js").Field} field
   * @param {import("./field.js").Context} context
   */
  constructor(field, context) {
    super(field, context);
    /** @type {unknown} */
    this.value = null;
    this.output = el("output", { id: this.controlId, class: "computed-value", "aria-live": "polite",
      "aria-label": this.label ? null : this.name, text: "—" });
    this.body.append(this.output);
  }

  /**
   * Never typed in: no value is required of the person.
   * @override
   * @returns {import("./field.js").Requirement}
   */
  get requirement() {
    return "optional";
  }

  /** @override */
  read() {
    return this.value;
  }

  /**
   * Shows the value the rules computed (JSON: a number, a text, a boolean, a date's text).
   * @param {unknown} value
   */
  setValue(value) {
    this.value = value === undefined ? null : value;
    let text = "—";
    if (typeof this.value === "number") text = String(Number(this.value.toPrecision(12)));
    else if (typeof this.value === "boolean") text = this.value ? "Yes" : "No";
    else if (this.value !== null) text = String(this.value);
    this.output.textContent = text;
  }
}
