// The payload editor the Designer and Compose sections share (docs/console.md#designer): the
// fields in order (add any type, move up and down with buttons or Alt+Arrow keys, remove), the
// selected field's attributes as a form drawn from field-types.js with each default shown, the
// payload's JSON beside it (typing valid JSON redraws the form; invalid JSON shows where it fails
// and keeps the form), issues at their fields, attributes and JSON lines, and the phone app's own
// renderer (app/preview.html) drawing the payload in a frame. Text is never HTML.

import { h, replace } from "../dom.js";
import { defaultText, fieldTypeNamed, fieldTypes } from "./field-types.js";
import { PayloadPreview } from "./payload-preview.js";
import { localIssues } from "./payload-checks.js";
import { attributeText, attributeValue, issueTarget, lineOfPath, moveField, newField, payloadFromText, prettyJSON, withAttribute } from "./payload-model.js";

/** @typedef {import("./payload-model.js").Payload} Payload */
/** @typedef {import("./payload-model.js").Field} Field */
/** @typedef {import("./field-types.js").Attribute} Attribute */
/** @typedef {{path: string, message: string, field: number | null, attribute: string | null, line: number}} PlacedIssue */

let editors = 0;

/** A payload's fields, their attributes, its JSON and its preview. */
export class PayloadEditor {
  /**
   * @param {object} options
   * @param {Payload} options.payload
   * @param {boolean} options.readOnly whether the operator may only look (a viewer)
   * @param {() => {title: string, body: string}} [options.heading] the title and body the preview shows
   * @param {(payload: Payload) => void} [options.onChange]
   */
  constructor({ payload, readOnly, heading, onChange }) {
    editors += 1;
    this.prefix = `editor${editors}`;
    this.payload = payload;
    this.readOnly = readOnly;
    this.onChange = onChange ?? (() => {});
    /** @type {number | null} */
    this.selected = payload.fields.length > 0 ? 0 : null;
    /** @type {PlacedIssue[]} */
    this.issues = [];
    this.fieldList = h("ol", { class: "field-list", "aria-label": "Fields" });
    this.properties = h("section", { class: "properties", "aria-label": "Field properties" });
    this.topic = h("input", { id: `${this.prefix}-topic`, value: String(payload.responseTopic ?? ""), disabled: readOnly, spellcheck: "false" });
    this.topicIssue = h("p", { class: "error issue", id: `${this.prefix}-topic-issue`, role: "alert" });
    this.topic.setAttribute("aria-describedby", this.topicIssue.id);
    this.topic.addEventListener("input", () => this.update({ ...this.payload, responseTopic: this.topic.value }, "topic"));
    this.json = h("textarea", { class: "json", id: `${this.prefix}-json`, spellcheck: "false", wrap: "off", rows: 30, readonly: readOnly || null });
    this.jsonError = h("p", { class: "error", role: "alert" });
    this.jsonIssues = h("ul", { class: "json-issues", "aria-label": "Issues" });
    this.json.addEventListener("input", () => this.readJSON());
    this.preview = new PayloadPreview(heading ?? (() => ({ title: "", body: "" })));
    this.typeChoice = h("select", { id: `${this.prefix}-type`, "aria-label": "Field type" },
      fieldTypes.map((entry) => h("option", { value: entry.type }, `${entry.type} — ${entry.summary}`)));
    const add = h("button", { type: "button", class: "add-field" }, "Add field");
    add.addEventListener("click", () => this.addField(this.typeChoice.value));
    this.element = h("div", { class: "payload-editor" },
      h("section", { class: "fields-pane", "aria-label": "Payload" },
        h("label", { for: this.topic.id }, "Response topic"), this.topic, this.topicIssue,
        h("h2", {}, "Fields"), this.fieldList,
        readOnly ? null : h("div", { class: "add-row" }, this.typeChoice, add)),
      this.properties,
      h("section", { class: "json-pane", "aria-label": "Payload JSON" },
        h("label", { for: this.json.id }, "Payload JSON"), this.json, this.jsonError, this.jsonIssues),
      this.preview.element);
    this.draw();
  }

  /**
   * Replaces the payload (loaded from the server) and draws everything again.
   * @param {Payload} payload
   */
  setPayload(payload) {
    this.payload = payload;
    this.selected = payload.fields.length > 0 ? 0 : null;
    this.issues = [];
    this.topic.value = String(payload.responseTopic ?? "");
    this.draw();
  }

  /**
   * Takes a changed payload: the JSON, the list and the preview follow (the form too unless the
   * change came from it, so that typing keeps its place).
   * @param {Payload} payload
   * @param {"form" | "json" | "topic" | "list"} from
   */
  update(payload, from) {
    this.payload = payload;
    if (from !== "json") this.writeJSON();
    this.drawList();
    if (from === "json" || from === "list") this.drawProperties();
    this.preview.show(payload);
    this.onChange(payload);
  }

  /** Draws the list, the form, the JSON and the preview. */
  draw() {
    this.writeJSON();
    this.drawList();
    this.drawProperties();
    this.preview.show(this.payload);
  }

  /** Writes the payload's JSON into the text pane, with the issues' lines. */
  writeJSON() {
    const { text, lines } = prettyJSON(this.payload);
    this.json.value = text;
    this.jsonError.textContent = "";
    for (const issue of this.issues) issue.line = lineOfPath(lines, issue.path);
    this.drawJSONIssues();
  }

  /** Reads the text pane: a payload redraws the form; an error is shown and the form kept. */
  readJSON() {
    const result = payloadFromText(this.json.value);
    if ("error" in result) {
      this.jsonError.textContent = result.error.message;
      return;
    }
    this.jsonError.textContent = "";
    if (this.selected !== null && this.selected >= result.payload.fields.length) this.selected = result.payload.fields.length - 1;
    if (this.selected === null && result.payload.fields.length > 0) this.selected = 0;
    if (this.selected !== null && this.selected < 0) this.selected = null;
    this.topic.value = String(result.payload.responseTopic ?? "");
    this.update(result.payload, "json");
  }

  /**
   * Adds a field of `type` after the selected one (at the end when none is) and selects it.
   * @param {string} type
   */
  addField(type) {
    const fields = this.payload.fields.slice();
    const at = this.selected === null ? fields.length : this.selected + 1;
    fields.splice(at, 0, newField(type, fields));
    this.selected = at;
    this.update({ ...this.payload, fields }, "list");
    this.focusField(at);
  }

  /**
   * Moves a field up (-1) or down (+1), keeping it selected and focused.
   * @param {number} index
   * @param {number} offset
   */
  move(index, offset) {
    const fields = moveField(this.payload.fields, index, offset);
    if (fields === this.payload.fields) return;
    this.selected = index + offset;
    this.issues = [];
    this.update({ ...this.payload, fields }, "list");
    this.focusField(index + offset);
  }

  /** @param {number} index */
  remove(index) {
    const fields = this.payload.fields.filter((_, position) => position !== index);
    this.selected = fields.length === 0 ? null : Math.min(index, fields.length - 1);
    this.issues = [];
    this.update({ ...this.payload, fields }, "list");
    if (this.selected !== null) this.focusField(this.selected);
  }

  /** @param {number} index */
  focusField(index) {
    const button = this.fieldList.querySelectorAll("button.field-name")[index];
    if (button instanceof HTMLElement) button.focus();
  }

  /** Draws the list of fields, each with its issues' count and its buttons. */
  drawList() {
    const fields = this.payload.fields;
    replace(this.fieldList, fields.map((field, index) => {
      const count = this.issues.filter((issue) => issue.field === index).length;
      const name = h("button", { type: "button", class: "field-name", "aria-current": this.selected === index ? "true" : null, "aria-keyshortcuts": this.readOnly ? null : "Alt+ArrowUp Alt+ArrowDown" },
        `${index + 1}. ${String(field.type)}`, field.id !== undefined ? ` ${String(field.id)}` : "", field.label !== undefined ? ` — ${String(field.label)}` : "");
      name.addEventListener("click", () => {
        this.selected = index;
        this.drawList();
        this.drawProperties();
        this.focusField(index);
      });
      name.addEventListener("keydown", (event) => {
        if (this.readOnly || !event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
        event.preventDefault();
        this.move(index, event.key === "ArrowUp" ? -1 : 1);
      });
      /** @type {(text: string, label: string, action: () => void, disabled: boolean) => HTMLButtonElement} */
      const small = (text, label, action, disabled) => {
        const button = h("button", { type: "button", class: "small", "aria-label": label, disabled }, text);
        button.addEventListener("click", action);
        return button;
      };
      const item = h("li", { class: count > 0 ? "has-issues" : null, "data-index": index, draggable: this.readOnly ? null : "true" },
        name, count > 0 ? h("span", { class: "issue-count" }, `${count} issue${count === 1 ? "" : "s"}`) : null,
        this.readOnly ? null : [
          small("↑", `Move field ${index + 1} up`, () => this.move(index, -1), index === 0),
          small("↓", `Move field ${index + 1} down`, () => this.move(index, 1), index === fields.length - 1),
          small("✕", `Remove field ${index + 1}`, () => this.remove(index), false),
        ]);
      // Dragging a field onto another moves it there (the buttons and keys do the same).
      item.addEventListener("dragstart", (event) => event.dataTransfer?.setData("text/x-field-index", String(index)));
      item.addEventListener("dragover", (event) => {
        if (event.dataTransfer?.types.includes("text/x-field-index")) event.preventDefault();
      });
      item.addEventListener("drop", (event) => {
        const from = Number(event.dataTransfer?.getData("text/x-field-index"));
        if (!Number.isInteger(from)) return;
        event.preventDefault();
        this.move(from, index - from);
      });
      return item;
    }));
    if (fields.length === 0) this.fieldList.append(h("li", { class: "empty" }, "No fields yet."));
  }

  /** Draws the selected field's attributes: one row each, with its default and its issues. */
  drawProperties() {
    const index = this.selected;
    const field = index === null ? undefined : this.payload.fields[index];
    if (index === null || !field) {
      replace(this.properties, h("p", {}, "Add a field, or choose one in the list."));
      return;
    }
    const definition = fieldTypeNamed(field.type);
    const fieldIssues = this.issues.filter((issue) => issue.field === index);
    const general = fieldIssues.filter((issue) => !issue.attribute || !definition?.attributes.some((a) => a.name === issue.attribute));
    replace(this.properties,
      h("h2", {}, `Field ${index + 1}: ${String(field.type)}`),
      definition ? h("p", { class: "hint" }, definition.summary) : h("p", { class: "error" }, "The app does not know this type and ignores it; edit it in the JSON."),
      general.map((issue) => h("p", { class: "error issue", role: "alert" }, issue.message)),
      (definition?.attributes ?? []).map((attribute) => this.attributeRow(index, field, attribute, fieldIssues.filter((issue) => issue.attribute === attribute.name))));
  }

  /**
   * One attribute's row: its label, its control (empty when not given, the default shown), and
   * its issues.
   * @param {number} index
   * @param {Field} field
   * @param {Attribute} attribute
   * @param {PlacedIssue[]} issues
   * @returns {HTMLElement}
   */
  attributeRow(index, field, attribute, issues) {
    const id = `${this.prefix}-f${index}-${attribute.name}`;
    const issueText = h("p", { class: "error issue", id: `${id}-issue`, role: "alert" }, issues.map((issue) => issue.message).join(" "));
    const fallback = defaultText(attribute);
    const hintText = [attribute.help, fallback !== "" ? `Default: ${fallback}.` : "", attribute.required ? "Required." : ""].filter(Boolean).join(" ");
    const hint = h("p", { class: "hint", id: `${id}-hint` }, hintText);
    const text = attributeText(attribute, field[attribute.name]);
    /** @type {HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement} */
    let control;
    if (attribute.kind === "enum" || attribute.kind === "boolean") {
      const options = attribute.kind === "enum" ? attribute.options ?? [] : ["true", "false"];
      control = h("select", { id }, h("option", { value: "" }, fallback !== "" ? `(default: ${fallback})` : "(not set)"),
        options.map((option) => h("option", { value: option }, option)));
      if (text !== "" && !options.includes(text)) control.append(h("option", { value: text }, text));
      control.value = text;
    } else if (["choices", "buttons", "markers", "location"].includes(attribute.kind)) {
      control = h("textarea", { id, rows: attribute.kind === "location" ? 2 : 4, spellcheck: "false", value: text });
    } else {
      control = h("input", { id, value: text, placeholder: fallback, spellcheck: "false", list: attribute.options ? `${id}-options` : null });
    }
    control.disabled = this.readOnly;
    control.setAttribute("aria-describedby", `${hint.id} ${issueText.id}`);
    if (issues.length > 0) control.setAttribute("aria-invalid", "true");
    if (attribute.required) control.setAttribute("aria-required", "true");
    control.addEventListener(control instanceof HTMLSelectElement ? "change" : "input", () => {
      const current = this.payload.fields[index];
      if (!current) return;
      const result = attributeValue(attribute, control.value, current[attribute.name], current);
      if (result && "error" in result) {
        issueText.textContent = result.error;
        control.setAttribute("aria-invalid", "true");
        return;
      }
      issueText.textContent = "";
      control.removeAttribute("aria-invalid");
      const fields = this.payload.fields.slice();
      fields[index] = withAttribute(current, attribute.name, result?.value);
      this.update({ ...this.payload, fields }, "form");
    });
    const datalist = attribute.options && control instanceof HTMLInputElement
      ? h("datalist", { id: `${id}-options` }, attribute.options.map((option) => h("option", { value: option })))
      : null;
    return h("div", { class: `attribute${issues.length > 0 ? " has-issues" : ""}`, "data-attribute": attribute.name },
      h("label", { for: id }, attribute.name, attribute.required ? " *" : ""), control, datalist, hint, issueText);
  }

  /**
   * Shows the API's issues (or the editor's own) at their fields, attributes and JSON lines.
   * @param {{path: string, message: string}[]} issues
   * @param {string} prefix where the payload is in the request's body (`$.payload` or `$`)
   * @returns {{path: string, message: string}[]} the issues outside the payload
   */
  showIssues(issues, prefix) {
    const { lines } = prettyJSON(this.payload);
    /** @type {{path: string, message: string}[]} */
    const outside = [];
    this.issues = [];
    for (const issue of issues) {
      const target = issueTarget(issue.path, prefix, issue.message);
      if (!target) {
        outside.push(issue);
        continue;
      }
      this.issues.push({ path: target.path, message: issue.message, field: target.field, attribute: target.attribute, line: lineOfPath(lines, target.path) });
    }
    const first = this.issues.find((issue) => issue.field !== null);
    if (first && first.field !== null) this.selected = first.field;
    this.drawList();
    this.drawProperties();
    this.drawJSONIssues();
    return outside;
  }

  /** Checks what the editor can without the server; shows and answers the issues. */
  checkLocally() {
    const issues = localIssues(this.payload);
    this.showIssues(issues, "$");
    return issues;
  }

  /** Lists the issues under the JSON, each with its line; the topic's beside the topic. */
  drawJSONIssues() {
    replace(this.jsonIssues, this.issues.map((issue) => h("li", {}, `line ${issue.line}: ${issue.path}: ${issue.message}`)));
    this.topicIssue.textContent = this.issues.filter((issue) => issue.field === null && issue.attribute === "responseTopic").map((issue) => issue.message).join(" ");
  }
}
