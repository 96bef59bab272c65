// What the person did, as a BrowserMessage-shaped action, performed by the engine: taps, saves,
// row taps, menus, paging and input values. The engine's `perform` calls this.

import { actionValue } from "./forms.js";
import { methodCall } from "./request.js";
import { fieldName, isFocusable, parsePath, pathKey } from "./tree.js";

/** @typedef {import("./engine.js").XpediteEngine} XpediteEngine */

/**
 * Performs what the person did, given as a BrowserMessage-shaped object. Resolves once the
 * resulting screen has been delivered (or the alert shown); `loadMore` and `refresh` once their
 * batch is in.
 * @param {XpediteEngine} engine
 * @param {Record<string, any>} action
 */
export async function performAction(engine, action) {
  if (!action || typeof action !== "object") return;
  if (action.action === "dismiss") {
    engine.state.alerts = [];
    engine.emit();
    return;
  }
  const path = parsePath(action.path);
  if (!path) return;
  const key = pathKey(path);
  const component = engine.componentAt(path);
  switch (action.action) {
    case "press": {
      const method = component?.type === "button" ? methodCall(component.method) : undefined;
      if (method) await engine.call(method);
      return;
    }
    case "save":
      return engine.save(path);
    case "cancel":
      return engine.cancel(path);
    case "return":
      return engine.returnKey(path);
    case "row":
      if (Number.isInteger(action.row)) await engine.tapRow(path, action.row);
      return;
    case "menu": {
      const entries = engine.menuEntries(path);
      const entry = Number.isInteger(action.entry) ? entries[action.entry] : undefined;
      const method = entry ? methodCall(entry.method) : undefined;
      if (method) await engine.call(method);
      return;
    }
    case "bar": {
      if (component?.type !== "navigation" || component.implementation?.style !== "button") return;
      const entries = engine.menuEntries(path);
      const method = entries.length === 1 ? methodCall(entries[0].method) : undefined;
      if (method) await engine.call(method);
      return;
    }
    case "loadMore":
      return engine.loadPage(path, false);
    case "refresh":
      if (component?.type === "table" && typeof component.refresh === "string") await engine.loadPage(path, true);
      return;
    case "set": {
      if (!component || !fieldName(component)) return;
      const value = actionValue(action);
      if (value === undefined) return;
      engine.state.values[key] = value;
      engine.emit();
      return;
    }
    case "focus":
      if (component && isFocusable(component)) {
        engine.state.focus = key;
        engine.emit();
      }
      return;
    default:
      return;
  }
}
