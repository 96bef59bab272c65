// The normaliser's rewrites of the component families (DialectNormalizer's checkbox, options,
// select, image, navigation, table and web rewrites), one section each; the rewrites shared by
// many kinds of object are in shared-rewrites.js, those of a size dict in size-rewrites.js. One
// module, as they are always loaded together (decision 0586).

import { error, warning } from "./issues.js";
import { emptyArrayAsObject, methodString, numericString, renameColour } from "./shared-rewrites.js";
import { has, isObject } from "./values.js";

/** @typedef {import("./json-types").JSONObject} JSONObject */
/** @typedef {import("./normalizer.js").DialectNormalizer} DialectNormalizer */

// The normaliser's rewrites of the choice components (DialectNormalizer's checkbox, options and
// select rewrites): a checkbox's boolean or number value read as "1" or "0", options sent as an
// array read as an object keyed "0", "1", …, and a select's old `values` flags read as its
// initial selection.

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
 * @param {DialectNormalizer} normalizer
 * @param {JSONObject} members
 */
export function normalizeCheckbox(normalizer, members) {
  const value = members.value;
  /** @type {boolean | undefined} */
  let checked;
  if (typeof value === "boolean") {
    checked = value;
    normalizer.note("value", `checkbox value ${value} is old dialect; read as "${value ? "1" : "0"}"`);
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
 * @param {DialectNormalizer} normalizer
 * @param {JSONObject} members
 */
export function normalizeOptions(normalizer, members) {
  const elements = members.options;
  if (!Array.isArray(elements)) return;
  /** @type {JSONObject} */
  const options = {};
  elements.forEach((label, index) => {
    options[String(index)] = label;
    normalizer.alias(["options", String(index)], ["options", index]);
  });
  members.options = options;
  if (elements.length > 0) {
    normalizer.issues.push(error("options-not-object", [...normalizer.stack, "options"],
      `options must be an object with string keys, got an array; read with keys "0" to "${elements.length - 1}"`, true));
  }
}

/**
 * @param {DialectNormalizer} normalizer
 * @param {JSONObject} members
 */
export function normalizeSelectValues(normalizer, members) {
  emptyArrayAsObject(members, "values");
  const values = members.values;
  if (!isObject(values)) return;
  delete members.values;
  if (has(members, "value")) {
    normalizer.issues.push(warning("superseded-key", [...normalizer.stack, "values"], "\"values\" is ignored because \"value\" is present"));
    return;
  }
  normalizer.note("values", "select values is old dialect; read as the initial selection in value");
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

// The normaliser's rewrite of old image names (DialectNormalizer's image rewrite): a name is
// resolved against the old images folder into a url, as Images.resolve does.

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
 * An image's old `name` becomes its `url` when the response has an images folder.
 * @param {DialectNormalizer} normalizer
 * @param {JSONObject} members
 */
export function normalizeImage(normalizer, members) {
  const name = members.name;
  if (typeof name === "string" && !has(members, "url") && normalizer.imageFolder !== undefined) {
    delete members.name;
    members.url = resolveImageName(name, normalizer.imageFolder);
    normalizer.alias(["url"], ["name"]);
    normalizer.note("name", "image name is old dialect; resolved against the images folder to url");
  }
}

// The normaliser's rewrites of a navigation menu (DialectNormalizer's navigation rewrite): the
// old `slidefrom` and `button` read as `implementation`, and the old `data` entries read as
// menuEntry components.

/**
 * @param {DialectNormalizer} normalizer
 * @param {JSONObject} members
 */
export function normalizeNavigation(normalizer, members) {
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
    normalizer.alias(["implementation", "position"], ["slidefrom"]);
  } else if (buttonObject && has(buttonObject, "position")) {
    implementation.position = buttonObject.position;
    normalizer.alias(["implementation", "position"], ["button", "position"]);
  } else {
    implementation.position = "left";
  }
  if (buttonObject && has(buttonObject, "icon")) {
    const icon = buttonObject.icon;
    implementation.image = typeof icon === "string" && normalizer.imageFolder !== undefined
      ? resolveImageName(icon, normalizer.imageFolder)
      : icon;
    normalizer.alias(["implementation", "image"], ["button", "icon"]);
  }
  members.implementation = implementation;
  if (hasSlidefrom) {
    delete members.slidefrom;
    normalizer.note("slidefrom", "navigation slidefrom is old dialect; read as implementation");
  }
  if (hasButton) {
    delete members.button;
    normalizer.note("button", "navigation button is old dialect; read as implementation");
  }
  const data = members.data;
  if (Array.isArray(data)) {
    delete members.data;
    normalizer.note("data", "navigation data is old dialect; read as menuEntry components");
    normalizer.stack.push("data");
    data.forEach((entry, index) => {
      normalizer.stack.push(index);
      if (isObject(entry)) {
        entry.type = "menuEntry";
        methodString(normalizer, entry, "method", false);
      }
      normalizer.stack.pop();
    });
    normalizer.stack.pop();
    if (!has(members, "components")) {
      members.components = data;
      normalizer.alias(["components"], ["data"]);
    }
  } else if (has(members, "data")) {
    normalizer.note("data", "a dynamic navigation menu is old dialect");
  }
}

// The normaliser's rewrites of a table (DialectNormalizer's table rewrite): the old `cell`
// {display} read as one column, the old `section` dropped, and each column's `colour` and
// fontsize string rewritten as elsewhere.

/**
 * @param {DialectNormalizer} normalizer
 * @param {JSONObject} members
 */
export function normalizeTable(normalizer, members) {
  const cell = members.cell;
  if (isObject(cell) && has(cell, "display")) {
    members.cell = [{ field: cell.display }];
    normalizer.alias(["cell", 0, "field"], ["cell", "display"]);
    normalizer.alias(["cell", 0], ["cell"]);
    normalizer.note("cell", "table cell {display} is old dialect; read as one column");
  }
  if (has(members, "section")) {
    delete members.section;
    normalizer.note("section", "table section is old dialect and has no meaning; ignored");
  }
  for (const key of ["font", "fontsize"]) {
    if (has(members, key)) normalizer.note(key, `a table-level ${key} is old dialect; the new dialect styles each column`);
  }
  for (const key of ["cell", "header"]) {
    const columns = members[key];
    if (!Array.isArray(columns)) continue;
    normalizer.stack.push(key);
    columns.forEach((column, index) => {
      if (!isObject(column) || !(has(column, "colour") || typeof column.fontsize === "string")) return;
      normalizer.stack.push(index);
      renameColour(normalizer, column);
      numericString(normalizer, column, "fontsize");
      normalizer.stack.pop();
    });
    normalizer.stack.pop();
  }
}

// The normaliser's rewrite of a web view (DialectNormalizer's web rewrite): the old `data.html`
// read as `content`.

/**
 * @param {DialectNormalizer} normalizer
 * @param {JSONObject} members
 */
export function normalizeWeb(normalizer, members) {
  const data = members.data;
  if (!isObject(data) || !has(data, "html")) return;
  const html = data.html;
  delete data.html;
  if (Object.keys(data).length === 0) delete members.data;
  if (!has(members, "content")) {
    members.content = html;
    normalizer.alias(["content"], ["data", "html"]);
    normalizer.issues.push(warning("old-dialect", [...normalizer.stack, "data", "html"], "web data.html is old dialect; read as content"));
  } else {
    normalizer.issues.push(warning("superseded-key", [...normalizer.stack, "data", "html"],
      "\"data.html\" is ignored because \"content\" is present"));
  }
}
