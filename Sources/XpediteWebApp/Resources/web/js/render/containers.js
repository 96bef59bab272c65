// Containers (the port of ScreenRenderer+Containers.swift): forms inline and as dialogs, sections,
// scroll views and navigation menus.

import { box, imageURL, panelShrink, pathText, renderNode, stringOrNull } from "./screen-renderer.js";
import { CSSStyle } from "./style.js";
import { glyph } from "./symbols.js";
import { h } from "./vnode.js";

/** @typedef {import("./vnode.js").VNode} VNode */
/** @typedef {import("./types.js").LayoutNode} LayoutNode */
/** @typedef {import("./types.js").Component} Component */
/** @typedef {import("./types.js").RenderContext} RenderContext */

/**
 * The children of a container inside its content area.
 * @param {LayoutNode} node
 * @param {RenderContext} context
 * @param {boolean} scrolls
 * @returns {VNode|null}
 */
export function children(node, context, scrolls) {
  const content = node.content;
  if (!content) return null;
  return h(
    "div",
    {
      class: scrolls ? "x-inner x-scrolls" : "x-inner",
      style: new CSSStyle().frame(content.frame).text,
      "data-scroll": scrolls ? pathText(node) : null,
    },
    [h("div", { class: "x-canvas", style: new CSSStyle().height(content.height).text }, (node.children ?? []).map((child) => renderNode(child, context)))],
  );
}

/**
 * An inline form (title row, content, Cancel/Save footer) or a dialog form (a modal with a header
 * bar holding ✕, the title and ✓) (docs/protocol/components/containers.md#form).
 * @param {Component} component
 * @param {LayoutNode} node
 * @param {RenderContext} context
 * @returns {VNode}
 */
export function form(component, node, context) {
  const path = pathText(node);
  const isDialog = node.placement === "window";
  const title = stringOrNull(component.title) ?? "";
  const canCancel = component.cancel != null || component.cancelNavigation != null;
  const canSave = component.save != null;
  const cancelText = stringOrNull(component.cancelNavigation);
  const saveText = stringOrNull(component.saveNavigation);
  /** @type {(VNode|null)[]} */
  const content = [];
  /** @type {VNode[]} */
  const footer = [];
  for (const part of node.parts ?? []) {
    const style = new CSSStyle().frame(part.frame).text;
    if (part.kind === "titleRow") {
      content.push(h("div", { class: "x-form-title", id: `xa-form-${path}`, role: "heading", "aria-level": "2", style }, title));
    } else if (part.kind === "headerBar") {
      content.push(
        h("div", { class: "x-form-header", style }, [
          canCancel
            ? h("button", { type: "button", class: "x-form-cancel", "data-action": "cancel", "data-path": path, "aria-label": cancelText ?? "Cancel" }, "✕")
            : null,
          h("h2", { class: "x-form-header-title", id: `xa-form-${path}` }, title),
          canSave
            ? h("button", { type: "button", class: "x-form-save", "data-action": "save", "data-path": path, "aria-label": saveText ?? "Save" }, "✓")
            : null,
        ]),
      );
    } else if (part.kind === "footer") {
      // After the fields in the page, as it is drawn below them (Tab order is visual order).
      footer.push(
        h("div", { class: "x-form-footer", style }, [
          canCancel ? h("button", { type: "button", class: "x-form-cancel", "data-action": "cancel", "data-path": path }, cancelText ?? "Cancel") : null,
          canSave ? h("button", { type: "button", class: "x-form-save", "data-action": "save", "data-path": path }, saveText ?? "Save") : null,
        ]),
      );
    }
  }
  content.push(children(node, context, isDialog));
  content.push(...footer);
  const attributes = box(node, isDialog ? "x-dialog" : "x-inline", component.background);
  // A dialog form is a modal dialog (screen-view.js keeps the focus in it); an inline form a
  // group; both named by their title.
  attributes.role = isDialog ? "dialog" : "group";
  if (isDialog) attributes["aria-modal"] = "true";
  if (title !== "" && (node.parts ?? []).some((part) => part.kind === "titleRow" || part.kind === "headerBar")) {
    attributes["aria-labelledby"] = `xa-form-${path}`;
  } else if (title !== "") attributes["aria-label"] = title;
  else if (isDialog) attributes["aria-label"] = "Form";
  const element = h("div", attributes, content);
  return isDialog ? h("div", { class: "x-modal x-dialog-shade" }, [element]) : element;
}

/**
 * A section: a header row, or the old dialect's box holding components
 * (docs/protocol/components/containers.md#section).
 * @param {Component} component
 * @param {LayoutNode} node
 * @param {RenderContext} context
 * @returns {VNode}
 */
export function section(component, node, context) {
  const isBox = component.components != null;
  const title = stringOrNull(component.title);
  /** @type {(VNode|null)[]} */
  const content = [];
  if (isBox) {
    const row = (node.parts ?? []).find((part) => part.kind === "titleRow");
    if (title !== null && row) {
      content.push(h("div", { class: "x-box-title", role: "heading", "aria-level": "2", style: new CSSStyle().frame(row.frame).text }, title));
    }
    content.push(children(node, context, false));
  } else {
    content.push(h("span", title ? { role: "heading", "aria-level": "2" } : {}, title ?? ""));
  }
  return h("div", box(node, isBox ? "x-box" : "x-header-row", component.background), content);
}

/**
 * A scroll view: its own scrolling content, or the old dialect's text
 * (docs/protocol/components/display.md#scrollview).
 * @param {Component} component
 * @param {LayoutNode} node
 * @param {RenderContext} context
 * @returns {VNode}
 */
export function scrollView(component, node, context) {
  const text = stringOrNull(component.text);
  const content =
    text !== null && component.components == null
      ? // Text that scrolls is a tab stop, so that the keyboard can scroll it.
        h("div", { class: "x-inner x-scrolls x-scroll-text", tabindex: "0", "data-scroll": pathText(node) }, text)
      : children(node, context, true);
  return h("div", box(node, null, component.background), [content]);
}

/**
 * The entries of the navigation at a node: its `menuEntry` components, or the loaded entries of an
 * old dynamic menu.
 * @param {Component} component
 * @param {LayoutNode} node
 * @param {RenderContext} context
 * @returns {Component[]}
 */
export function menuEntries(component, node, context) {
  const loaded = context.state.menus?.[pathText(node)];
  if (Array.isArray(loaded)) return loaded.filter((entry) => entry && typeof entry === "object");
  const list = Array.isArray(component.components) ? component.components : [];
  return list.filter((entry) => entry && typeof entry === "object" && (entry.type === "menuEntry" || entry.type === undefined));
}

/**
 * A navigation menu (docs/protocol/components/navigation.md#navigation): a slide-in panel with a
 * shade behind it, opened by its bar button; or a bar button that calls its single entry or drops
 * its entries down.
 * @param {Component} component
 * @param {LayoutNode} node
 * @param {RenderContext} context
 * @returns {VNode}
 */
export function navigation(component, node, context) {
  const path = pathText(node);
  const entries = menuEntries(component, node, context);
  const implementation = component.implementation && typeof component.implementation === "object" ? component.implementation : null;
  const isPanel = implementation?.style !== "button";
  const side = implementation?.position === "right" ? "right" : "left";
  const single = !isPanel && entries.length === 1;
  const menuID = `menu-${path}`;
  const open = context.openMenus.has(menuID);
  // A panel's bar button is a part relative to the panel; a `button` menu's frame is the bar
  // button itself (XpediteLayout's WindowLayout).
  const barPart = (node.parts ?? []).find((part) => part.kind === "barButton");
  const barFrame = barPart
    ? { x: node.frame.x + barPart.frame.x, y: node.frame.y + barPart.frame.y, width: barPart.frame.width, height: barPart.frame.height }
    : !isPanel && implementation !== null
      ? node.frame
      : null;
  /** @type {(VNode|null)[]} */
  const result = [];
  if (barFrame) {
    // The bar button shows `implementation.image` (an image id, or the old dialect's button icon
    // file), then `icon`, then ☰ (a panel) or … (a dropdown).
    const icon = stringOrNull(implementation?.icon);
    const barGlyph = icon !== null ? glyph(icon) : isPanel ? "☰" : "…";
    const imageName = stringOrNull(implementation?.image);
    const image = imageName !== null ? imageURL(imageName, context) : null;
    const text = single ? stringOrNull(entries[0].text) : null;
    result.push(
      h(
        "button",
        {
          type: "button",
          class: "x-bar-button",
          style: new CSSStyle().frame(barFrame).text,
          "data-path": path,
          "aria-label": text !== null ? null : isPanel ? "menu" : "actions",
          "data-action": single ? "bar" : null,
          "data-toggle": single ? null : menuID,
          // The menu's state is announced (screen-view.js keeps it when it opens or closes).
          "aria-expanded": single ? null : open ? "true" : "false",
          "aria-controls": single ? null : menuID,
        },
        text !== null
          ? text
          : image !== null
            ? [h("img", { class: "x-icon", src: image, alt: "", "data-image": "" })]
            : barGlyph,
      ),
    );
  }
  if (single) return fragment(result);
  if (isPanel) {
    // `shade%` defaults to 0: an invisible shade that still closes the panel on a tap.
    const shadePercent = component.effects?.["shade%"];
    const shade = new CSSStyle().opacity((typeof shadePercent === "number" ? shadePercent : 0) / 100);
    result.push(
      h("div", { class: open ? "x-shade x-open" : "x-shade", "data-close": menuID, style: shade.text, "data-shrink": panelShrink(component) }),
    );
  }
  const panelStyle = new CSSStyle();
  const bounds = context.state.frames?.bounds;
  if (isPanel) panelStyle.frame(node.frame);
  else if (barFrame && bounds) {
    // The dropdown hangs below its bar button, aligned with the button's outer edge.
    panelStyle.dropdown(barFrame, implementation?.position === "left" ? "left" : "right", bounds);
  }
  panelStyle.background(component.background).color(component.color).fontSize(component.fontsize).font(component.font);
  const classes = `${isPanel ? "x-panel" : "x-dropdown"} x-${side}${open ? " x-open" : ""}`;
  result.push(
    h(
      "nav",
      { class: classes, id: menuID, "data-menu": menuID, "data-path": path, style: panelStyle.text, "aria-label": isPanel ? "menu" : "actions" },
      entries.map((entry, index) => menuEntry(entry, index, path, isPanel, context)),
    ),
  );
  return fragment(result);
}

/**
 * @param {Component} entry
 * @param {number} index
 * @param {string} path
 * @param {boolean} isPanel
 * @param {RenderContext} context
 * @returns {VNode}
 */
function menuEntry(entry, index, path, isPanel, context) {
  const text = stringOrNull(entry.text);
  if (text === null && entry.method == null) return h("hr", { class: "x-separator" });
  if (entry.method == null) return h("div", { class: "x-menu-header", role: "heading", "aria-level": "2" }, text ?? "");
  // A panel entry's `icon` is an image (id or old file name); a dropdown entry's `symbol` a
  // symbol (docs/protocol/components/navigation.md#menuentry). Each falls back on the other.
  const icon = stringOrNull(entry.icon);
  const symbol = stringOrNull(entry.symbol);
  const image = icon !== null ? imageURL(icon, context) : null;
  /** @type {(VNode|string|null)[]} */
  const content = [];
  if (image !== null && (isPanel || symbol === null)) content.push(h("img", { class: "x-icon", src: image, alt: "", "data-image": "" }));
  else if ((symbol ?? icon) !== null) content.push(h("span", { class: "x-glyph" }, glyph(/** @type {string} */ (symbol ?? icon))));
  content.push(text ?? "");
  return h("button", { type: "button", class: "x-menu-entry", "data-action": "menu", "data-path": path, "data-entry": String(index) }, content);
}

/**
 * Several sibling elements where one node is expected: a `#fragment` the renderer flattens.
 * @param {(VNode|null)[]} nodes
 * @returns {VNode}
 */
function fragment(nodes) {
  return h("#fragment", {}, nodes);
}
