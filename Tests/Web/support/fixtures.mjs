// The shared fixtures of Tests/Fixtures, as the web engine's tests read them: the valid and
// invalid packets (with their .expected issue lines), the hand-computed layout cases, and the
// golden outputs of the reference binary in Tests/Fixtures/web (scripts/update-web-goldens).

import { existsSync, readFileSync, readdirSync } from "node:fs";

/** @typedef {import("../../../Sources/XpediteWebApp/Resources/web/js/protocol/json-types").JSONValue} JSONValue */
/** @typedef {import("../../../Sources/XpediteWebApp/Resources/web/js/protocol/json-types").JSONObject} JSONObject */

/** The folder of the shared fixtures. */
export const FIXTURES = new URL("../../Fixtures/", import.meta.url);

/**
 * The names (without .json) of the fixtures of a folder, sorted.
 * @param {string} folder `valid`, `invalid` or `layout`
 * @returns {string[]}
 */
export function fixtureNames(folder) {
  return readdirSync(new URL(`${folder}/`, FIXTURES))
    .filter((name) => name.endsWith(".json"))
    .map((name) => name.slice(0, -".json".length))
    .sort();
}

/**
 * The text of a fixture file.
 * @param {string} path relative to Tests/Fixtures
 * @returns {string}
 */
export function fixtureText(path) {
  return readFileSync(new URL(path, FIXTURES), "utf8");
}

/**
 * Whether a fixture file exists.
 * @param {string} path relative to Tests/Fixtures
 * @returns {boolean}
 */
export function fixtureExists(path) {
  return existsSync(new URL(path, FIXTURES));
}

/**
 * The parsed JSON of a fixture file.
 * @param {string} path relative to Tests/Fixtures
 * @returns {JSONValue}
 */
export function fixtureJSON(path) {
  return JSON.parse(fixtureText(path));
}

/**
 * An invalid fixture's expected issue lines and the options its `# args:` line gives.
 * @param {string} name
 * @returns {{lines: string[], kind?: "request" | "response" | "data", isConnectionReply: boolean}}
 */
export function invalidExpectation(name) {
  /** @type {string[]} */
  const lines = [];
  /** @type {"request" | "response" | "data" | undefined} */
  let kind;
  let isConnectionReply = false;
  for (const line of fixtureText(`invalid/${name}.expected`).split("\n")) {
    if (line.length === 0) continue;
    if (line.startsWith("# args:")) {
      if (line.includes("--connection-reply")) isConnectionReply = true;
      const match = /--kind (request|response|data)/.exec(line);
      if (match) kind = /** @type {"request" | "response" | "data"} */ (match[1]);
      continue;
    }
    lines.push(line);
  }
  return { lines, kind, isConnectionReply };
}

/**
 * The golden text the reference binary printed, without the final line break.
 * @param {string} path relative to Tests/Fixtures/web
 * @returns {string}
 */
export function goldenText(path) {
  return fixtureText(`web/${path}`).replace(/\n$/, "");
}
