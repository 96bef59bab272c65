// Places the children of one container, one after the other, exactly as
// docs/protocol/layout.md#the-rules says (XpediteLayout's FrameResolver): ① width, ② x,
// ③ height, ④ y, then the frame and the bottom edge. The names are the ones of the rules:
// `W`, `H`, `s`, `P`, `B`.

import { LayoutMetrics } from "./metrics.js";
import { isBox, numberOf, objectOf, shows, sizeOf, stringOf } from "./model.js";
import { formatValue } from "./run.js";

/** @typedef {import("./run.js").LayoutRun} LayoutRun */
/** @typedef {import("./run.js").LayoutRect} LayoutRect */
/** @typedef {import("./model.js").Component} Component */
/** @typedef {import("./model.js").SizeSpec} SizeSpec */

/**
 * One placed component: its frame, relative to the container's content area, and whether a size
 * key gave the height (else it is the default of docs/protocol/layout.md#default-sizes).
 * @typedef {object} Placed
 * @property {LayoutRect} frame
 * @property {boolean} heightFromSize
 */

/**
 * Lays out a container's children at a width and returns their content height.
 * @callback ContentHeight
 * @param {number} width
 * @returns {number}
 */

/** The resolver of one container. */
export class FrameResolver {
  /**
   * @param {number} containerWidth `W`
   * @param {number} visibleHeight `H`: `y%`, `height%` and vertical centring refer to it
   * @param {boolean} insideForm whether a field with a title shows it above itself
   */
  constructor(containerWidth, visibleHeight, insideForm) {
    this.containerWidth = containerWidth;
    this.visibleHeight = visibleHeight;
    this.insideForm = insideForm;
    /** @type {LayoutRect | undefined} `P`: the previous frame */
    this.previous = undefined;
    /** `B`: the bottom edge of everything placed so far */
    this.bottom = 0;
  }

  /**
   * Places `component` below (or beside) the ones placed before it.
   * @param {Component} component
   * @param {readonly number[]} indexPath
   * @param {LayoutRun} run
   * @param {ContentHeight} content lays out a container's children; called only when its height is its content's
   * @returns {Placed}
   */
  place(component, indexPath, run, content) {
    const s = sizeOf(component);
    const W = this.containerWidth;
    const H = this.visibleHeight;
    const P = this.previous;
    const B = this.bottom;
    reportConflictingKeys(s, indexPath, run);
    if (s.xAfter !== undefined && P === undefined) {
      run.warn("no-previous-component", indexPath,
        "\"x+\" on the first component of its container; measured from the container's left edge");
    }

    /** @type {number | undefined} */
    let xFromKeys;
    if (s.xAfter !== undefined) xFromKeys = (P ? P.x + P.width : 0) + s.xAfter;
    else if (s.x !== undefined) xFromKeys = s.x;
    else if (s.xPercent !== undefined) xFromKeys = percent(s.xPercent, W);

    // ① width: absolute > percent > fill from x to the right edge > the container width.
    let w;
    if (s.width !== undefined) w = s.width;
    else if (s.widthPercent !== undefined) w = percent(s.widthPercent, W);
    else if (xFromKeys !== undefined) w = Math.max(0, W - xFromKeys);
    else w = W;
    w = run.limited(w, "width", indexPath);
    // Fitted text (the web app in a browser, decision 0570): a button narrower than its widest
    // word grows to hold it, within the container (a centred one about its centre); on a row (x+)
    // it no longer fits, it starts the next row, at the left edge below everything placed so far.
    let startsRow = false;
    if (run.configuration.fitsText && component.type === "button") {
      const least = Math.min(W, run.leastButtonWidth(component));
      if (least > w) {
        if (s.centreX !== undefined) {
          w = least;
        } else if (s.xAfter !== undefined && P !== undefined && (xFromKeys ?? 0) + least > W + 0.005) {
          startsRow = true;
          xFromKeys = 0;
          w = least;
        } else {
          w = Math.max(w, Math.min(least, W - (xFromKeys ?? 0)));
        }
      }
    }

    // ② x: centre > relative > absolute > percent > the left edge.
    let x = s.centreX !== undefined ? (W - w) / 2 + s.centreX : (xFromKeys ?? 0);
    x = run.limited(x, "x", indexPath);

    let stackedY;
    if (s.yBelow !== undefined) stackedY = B + s.yBelow;
    else if (s.y !== undefined) stackedY = s.y;
    else if (s.yPercent !== undefined) stackedY = percent(s.yPercent, H);
    else if (s.xAfter !== undefined && !startsRow) stackedY = P ? P.y : B;
    else stackedY = B;

    // ③ height: absolute > percent > relative to the previous component > default.
    const contentWidth = run.rounded(Math.max(0, w));
    let heightFromSize = true;
    let h;
    if (s.height !== undefined) {
      h = s.height;
    } else if (s.heightPercent !== undefined) {
      h = percent(s.heightPercent, H);
    } else if (s.relativeHeightPercent !== undefined) {
      if (P === undefined) {
        run.warn("no-previous-component", indexPath,
          "\"relative-height%\" on the first component of its container; relative to the visible height");
      }
      h = ((P ? P.height : H) * s.relativeHeightPercent) / 100;
    } else {
      heightFromSize = false;
      h = this.defaultHeight(component, contentWidth, s.centreY === undefined ? stackedY : 0, indexPath, run, content);
    }
    h = run.limited(h, "height", indexPath);

    // ④ y: centre > relative > absolute > percent > beside the previous one (x+) > stacked.
    let y = s.centreY !== undefined ? (H - h) / 2 + s.centreY : stackedY;
    y = run.limited(y, "y", indexPath);

    if (w < 0) run.warn("negative-size", indexPath, `width resolves to ${formatValue(run.rounded(w))}; drawn 0 wide`);
    if (h < 0) run.warn("negative-size", indexPath, `height resolves to ${formatValue(run.rounded(h))}; drawn 0 high`);
    const frame = { x: run.rounded(x), y: run.rounded(y), width: contentWidth, height: run.rounded(Math.max(0, h)) };
    this.reportOverflow(frame, indexPath, run);

    this.bottom = run.rounded(Math.max(B, frame.y + frame.height));
    this.previous = frame;
    return { frame, heightFromSize };
  }

  /**
   * Warns when a frame reaches past the left or right edge, or above the top, of its container.
   * @param {LayoutRect} frame
   * @param {readonly number[]} indexPath
   * @param {LayoutRun} run
   */
  reportOverflow(frame, indexPath, run) {
    const tolerance = 0.005;
    const maxX = frame.x + frame.width;
    if (maxX > this.containerWidth + tolerance || frame.x < -tolerance) {
      run.warn("overflow", indexPath,
        `spans x = ${formatValue(frame.x)}…${formatValue(maxX)}, past the edges of its container (width ${formatValue(this.containerWidth)})`);
    }
    if (frame.y < -tolerance) {
      run.warn("overflow", indexPath, `starts at y = ${formatValue(frame.y)}, above the top of its container`);
    }
  }

  /**
   * The height of a component when no height key resolves (docs/protocol/layout.md#default-sizes).
   * @param {Component} component
   * @param {number} width the resolved width
   * @param {number} top the top edge a fill-to-the-bottom view starts at
   * @param {readonly number[]} indexPath
   * @param {LayoutRun} run
   * @param {ContentHeight} content
   * @returns {number}
   */
  defaultHeight(component, width, top, indexPath, run, content) {
    switch (component.type) {
      case "label":
        return run.measure(stringOf(component, "text") ?? "",
          run.font(stringOf(component, "font"), numberOf(component, "fontsize")), width);
      case "image": {
        const size = run.imageSize(component);
        if (!size) {
          run.warn("image-size-unknown", indexPath,
            "the image's size is not known yet; height 0 until it loads, then the screen is laid out again");
          return 0;
        }
        return size.width > 0 ? (width * size.height) / size.width : 0;
      }
      case "button":
      case "checkbox":
        return LayoutMetrics.rowHeight;
      case "textbox":
      case "password":
      case "date":
      case "select":
        return this.fieldHeight(stringOf(component, "title"));
      case "textview":
        return numberOf(component, "initialHeight") ?? LayoutMetrics.textViewHeight;
      case "radio":
        return optionCount(component) * LayoutMetrics.optionHeight + radioTitleHeight(component);
      case "section":
        if (!isBox(component)) return LayoutMetrics.sectionHeaderHeight;
        return boxContentTop(component) + content(run.rounded(boxContentWidth(width))) + LayoutMetrics.boxInset;
      case "form":
        return formTitleRowHeight(component) + content(width) + formFooterHeight(component);
      case "scrollview":
        if (Array.isArray(component.components)) return content(width);
        return run.measure(stringOf(component, "text") ?? "", run.defaultFont, width);
      case "web":
      case "table":
        return Math.max(LayoutMetrics.minimumFillHeight, this.visibleHeight - top);
      default:
        return 0;
    }
  }

  /**
   * A text box, password, date or select: one row, plus a title row above it inside a form.
   * @param {string | undefined} title
   * @returns {number}
   */
  fieldHeight(title) {
    return LayoutMetrics.rowHeight + (this.showsFieldTitle(title) ? LayoutMetrics.fieldTitleHeight : 0);
  }

  /**
   * Whether a field shows its title in a row of its own above it: inside a form, when it has one.
   * @param {string | undefined} title
   * @returns {boolean}
   */
  showsFieldTitle(title) {
    return this.insideForm && shows(title);
  }
}

/**
 * `value` per cent of `base`.
 * @param {number} value
 * @param {number} base
 * @returns {number}
 */
function percent(value, base) {
  return (value * base) / 100;
}

/**
 * Warns about two keys for one quantity; the first of each group wins.
 * @param {SizeSpec} s
 * @param {readonly number[]} indexPath
 * @param {LayoutRun} run
 */
function reportConflictingKeys(s, indexPath, run) {
  // Most size dicts set at most one key per quantity: counted without building the groups.
  const horizontal = defined(s.centreX) + defined(s.xAfter) + defined(s.x) + defined(s.xPercent);
  const vertical = defined(s.centreY) + defined(s.yBelow) + defined(s.y) + defined(s.yPercent);
  const height = defined(s.height) + defined(s.heightPercent) + defined(s.relativeHeightPercent);
  if (horizontal < 2 && vertical < 2 && height < 2 && defined(s.width) + defined(s.widthPercent) < 2) return;
  /** @type {Array<[string, Array<[string, number | undefined]>]>} */
  const groups = [
    ["horizontal position", [["centrex", s.centreX], ["x+", s.xAfter], ["x", s.x], ["x%", s.xPercent]]],
    ["vertical position", [["centrey", s.centreY], ["y+", s.yBelow], ["y", s.y], ["y%", s.yPercent]]],
    ["width", [["width", s.width], ["width%", s.widthPercent]]],
    ["height", [["height", s.height], ["height%", s.heightPercent], ["relative-height%", s.relativeHeightPercent]]],
  ];
  for (const [quantity, keys] of groups) {
    const given = keys.filter((entry) => entry[1] !== undefined).map((entry) => entry[0]);
    if (given.length <= 1) continue;
    const list = given.map((key) => `"${key}"`).join(" and ");
    run.warn("conflicting-size-keys", indexPath, `${list} both set the ${quantity}; "${given[0]}" wins`);
  }
}

/**
 * 1 when a key is given, else 0.
 * @param {number | undefined} value
 * @returns {number}
 */
function defined(value) {
  return value === undefined ? 0 : 1;
}

/**
 * The number of a radio's options (labels that are strings).
 * @param {Component} radio
 * @returns {number}
 */
export function optionCount(radio) {
  return optionKeys(radio).length;
}

/**
 * A radio's option keys in display order (sorted), counting only string labels.
 * @param {Component} radio
 * @returns {string[]}
 */
export function optionKeys(radio) {
  const options = objectOf(radio, "options");
  if (!options) return [];
  return Object.keys(options).filter((key) => typeof options[key] === "string").sort();
}

/**
 * The title above a radio's options: 22 with a `title`.
 * @param {Component} radio
 * @returns {number}
 */
export function radioTitleHeight(radio) {
  return shows(stringOf(radio, "title")) ? LayoutMetrics.fieldTitleHeight : 0;
}

/**
 * The title row of an inline form: 44 with a `title`, else none.
 * @param {Component} form
 * @returns {number}
 */
export function formTitleRowHeight(form) {
  return shows(stringOf(form, "title")) ? LayoutMetrics.formTitleRowHeight : 0;
}

/**
 * The footer of an inline form: 52 when it has a Cancel or Save button to show, else none.
 * @param {Component} form
 * @returns {number}
 */
export function formFooterHeight(form) {
  return isMethod(form.save) || isMethod(form.cancel) ? LayoutMetrics.formFooterHeight : 0;
}

/**
 * Whether a value reads as a method dict (an object with a string `function`).
 * @param {import("./model.js").JSONValue | undefined} value
 * @returns {boolean}
 */
function isMethod(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value) && typeof value.function === "string";
}

/**
 * The caption row of an old box: 32 with a `title`, else none.
 * @param {Component} section
 * @returns {number}
 */
export function boxTitleHeight(section) {
  return shows(stringOf(section, "title")) ? LayoutMetrics.boxTitleHeight : 0;
}

/**
 * Where an old box's content starts: below the caption row, or the inset without one.
 * @param {Component} section
 * @returns {number}
 */
export function boxContentTop(section) {
  return shows(stringOf(section, "title")) ? LayoutMetrics.boxTitleHeight : LayoutMetrics.boxInset;
}

/**
 * The width of an old box's content area in a box `width` wide.
 * @param {number} width
 * @returns {number}
 */
export function boxContentWidth(width) {
  return Math.max(0, width - 2 * LayoutMetrics.boxInset);
}
