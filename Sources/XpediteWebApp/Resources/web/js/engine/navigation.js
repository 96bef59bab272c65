// Navigation caching by id (docs/protocol/menus.md#a-menu-cached-by-id):
// XpediteClient+Navigation.swift in the web engine. The engine's methods call these.

import { canonicalJSON } from "./request.js";
import { describe } from "./transport.js";
import { isNavigationStub } from "./tree.js";

/** @typedef {import("./engine.js").XpediteEngine} XpediteEngine */

/**
 * Navigation caching by id (docs/protocol/menus.md#a-menu-cached-by-id): a full definition with
 * an `id` is stored; a stub is replaced by the stored definition, or left out and reported.
 * @param {XpediteEngine} engine
 * @param {Record<string, any>[]} components
 * @param {string[]} diagnostics
 * @param {string[]} problems
 */
export async function expandNavigation(engine, components, diagnostics, problems) {
  const result = [];
  for (const component of components) {
    if (component?.type !== "navigation" || typeof component.id !== "string") {
      result.push(component);
      continue;
    }
    const id = component.id;
    if (isNavigationStub(component)) {
      const definition = await engine.storedNavigation(id, diagnostics);
      if (definition) result.push(definition);
      else {
        const problem = `navigation '${id}': no cached definition for this stub; the menu is left out`;
        diagnostics.push(problem);
        problems.push(problem);
      }
      continue;
    }
    const text = canonicalJSON(component);
    if (engine.navigationDefinitions.get(id) !== text) {
      engine.navigationDefinitions.set(id, text);
      try {
        await engine.cache?.storeNavigation(id, component);
      } catch (error) {
        diagnostics.push(`navigation cache: ${describe(error)}`);
      }
    }
    result.push(component);
  }
  return result;
}

/**
 * @param {XpediteEngine} engine
 * @param {string} id
 * @param {string[]} diagnostics
 * @returns {Promise<Record<string, any> | undefined>}
 */
export async function storedNavigation(engine, id, diagnostics) {
  const known = engine.navigationDefinitions.get(id);
  if (known) return JSON.parse(known);
  if (!engine.cache) return undefined;
  try {
    const stored = await engine.cache.navigation(id);
    if (stored?.type !== "navigation") return undefined;
    engine.navigationDefinitions.set(id, canonicalJSON(stored));
    return stored;
  } catch (error) {
    diagnostics.push(`navigation cache: ${describe(error)}`);
    return undefined;
  }
}
