// The page's appearance as setConnection tells it (js/app/appearance.js): a host page's forced
// one (body.x-dark / x-light, js/app/embed.js applyAppearance), else the system's.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { pageAppearance } from "../../../Sources/XpediteWebApp/Resources/web/js/app/appearance.js";
import { applyAppearance } from "../../../Sources/XpediteWebApp/Resources/web/js/app/embed.js";

/** A body whose classes are a set, as applyAppearance and pageAppearance use them. */
function body() {
  const names = new Set();
  return {
    classList: {
      contains: (/** @type {string} */ name) => names.has(name),
      toggle: (/** @type {string} */ name, /** @type {boolean} */ on) => {
        if (on) names.add(name);
        else names.delete(name);
        return on;
      },
    },
  };
}

/** @param {boolean} dark */
const system = (dark) => ({ matchMedia: (/** @type {string} */ query) => ({ matches: dark && query === "(prefers-color-scheme: dark)" }) });

describe("the page's appearance", () => {
  test("follows the system's prefers-color-scheme", () => {
    assert.equal(pageAppearance(body(), system(true)), "dark");
    assert.equal(pageAppearance(body(), system(false)), "light");
    assert.equal(pageAppearance(body(), {}), "light", "a window without matchMedia is light");
  });

  test("a host page's forced appearance wins, and 'system' gives it back", () => {
    const page = body();
    applyAppearance(/** @type {any} */ (page), "dark");
    assert.equal(pageAppearance(page, system(false)), "dark");
    applyAppearance(/** @type {any} */ (page), "light");
    assert.equal(pageAppearance(page, system(true)), "light");
    applyAppearance(/** @type {any} */ (page), "system");
    assert.equal(pageAppearance(page, system(true)), "dark");
  });
});
