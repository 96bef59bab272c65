// The normaliser's rewrite of old image names (DialectNormalizer's image rewrite): a name is
// resolved against the old images folder into a url, as Images.resolve does.

import { has } from "./values.js";

/** @typedef {import("./json-types").JSONObject} JSONObject */
/** @typedef {import("./normalizer.js").DialectNormalizer} DialectNormalizer */

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
