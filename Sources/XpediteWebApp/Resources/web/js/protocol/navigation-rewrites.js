// The normaliser's rewrites of a navigation menu (DialectNormalizer's navigation rewrite): the
// old `slidefrom` and `button` read as `implementation`, and the old `data` entries read as
// menuEntry components.

import { resolveImageName } from "./image-rewrites.js";
import { emptyArrayAsObject, methodString } from "./shared-rewrites.js";
import { has, isObject } from "./values.js";

/** @typedef {import("./json-types").JSONObject} JSONObject */
/** @typedef {import("./normalizer.js").DialectNormalizer} DialectNormalizer */

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
