// The simulator serves only the static files StaticFiles.swift lists (decision 0537): every file of
// Sources/XpediteSimulator/Resources/static must be listed, or a module the page imports answers
// 404, and every listed file must exist, or the server does not start.

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { test } from "node:test";

const root = new URL("../../../Sources/XpediteSimulator/", import.meta.url);

test("StaticFiles.swift lists exactly the files of the static folder", () => {
  const swift = readFileSync(new URL("Server/StaticFiles.swift", root), "utf8");
  const table = /static let types = \[([^\]]*)\]/.exec(swift);
  assert.ok(table, "StaticFiles.swift has no `static let types` table");
  const listed = [...table[1].matchAll(/"([^"]+)":/g)].map((match) => match[1]).sort();
  const files = readdirSync(new URL("Resources/static/", root)).sort();
  assert.deepEqual(listed, files);
});

test("every module the page's scripts import is a file of the static folder", () => {
  const folder = new URL("Resources/static/", root);
  const files = new Set(readdirSync(folder));
  for (const name of files) {
    if (!name.endsWith(".js")) continue;
    const source = readFileSync(new URL(name, folder), "utf8");
    for (const match of source.matchAll(/^import\s[^;]*?from\s+"\.\/([^"]+)";/gm)) {
      assert.ok(files.has(match[1]), `${name} imports ${match[1]}, which is not in the static folder`);
    }
  }
});
