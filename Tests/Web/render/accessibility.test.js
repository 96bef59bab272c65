/// <reference path="../engine/node.d.ts" />
// Unit tests of what the renderer's description gives assistive technology
// (docs/accessibility.md): names, labels, landmarks and headings, without a browser. The browser
// suite (Tests/Browser/test_web_accessibility.py) runs axe-core on the drawn screens.

import assert from "node:assert/strict";
import { test } from "node:test";

import { layoutScreen } from "../../../Sources/XpediteWebApp/Resources/web/js/layout/layout.js";
import { defaultImageSource } from "../../../Sources/XpediteWebApp/Resources/web/js/render/image-source.js";
import { layoutRowHeight } from "../../../Sources/XpediteWebApp/Resources/web/js/render/row-height.js";
import { renderScreen } from "../../../Sources/XpediteWebApp/Resources/web/js/render/screen-renderer.js";

/** @typedef {import("../../../Sources/XpediteWebApp/Resources/web/js/render/vnode.js").VNode} VNode */

/**
 * @param {Record<string, any>} packet
 * @param {boolean} [inMain]
 * @returns {VNode}
 */
function draw(packet, inMain = false) {
  const frames = /** @type {any} */ (layoutScreen(packet, "(0, 0, 393, 852)"));
  const state = { packet, frames, tables: {}, values: {}, alerts: [], offline: false, loading: false };
  return renderScreen({ state, imageSource: defaultImageSource, rowHeight: layoutRowHeight, openMenus: new Set(), inMain });
}

/**
 * @param {VNode} node
 * @returns {VNode[]}
 */
function elements(node) {
  return [node, ...node.children.flatMap((child) => (typeof child === "string" ? [] : elements(child)))];
}

/** @param {VNode} node */
const text = (node) => elements(node).flatMap((n) => n.children.filter((c) => typeof c === "string")).join("");

const FORM = {
  rc: 0,
  title: "Customer",
  components: [
    {
      type: "form",
      title: "Edit",
      save: { function: "save" },
      components: [
        { type: "textbox", name: "email", title: "E-mail" },
        { type: "password", name: "password", placeholder: "Password" },
        { type: "checkbox", name: "active", title: "Active" },
        { type: "radio", name: "kind", title: "Kind", options: { a: "A", b: "B" } },
      ],
    },
    { type: "textbox", name: "search" },
    { type: "image", url: "https://example.com/logo.png", size: { width: 40, height: 40 } },
  ],
};

test("a field's title is the label of its control", () => {
  const tree = draw(FORM);
  const all = elements(tree);
  const input = all.find((e) => e.tag === "input" && e.attrs["data-path"] === "0.0");
  assert.ok(input);
  const label = all.find((e) => e.tag === "label" && e.attrs.for === input.attrs.id);
  assert.ok(label, "a <label for> the input");
  assert.equal(text(label), "E-mail");
  assert.equal(input.attrs["aria-label"], undefined, "no second name");
});

test("a field without a title is named by its placeholder, else its name", () => {
  const all = elements(draw(FORM));
  const password = all.find((e) => e.tag === "input" && e.attrs["data-path"] === "0.1");
  assert.equal(password?.attrs["aria-label"], "Password");
  const search = all.find((e) => e.tag === "input" && e.attrs["data-path"] === "1");
  assert.equal(search?.attrs["aria-label"], "search");
});

test("a checkbox is a switch and a radio field a named group", () => {
  const all = elements(draw(FORM));
  const checkbox = all.find((e) => e.attrs.type === "checkbox");
  assert.equal(checkbox?.attrs.role, "switch");
  // Named by the title row (aria-labelledby), else by the <label> that holds it and its title.
  const labelledBy = checkbox?.attrs["aria-labelledby"];
  const title = labelledBy ? all.find((e) => e.attrs.id === labelledBy) : all.find((e) => e.tag === "label" && checkbox && e.children.includes(checkbox));
  assert.equal(title ? text(title) : checkbox?.attrs["aria-label"], "Active");
  const group = all.find((e) => e.attrs.role === "radiogroup");
  const groupTitle = all.find((e) => e.attrs.id === group?.attrs["aria-labelledby"]);
  assert.equal(groupTitle && text(groupTitle), "Kind");
});

test("one main landmark and one h1, the screen's title", () => {
  const all = elements(draw(FORM));
  assert.equal(all.filter((e) => e.tag === "main").length, 1);
  const headings = all.filter((e) => e.tag === "h1");
  assert.equal(headings.length, 1);
  assert.equal(text(headings[0]), "Customer");
  // A page that already puts the screen in a main landmark gets no second one.
  assert.equal(elements(draw(FORM, true)).filter((e) => e.tag === "main").length, 0);
});

test("a screen without a title is still named", () => {
  const all = elements(draw({ rc: 0, components: [{ type: "label", text: "Hi" }] }));
  const heading = all.find((e) => e.tag === "h1");
  assert.ok(heading);
  assert.ok(text(heading) === "Screen" || heading.attrs["aria-label"] === "Screen");
});

test("an image without text is decoration", () => {
  const image = elements(draw(FORM)).find((e) => e.tag === "img");
  assert.equal(image?.attrs.alt, "");
});

test("an inline form is a group named by its title, Save follows the fields", () => {
  const all = elements(draw(FORM));
  const form = all.find((e) => e.attrs.role === "group");
  const title = all.find((e) => e.attrs.id === form?.attrs["aria-labelledby"]);
  assert.equal(title && text(title), "Edit");
  const order = form ? elements(form).map((e) => e.attrs.class ?? e.tag) : [];
  assert.ok(order.indexOf("x-form-footer") > order.findIndex((c) => c.includes("x-inner")), "the footer after the fields");
});
