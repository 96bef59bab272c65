// Every wire type's definition (XpediteProtocol's WireCatalogue and Component.shapes), in the
// declaration order of the Swift sources: the shape check, the messages and the reader use it.

import {
  ANY, BOOLEAN, BOUNDS, COLOUR, COMPONENT, DATE, INTEGER, NULL, NUMBER, STRING, anyOf, arrayOf, boundedInteger,
  boundedNumber, mapOf, objectNamed, objectShape, oneOf, property,
} from "./shapes.js";

/** @typedef {import("./shapes.js").ObjectShape} ObjectShape */
/** @typedef {import("./shapes.js").Property} Property */

/** The component types, in the protocol's order (Component.types). */
export const COMPONENT_TYPES = Object.freeze([
  "label", "image", "button", "textbox", "password", "textview", "checkbox", "date", "select",
  "radio", "form", "section", "scrollview", "web", "table", "navigation", "menuEntry",
]);

const FONT_SIZE = boundedNumber(0, undefined, true);
const ALIGNMENTS = ["left", "right", "centre", "center", "justify"];

/** TextStyle.properties: colour, font, size and alignment of a text. */
const TEXT_STYLE = [
  property("color", COLOUR),
  property("font", STRING),
  property("fontsize", FONT_SIZE),
  property("align", oneOf(ALIGNMENTS)),
];

/** The size dict's keys (SizeSpec.keys, then the old `centre-y` flag). */
export const SIZE_KEYS = Object.freeze([
  "x", "y", "width", "height", "x%", "y%", "width%", "height%", "x+", "y+", "relative-height%", "centrex", "centrey",
]);

/**
 * The properties of a text box or password (TextEntry.properties).
 * @param {boolean} autotext
 * @returns {Property[]}
 */
function textEntry(autotext) {
  const properties = [
    property("name", STRING, true),
    property("title", STRING),
    property("placeholder", STRING),
    property("value", STRING),
    property("keyboard", oneOf(["email", "number", "phone", "url", "default"])),
    property("returnkey", oneOf(["next", "done", "go", "search", "default"])),
    property("onEnter", STRING),
  ];
  if (autotext) properties.push(property("autotext", anyOf([oneOf(["disable"]), BOOLEAN])));
  return [...properties, ...TEXT_STYLE, property("focus", BOOLEAN)];
}

/**
 * A component definition: `type`, the component's own keys, then `id`, `size` and `background`,
 * which every component but menuEntry accepts (ObjectShape.component).
 * @param {string} type
 * @param {Property[]} properties
 * @returns {ObjectShape}
 */
function component(type, properties) {
  const all = [property("type", oneOf([type]), true), ...properties];
  if (type !== "menuEntry") {
    if (!properties.some((entry) => entry.key === "id")) all.push(property("id", STRING));
    all.push(property("size", objectNamed("size")));
    if (!properties.some((entry) => entry.key === "background")) all.push(property("background", COLOUR));
  }
  return objectShape(type, all);
}

const METHOD = objectNamed("method");
const RETURN_CODE = anyOf([INTEGER, STRING]);

/** The definitions of every component type, keyed by `type`. */
export const COMPONENT_SHAPES = new Map([
  component("label", [property("text", STRING, true), ...TEXT_STYLE]),
  component("image", [property("id", STRING), property("url", STRING), property("name", STRING)]),
  component("button", [
    property("text", STRING),
    property("style", oneOf(["plain", "button"])),
    ...TEXT_STYLE,
    property("icon", STRING),
    property("method", METHOD),
    property("onEnter", STRING),
  ]),
  component("textbox", textEntry(true)),
  component("password", textEntry(false)),
  component("textview", [
    property("name", STRING, true),
    property("title", STRING),
    property("placeholder", STRING),
    property("value", STRING),
    property("initialHeight", boundedNumber(0, undefined, false)),
    ...TEXT_STYLE.filter((entry) => entry.key !== "align"),
  ]),
  component("checkbox", [property("name", STRING, true), property("title", STRING), property("value", oneOf(["1", "0"]))]),
  component("date", [property("name", STRING, true), property("title", STRING), property("value", DATE)]),
  component("select", [
    property("name", STRING, true),
    property("title", STRING),
    property("options", mapOf(STRING), true),
    property("value", anyOf([STRING, arrayOf(STRING)])),
    property("multi", BOOLEAN),
    property("disabled", BOOLEAN),
  ]),
  component("radio", [
    property("name", STRING, true),
    property("title", STRING),
    property("options", mapOf(STRING), true),
    property("value", STRING),
  ]),
  component("form", [
    property("id", STRING),
    property("style", oneOf(["inline", "dialog"])),
    property("title", STRING),
    property("save", METHOD),
    property("saveNavigation", STRING),
    property("cancel", METHOD),
    property("cancelNavigation", STRING),
    property("components", arrayOf(COMPONENT), true),
    property("focus", STRING),
  ]),
  component("section", [property("title", STRING), property("components", arrayOf(COMPONENT))]),
  component("scrollview", [property("components", arrayOf(COMPONENT)), property("text", STRING)]),
  component("web", [property("web", STRING), property("content", STRING), property("data", objectNamed("dynamic"))]),
  component("table", [
    property("data", anyOf([objectNamed("dynamic"), arrayOf(mapOf(ANY))]), true),
    property("cell", arrayOf(objectNamed("column"))),
    property("header", arrayOf(objectNamed("column"))),
    property("clickRow", METHOD),
    property("refresh", STRING),
    property("font", STRING),
    property("fontsize", FONT_SIZE),
  ]),
  component("navigation", [
    property("id", STRING),
    property("implementation", objectNamed("implementation")),
    property("components", arrayOf(COMPONENT)),
    property("effects", objectNamed("effects")),
    property("data", objectNamed("dynamic")),
    property("cell", objectNamed("cellMapping")),
    property("color", COLOUR),
    property("font", STRING),
    property("fontsize", FONT_SIZE),
  ]),
  component("menuEntry", [
    property("text", STRING),
    property("method", METHOD),
    property("icon", STRING),
    property("symbol", STRING),
  ]),
].map((shape) => [shape.name, shape]));

/** The packets' and their parts' definitions, by name (WireCatalogue.objects). */
export const OBJECT_SHAPES = new Map([
  objectShape("response", [
    property("rc", RETURN_CODE, true),
    property("token", STRING),
    property("version", anyOf([NUMBER, STRING])),
    property("title", STRING),
    property("background", COLOUR),
    property("id", STRING),
    property("disposition", anyOf([oneOf(["permanent"]), objectNamed("expiry")])),
    property("setDefaults", objectNamed("setDefaults")),
    property("images", anyOf([arrayOf(objectNamed("image")), objectNamed("imageFolder")])),
    property("components", arrayOf(COMPONENT), true),
    property("time", INTEGER),
  ]),
  objectShape("request", [
    property("method", STRING, true),
    property("token", STRING),
    property("bundleID", STRING),
    property("uuid", STRING),
    property("bounds", BOUNDS),
    property("xpediteVersion", INTEGER),
    property("appearance", oneOf(["light", "dark"])),
    property("parameters", mapOf(ANY)),
    property("formdata", mapOf(ANY)),
    property("selected", ANY),
    property("row", boundedInteger(0)),
    property("offset", boundedInteger(0)),
    property("limit", boundedInteger(1)),
  ]),
  objectShape("dataResponse", [
    property("rc", RETURN_CODE, true),
    property("data", anyOf([arrayOf(mapOf(ANY)), STRING]), true),
    property("max", boundedInteger(0)),
    property("token", STRING),
  ], { displayName: "data response" }),
  objectShape("method", [
    property("function", STRING, true),
    property("parameters", mapOf(ANY)),
    property("formdata", BOOLEAN),
    property("navigation", STRING),
    property("selected", STRING),
  ], { displayName: "method dict", expectation: "a method dict {\"function\": name}" }),
  objectShape("size", [...SIZE_KEYS.map((key) => property(key, NUMBER)), property("centre-y", NUMBER)],
    { displayName: "size dict", expectation: "a size dict" }),
  objectShape("setDefaults", [
    property("font", anyOf([STRING, NULL])),
    property("fontsize", anyOf([FONT_SIZE, NULL])),
    property("color", anyOf([COLOUR, NULL])),
    property("background", anyOf([COLOUR, NULL])),
  ], { expectation: "a setDefaults object" }),
  objectShape("image", [
    property("id", STRING, true),
    property("url", STRING, true),
    property("load", oneOf(["critical", "background"])),
  ], { displayName: "images entry", expectation: "an images entry {\"id\", \"url\"}" }),
  objectShape("imageFolder", [property("url", STRING, true), property("type", oneOf(["image"]), true)],
    { displayName: "images folder", expectation: "an images folder {\"url\", \"type\": \"image\"}" }),
  objectShape("expiry", [property("type", oneOf(["expiry"]), true), property("seconds", boundedInteger(1), true)],
    { displayName: "disposition", expectation: "{\"type\": \"expiry\", \"seconds\": N}" }),
  objectShape("dynamic", [property("dynamic", anyOf([STRING, METHOD]), true)],
    { displayName: "dynamic source", expectation: "{\"dynamic\": function}" }),
  objectShape("column", [
    property("field", STRING),
    property("text", STRING),
    property("width%", boundedNumber(0, undefined, false)),
    property("align", oneOf(["left", "centre", "center", "right"])),
    property("font", STRING),
    property("fontsize", FONT_SIZE),
    property("color", COLOUR),
    property("lines", boundedInteger(0)),
    property("scroll", oneOf(["on", "off"])),
  ], { displayName: "table column", expectation: "a table column object" }),
  objectShape("implementation", [
    property("style", oneOf(["slidefrom", "button"]), true),
    property("position", oneOf(["left", "right"]), true),
    property("icon", STRING),
    property("image", STRING),
  ], { expectation: "an implementation {\"style\", \"position\"}" }),
  objectShape("effects", [
    property("shade%", boundedNumber(0, 100, false)),
    property("shrink%", boundedNumber(0, 100, false)),
  ]),
  objectShape("cellMapping", [property("icon", STRING), property("text", STRING), property("method", STRING)],
    { displayName: "navigation cell" }),
].map((shape) => [shape.name, shape]));

/**
 * The object shape named `name`.
 * @param {string} name
 * @returns {ObjectShape | undefined}
 */
export function shapeNamed(name) {
  return OBJECT_SHAPES.get(name);
}
