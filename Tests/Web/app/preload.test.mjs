// The page's module preloads (index.html): exactly the modules app.js imports statically, directly
// or through other modules, so that the browser fetches the first screen's modules at once
// (docs/phone-app.md#speed) and a module added to or dropped from the start is not forgotten.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

const web = new URL("../../../Sources/XpediteWebApp/Resources/web/", import.meta.url);
const staticImport = /^\s*(?:import|export)\s[^;]*?from\s+"([^"]+)"|^\s*import\s+"([^"]+)"/gm;

/**
 * The modules `file` imports statically, directly or not, relative to the web folder.
 * @param {URL} file
 * @param {Set<string>} seen
 */
function imports(file, seen = new Set()) {
  for (const match of readFileSync(file, "utf8").matchAll(staticImport)) {
    const specifier = match[1] ?? match[2];
    if (!specifier.startsWith(".")) continue;
    const target = new URL(specifier, file);
    const name = target.href.slice(web.href.length);
    if (seen.has(name)) continue;
    seen.add(name);
    imports(target, seen);
  }
  return seen;
}

test("index.html preloads every module of app.js's static imports, and no other", () => {
  const page = readFileSync(new URL("index.html", web), "utf8");
  const preloaded = [...page.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((match) => match[1]);
  assert.deepEqual([...preloaded].sort(), [...imports(new URL("app.js", web))].sort());
  assert.equal(new Set(preloaded).size, preloaded.length, "a module is preloaded twice");
});

test("the modules loaded on demand are not preloaded", () => {
  const page = readFileSync(new URL("index.html", web), "utf8");
  for (const name of ["js/expressions/evaluator.js", "sw.js"]) assert.ok(!page.includes(`href="${name}"`), name);
});
