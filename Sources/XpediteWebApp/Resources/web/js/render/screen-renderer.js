// The screen of an engine state as a DOM description (the port of ScreenRenderer.swift): every
// component at its layout frame (absolute positions inside its container), the title bar, menus
// and dialogs, alerts, the offline badge. Interactive elements carry `data-action` and the
// component's index path (`data-path="2.0"`), which screen-view.js sends back as an action.
// Class names, structure and styles are the Swift renderer's, so simulator.css/screen.css and the
// golden screenshots hold for both.

import { form, navigation, scrollView, section } from "./containers.js";
import { markFar } from "./far-components.js";
import { field } from "./fields.js";
import { CSSStyle, colourHex, cssNumber } from "./style.js";
import { glyph, knownGlyph } from "./symbols.js";
import { table } from "./table.js";
import { h } from "./vnode.js";
import { WEB_FRAME } from "./web-frame.js";

/** @typedef {import("./vnode.js").VNode} VNode */
/** @typedef {import("./types.js").LayoutNode} LayoutNode */
/** @typedef {import("./types.js").Component} Component */
/** @typedef {import("./types.js").RenderContext} RenderContext */
/** @typedef {import("./types.js").ScreenState} ScreenState */
/** @typedef {import("./types.js").Defaults} Defaults */

/**
 * The index path text of a node ("2.0").
 * @param {LayoutNode} node
 */
export function pathText(node) {
  return node.indexPath.join(".");
}

/**
 * The component of the packet at an index path.
 * @param {ScreenState} state
 * @param {number[]} indexPath
 * @returns {Component|null}
 */
export function componentAt(state, indexPath) {
  let level = state.packet?.components ?? [];
  /** @type {Component|null} */
  let found = null;
  for (const index of indexPath) {
    if (!Array.isArray(level) || index < 0 || index >= level.length) return null;
    found = level[index];
    level = found?.components ?? [];
  }
  return found && typeof found === "object" ? found : null;
}

/**
 * The `setDefaults` in effect: the state's accumulated defaults, else the packet's own (a removed
 * default, `null`, is no default).
 * @param {ScreenState} state
 * @returns {Defaults}
 */
export function defaultsOf(state) {
  return state.defaults ?? state.packet?.setDefaults ?? {};
}

/**
 * The whole screen: one `.x-screen` element.
 * @param {RenderContext} context
 * @returns {VNode}
 */
export function renderScreen(context) {
  const { state } = context;
  const defaults = defaultsOf(state);
  const screenStyle = new CSSStyle();
  const defaultColour = colourHex(defaults.color);
  if (defaultColour) {
    // Text inherits it; a plain button takes it instead of the tint
    // (docs/protocol/components/display.md#button: setDefaults, then tint).
    screenStyle.color(defaultColour);
    screenStyle.fixed(`--x-default-color:${defaultColour}`);
  }
  screenStyle.fontSize(defaults.fontsize);
  screenStyle.font(defaults.font);
  screenStyle.background(colourHex(state.packet?.background) ?? defaults.background);
  /** @type {(VNode|null)[]} */
  const content = [];
  const frames = state.frames;
  if (frames && state.packet) {
    content.push(titleBar(state));
    // The menus' bar buttons come before the content, so that Tab reaches them in the order they
    // are seen (top first); dialog forms after it (their z-index puts every layer in place).
    const windows = frames.components.filter((node) => node.placement === "window");
    for (const node of windows) if (node.type === "navigation") content.push(renderNode(node, context));
    content.push(screenContent(context));
    for (const node of windows) if (node.type !== "navigation") content.push(renderNode(node, context));
  } else {
    content.push(h("div", { class: "x-empty" }, state.loading ? "Connecting…" : "No screen yet"));
  }
  if (state.offline) content.push(h("div", { class: "x-offline-badge", role: "status" }, "Offline"));
  if (state.loading) {
    // A screen request is in flight: the phone takes no taps until it is answered
    // (docs/protocol/packets.md#transport).
    content.push(h("div", { class: "x-loading", role: "status", "aria-label": "loading" }));
    content.push(h("div", { class: "x-busy" }));
  }
  content.push(alerts(state.alerts ?? []));
  makeInertBehindModal(content);
  return h("div", { class: "x-screen", style: screenStyle.text, "data-revision": String(state.revision ?? 0) }, content);
}

/**
 * While an alert or a dialog form is open, everything of the screen behind it is `inert`: no
 * focus, no taps, hidden from assistive technology (an alert is above a dialog).
 * @param {(VNode|null)[]} content The screen's children.
 */
function makeInertBehindModal(content) {
  /** @param {VNode|null} node */
  const classes = (node) => (node?.attrs.class ?? "").split(" ");
  let modal = content.findIndex((node) => classes(node).includes("x-alerts"));
  if (modal === -1) modal = content.findIndex((node) => classes(node).includes("x-dialog-shade"));
  if (modal === -1) return;
  content.forEach((node, index) => {
    // The offline mark and the loading bar are statuses, not controls: they stay.
    if (node && index !== modal && !classes(node).some((c) => c === "x-offline-badge" || c === "x-loading" || c === "x-busy")) {
      node.attrs.inert = "";
    }
  });
}

/**
 * @param {ScreenState} state
 * @returns {VNode|null}
 */
function titleBar(state) {
  const bar = state.frames?.screen.navigationBar;
  if (!bar) return null;
  // The title is the screen's h1, which takes the focus when a new screen is shown.
  // An empty title draws nothing, as before, and is read as "Screen".
  const title = String(state.packet?.title ?? "");
  // With fitted text (decision 0570) the layout gives the title its box, between the bar buttons,
  // and a bar tall enough for it wrapped: it wraps there instead of ending in an ellipsis.
  const box = state.frames?.screen.title;
  const fitted = box ? `max-width:${cssNumber(box.width)}px;white-space:normal;overflow-wrap:anywhere;text-align:center` : null;
  return h("header", { class: "x-titlebar", style: new CSSStyle().frame(bar).text }, [
    h("h1", { class: "x-title", tabindex: "-1", style: fitted, "aria-label": title.trim() ? null : screenName(state) }, title),
  ]);
}

/**
 * The screen's name for its h1: the packet's `title`, else "Screen" (a heading is never empty).
 * @param {ScreenState} state
 * @returns {string}
 */
export function screenName(state) {
  const title = stringOrNull(state.packet?.title)?.trim();
  return title ? title : "Screen";
}

/**
 * @param {RenderContext} context
 * @returns {VNode}
 */
function screenContent(context) {
  const screen = /** @type {import("./types.js").FrameTree} */ (context.state.frames).screen;
  const style = new CSSStyle().frame(screen.frame);
  // The old `shrink%`: the screen's content shrinks about its centre while its panel is out.
  const shrink = openShrink(context);
  if (shrink !== null) style.fixed(`transform:scale(${shrink})`);
  const flow = /** @type {import("./types.js").FrameTree} */ (context.state.frames).components.filter((n) => n.placement === "flow");
  // The screen's flow is its one `main` landmark (unless the page has put the screen inside one);
  // menus and dialogs lie outside it.
  // One h1 per screen (WCAG 2.4.6): the title bar's title, else a visually hidden one here.
  const hiddenHeading = context.state.frames?.screen.navigationBar
    ? null
    : h("h1", { class: "x-screen-heading x-visually-hidden", tabindex: "-1" }, screenName(context.state));
  return h(context.inMain ? "div" : "main", { class: "x-content", style: style.text, "data-scroll": "screen" }, [
    hiddenHeading,
    h(
      "div",
      { class: "x-canvas", style: new CSSStyle().height(Math.max(screen.contentHeight, screen.frame.height)).text },
      flow.map((node) => markFar(renderNode(node, context), node, screen.frame.height, context.visibleTop ?? 0)),
    ),
  ]);
}

/**
 * The scale of the screen's content while a slide-in panel with `shrink%` is open, else null.
 * @param {RenderContext} context
 * @returns {string|null}
 */
function openShrink(context) {
  for (const node of context.state.frames?.components ?? []) {
    if (node.type !== "navigation" || !context.openMenus.has(`menu-${pathText(node)}`)) continue;
    const shrink = panelShrink(componentAt(context.state, node.indexPath));
    if (shrink !== null) return shrink;
  }
  return null;
}

/**
 * The `shrink%` of a slide-in panel as a scale ("0.9"), or null.
 * @param {Component|null} component
 * @returns {string|null}
 */
export function panelShrink(component) {
  if (!component || component.implementation?.style === "button") return null;
  const percent = component.effects?.["shrink%"];
  if (typeof percent !== "number" || !Number.isFinite(percent)) return null;
  return cssNumber(1 - Math.max(0, Math.min(100, percent)) / 100);
}

/**
 * One laid-out component; null for what draws nothing.
 * @param {LayoutNode} node
 * @param {RenderContext} context
 * @returns {VNode|null}
 */
export function renderNode(node, context) {
  const component = componentAt(context.state, node.indexPath);
  if (!component) return null;
  switch (component.type) {
    case "label":
      return label(component, node);
    case "button":
      return button(component, node, context);
    case "image":
      return image(component, node, context);
    case "textbox":
    case "password":
    case "textview":
    case "checkbox":
    case "date":
    case "select":
    case "radio":
      return field(component, node, context);
    case "form":
      return form(component, node, context);
    case "section":
      return section(component, node, context);
    case "scrollview":
      return scrollView(component, node, context);
    case "web":
      return web(component, node, context);
    case "table":
      return table(component, node, context);
    case "navigation":
      return navigation(component, node, context);
    default:
      return null;
  }
}

/**
 * The attributes every component's box has: class, index path, id and frame.
 * @param {LayoutNode} node
 * @param {string|null} extraClass
 * @param {unknown} background
 * @param {(style: CSSStyle) => void} [extra]
 * @returns {Record<string, string|null|undefined>}
 */
export function box(node, extraClass, background, extra) {
  const style = new CSSStyle().frame(node.frame).background(background);
  if (extra) extra(style);
  const classes = ["x-node", `x-${node.type}`, extraClass].filter(Boolean).join(" ");
  return { class: classes, "data-path": pathText(node), "data-id": node.id, style: style.text };
}

/** @param {unknown} value */
export const stringOrNull = (value) => (typeof value === "string" ? value : null);

/**
 * @param {Component} component
 * @param {LayoutNode} node
 */
function label(component, node) {
  return h(
    "div",
    box(node, null, component.background, (style) => {
      style.color(component.color).fontSize(component.fontsize).font(component.font).align(component.align);
    }),
    stringOrNull(component.text) ?? "",
  );
}

/**
 * @param {Component} component
 * @param {LayoutNode} node
 * @param {RenderContext} context
 */
function button(component, node, context) {
  const attributes = box(node, component.style === "button" ? "x-bordered" : "x-plain", component.background, (style) => {
    style.color(component.color).fontSize(component.fontsize).font(component.font).flexAlign(component.align);
  });
  attributes.type = "button";
  attributes["data-action"] = component.method ? "press" : null;
  /** @type {VNode[]} */
  const content = [];
  // An SF Symbol name, or else a preloaded image id (docs/protocol/components/display.md#button),
  // before the text.
  const icon = stringOrNull(component.icon);
  if (icon !== null) {
    const known = knownGlyph(icon);
    const source = known === null ? imageURL(icon, context) : null;
    if (known !== null) content.push(h("span", { class: "x-glyph", title: icon }, known));
    else if (source !== null) content.push(h("img", { class: "x-icon", src: source, alt: "", "data-image": "" }));
    else content.push(h("span", { class: "x-glyph", title: icon }, glyph(icon)));
  }
  const text = stringOrNull(component.text);
  if (text !== null) content.push(h("span", { class: "x-button-text" }, text));
  // A button's name is its text; an icon-only button is named by its icon's name.
  if (!text?.trim() && icon !== null) attributes["aria-label"] = icon;
  return h("button", attributes, content);
}

/**
 * The page's URL of an image named by one reference that may be an image id, a URL or an old
 * file name.
 * @param {string} reference
 * @param {RenderContext} context
 */
export function imageURL(reference, context) {
  return context.imageSource({ id: reference, url: reference }, context.state.packet);
}

/**
 * @param {Component} component
 * @param {LayoutNode} node
 * @param {RenderContext} context
 */
function image(component, node, context) {
  const id = stringOrNull(component.id) ?? undefined;
  const url = stringOrNull(component.url) ?? undefined;
  const name = stringOrNull(component.name) ?? undefined;
  const source = id !== undefined || url !== undefined || name !== undefined ? context.imageSource({ id, url, name }, context.state.packet) : null;
  return h("div", box(node, "x-placeholder", component.background), [
    source !== null
      ? // The protocol gives an image no text (docs/accessibility.md): it is decoration, named
        // only by an `alt` a server adds.
        h("img", { src: source, alt: stringOrNull(component.alt) ?? "", loading: "lazy", "data-image": "" })
      : h("span", { class: "x-image-name" }, name ?? url ?? "image"),
  ]);
}

/**
 * A web view: its content always runs in a sandbox without scripts, forms or same-origin access,
 * in a frame made when the web view comes near the screen (web-frame.js).
 * @param {Component} component
 * @param {LayoutNode} node
 * @param {RenderContext} context
 */
function web(component, node, context) {
  const hasBackground = colourHex(component.background) !== null;
  /** @type {VNode|null} */
  let frame = null;
  // `web` > `content` > `data.html` (normalised into `content`) > `data.dynamic`
  // (docs/protocol/components/display.md#web).
  const url = stringOrNull(component.web);
  if (url !== null) {
    // A URL that is not http(s) is not loaded, and the HTML does not stand in for it.
    if (url.startsWith("https://") || url.startsWith("http://")) {
      frame = h(WEB_FRAME, { src: url });
    }
  } else {
    const html = stringOrNull(component.content) ?? stringOrNull(context.state.web?.[pathText(node)]);
    if (html !== null) frame = h(WEB_FRAME, { srcdoc: html });
  }
  // A web view's own background shows through its page (an iframe is white otherwise).
  return h("div", box(node, hasBackground ? "x-has-background" : null, component.background), [frame]);
}

/** @type {Record<string, string>} */
const ALERT_KINDS = { rc: "rc", connection: "connection", protocol: "protocol", components: "components" };

/**
 * @param {import("./types.js").Alert[]} list
 * @returns {VNode|null}
 */
function alerts(list) {
  if (list.length === 0) return null;
  // A modal alert dialog: announced with its messages, the focus on its OK (screen-view.js).
  return h("div", { class: "x-modal x-alerts" }, [
    h("div", { class: "x-alert", role: "alertdialog", "aria-modal": "true", "aria-labelledby": "xa-alert-0", "aria-describedby": list.map((_, i) => `xa-alert-${i}`).join(" ") }, [
      ...list.map((alert, index) =>
        h("p", { class: "x-alert-message", id: `xa-alert-${index}`, "data-kind": ALERT_KINDS[alert.kind] ?? "rc" }, String(alert.message ?? "")),
      ),
      h("button", { type: "button", class: "x-alert-ok", "data-action": "dismiss", "data-dialog-focus": "" }, "OK"),
    ]),
  ]);
}

