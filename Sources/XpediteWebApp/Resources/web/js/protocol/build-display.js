// Builds the components that show something (Component+Label, +Image, +Button, +Web): their
// canonical members after the `id` the dispatcher (build-components.js) writes.

import { readDynamic } from "./object-reader.js";

/** @typedef {import("./object-reader.js").Reader} Reader */

/** @param {Reader} reader */
export function buildLabel(reader) {
  reader.set("text", reader.string("text") ?? "");
  reader.textStyle();
}

/** @param {Reader} reader */
export function buildImage(reader) {
  reader.set("url", reader.string("url"));
  reader.set("name", reader.string("name"));
}

/** @param {Reader} reader */
export function buildButton(reader) {
  reader.set("text", reader.string("text"));
  reader.set("style", reader.enumeration("style", ["plain", "button"]));
  reader.textStyle();
  reader.set("icon", reader.string("icon"));
  reader.set("method", reader.method("method"));
  reader.set("onEnter", reader.string("onEnter"));
}

/** @param {Reader} reader */
export function buildWeb(reader) {
  reader.set("web", reader.string("web"));
  reader.set("content", reader.string("content"));
  reader.set("data", readDynamic(reader.members.data));
}
