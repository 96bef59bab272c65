// The normaliser's rewrite of a web view (DialectNormalizer's web rewrite): the old `data.html`
// read as `content`.

import { warning } from "./issues.js";
import { has, isObject } from "./values.js";

/** @typedef {import("./json-types").JSONObject} JSONObject */
/** @typedef {import("./normalizer.js").DialectNormalizer} DialectNormalizer */

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
