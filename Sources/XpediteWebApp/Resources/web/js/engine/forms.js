// Input values of a screen: where each starts (docs/protocol/values.md#input-values) and how they
// are captured for `formdata` (docs/protocol/forms.md#the-shape-of-formdata). Values are kept in
// their wire form: text, "1"/"0" for a checkbox, yyyy-MM-dd, an option key, or a sorted key list.
// Save, cancel and the return key of a form are here too (the engine's methods call them).

import { callRequest, methodCall } from "./request.js";
import { fieldName, forEachComponent, isFocusable, pathKey } from "./tree.js";

/** @typedef {import("./engine.js").XpediteEngine} XpediteEngine */

/** @typedef {string | string[]} WireValue */

/**
 * Keys in display order: plain code-point order (Options.sorted).
 * @param {string[]} keys
 */
export function sortedKeys(keys) {
  return [...keys].sort((a, b) => {
    const left = [...a];
    const right = [...b];
    for (let i = 0; i < Math.min(left.length, right.length); i += 1) {
      const diff = /** @type {number} */ (left[i].codePointAt(0)) - /** @type {number} */ (right[i].codePointAt(0));
      if (diff !== 0) return diff;
    }
    return left.length - right.length;
  });
}

/**
 * `yyyy-MM-dd` of `date` in UTC.
 * @param {Date} date
 */
export function calendarDay(date) {
  return date.toISOString().slice(0, 10);
}

/**
 * The starting value of one input, or `undefined` for a component that holds none.
 * @param {Record<string, any>} component
 * @param {Date} today
 * @returns {WireValue | undefined}
 */
export function initialValue(component, today) {
  switch (component.type) {
    case "textbox":
    case "password":
    case "textview":
      return typeof component.value === "string" ? component.value : "";
    case "checkbox":
      return component.value === "1" ? "1" : "0";
    case "date":
      return typeof component.value === "string" ? component.value : calendarDay(today);
    case "select":
      if (typeof component.value === "string") return component.value;
      if (Array.isArray(component.value)) return sortedKeys(component.value.filter((key) => typeof key === "string"));
      if (component.multi === true) return [];
      return sortedKeys(Object.keys(component.options ?? {}))[0] ?? "";
    case "radio":
      return typeof component.value === "string" ? component.value : "";
    default:
      return undefined;
  }
}

/**
 * The starting value of every input, keyed `"2.0"`.
 * @param {Record<string, any>[]} components
 * @param {Date} today
 * @returns {Record<string, WireValue>}
 */
export function initialValues(components, today) {
  /** @type {Record<string, WireValue>} */
  const values = {};
  forEachComponent(components, (component, path) => {
    const value = initialValue(component, today);
    if (value !== undefined) values[pathKey(path)] = value;
  });
  return values;
}

/**
 * The snapshot of one form (docs/protocol/forms.md#save): every named field inside it, last name
 * winning.
 * @param {string} formKey the form's path, `"2"`
 * @param {Record<string, any>[]} components
 * @param {Record<string, WireValue>} values
 * @returns {Record<string, WireValue>}
 */
export function formValues(formKey, components, values) {
  /** @type {Record<string, WireValue>} */
  const fields = {};
  forEachComponent(components, (component, path, form) => {
    const name = fieldName(component);
    const value = values[pathKey(path)];
    if (form && pathKey(form) === formKey && name && value !== undefined) fields[name] = value;
  });
  return fields;
}

/**
 * The screen's captured input (docs/protocol/forms.md#the-shape-of-formdata): `formdata[formId]`
 * for every form with an `id`, `formdata[name]` for every field outside a form; a form wins over a
 * field of its name.
 * @param {Record<string, any>[]} components
 * @param {Record<string, WireValue>} values
 * @returns {Record<string, WireValue | Record<string, WireValue>>}
 */
export function captureInput(components, values) {
  /** @type {Record<string, WireValue>} */
  const standalone = {};
  /** @type {Record<string, Record<string, WireValue>>} */
  const forms = {};
  forEachComponent(components, (component, path, form) => {
    const name = fieldName(component);
    const value = values[pathKey(path)];
    if (component.type === "form" && typeof component.id === "string" && component.id !== "") {
      forms[component.id] = formValues(pathKey(path), components, values);
    } else if (!form && name && value !== undefined) {
      standalone[name] = value;
    }
  });
  return { ...standalone, ...forms };
}

/**
 * The input focused when a screen appears: an old form-level `focus` (a field name) first, then the
 * first textbox or password with `focus:true`; otherwise none.
 * @param {Record<string, any>[]} components
 * @returns {string | undefined}
 */
export function initialFocus(components) {
  /** @type {string | undefined} */
  let byForm;
  /** @type {string | undefined} */
  let byField;
  /** @type {Map<string, string>} */
  const formFocus = new Map();
  forEachComponent(components, (component, path, form) => {
    if (component.type === "form" && typeof component.focus === "string") formFocus.set(pathKey(path), component.focus);
    const name = fieldName(component);
    if (byForm === undefined && form && name && formFocus.get(pathKey(form)) === name) byForm = pathKey(path);
    if (byField === undefined && (component.type === "textbox" || component.type === "password") && component.focus === true) {
      byField = pathKey(path);
    }
  });
  return byForm ?? byField;
}

/**
 * Reads a `set` action's value for the input it addresses (BrowserMessage.fieldValue).
 * @param {Record<string, any>} action
 * @returns {WireValue | undefined}
 */
export function actionValue(action) {
  switch (action.kind) {
    case "text":
    case "date":
    case "option":
      return typeof action.text === "string" ? action.text : undefined;
    case "checked":
      return typeof action.checked === "boolean" ? (action.checked ? "1" : "0") : undefined;
    case "options":
      return Array.isArray(action.options) ? sortedKeys(action.options.filter((key) => typeof key === "string")) : undefined;
    default:
      return undefined;
  }
}

// MARK: Save, cancel and the return key

/**
 * Save (docs/protocol/forms.md#save): always `formdata.{formId}`; a form without `id` calls the
 * method without `formdata` and reports it.
 * @param {XpediteEngine} engine
 * @param {number[]} path
 */
export async function saveForm(engine, path) {
  const form = engine.componentAt(path);
  const save = form?.type === "form" ? methodCall(form.save) : undefined;
  if (!form || !save) return;
  const request = callRequest(save, engine.token);
  if (typeof form.id === "string" && form.id !== "") {
    request.formdata = { [form.id]: formValues(pathKey(path), engine.state.packet?.components ?? [], engine.state.values) };
  } else {
    engine.state.diagnostics.push(`form at ${pathKey(path)}: saved without an id, so no formdata was sent`);
  }
  await engine.requestScreen(request);
}

/**
 * Cancel (docs/protocol/forms.md#cancel): `formdata.{formId}` only when the cancel method says
 * `formdata:true`.
 * @param {XpediteEngine} engine
 * @param {number[]} path
 */
export async function cancelForm(engine, path) {
  const form = engine.componentAt(path);
  const cancel = form?.type === "form" ? methodCall(form.cancel) : undefined;
  if (!form || !cancel) return;
  const request = callRequest(cancel, engine.token);
  if (cancel.formdata === true && typeof form.id === "string" && form.id !== "") {
    request.formdata = { [form.id]: formValues(pathKey(path), engine.state.packet?.components ?? [], engine.state.values) };
  }
  await engine.requestScreen(request);
}

/**
 * The return key (docs/protocol/forms.md#focus-and-the-return-key): `onEnter` naming the `id` of
 * a focusable input moves the focus there; any other value is a function called with the
 * captured input; no `onEnter` just dismisses the keyboard.
 * @param {XpediteEngine} engine
 * @param {number[]} path
 */
export async function pressReturn(engine, path) {
  const component = engine.componentAt(path);
  const onEnter =
    component && ["textbox", "password", "button"].includes(component.type) && typeof component.onEnter === "string"
      ? component.onEnter
      : "";
  if (onEnter === "") {
    if (engine.state.focus === pathKey(path)) {
      delete engine.state.focus;
      engine.emit();
    }
    return;
  }
  /** @type {string | undefined} */
  let target;
  forEachComponent(engine.state.packet?.components ?? [], (candidate, candidatePath) => {
    if (target === undefined && candidate.id === onEnter && isFocusable(candidate)) target = pathKey(candidatePath);
  });
  if (target !== undefined) {
    engine.state.focus = target;
    engine.emit();
    return;
  }
  const request = callRequest({ function: onEnter }, engine.token);
  request.formdata = engine.capturedInput();
  await engine.requestScreen(request);
}
