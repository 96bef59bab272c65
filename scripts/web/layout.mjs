// `scripts/web-layout FILE [--bounds "(x, y, w, h)"]`: the web engine's frames of a screen, in the
// same JSON as `xpedite layout` (canonical JSON, warnings on standard error), so that the web
// engine and XpediteLayout can be held against the same cases. The screen is read as the web app
// reads it (protocol/read.js: strict unless --lenient, as `xpedite layout`) and laid out by
// layout/layout.js. Exit status: 0 on success, 1 for an invalid screen or malformed bounds, 2 for
// a file that cannot be read or is not JSON.

import { readFileSync } from "node:fs";
import { argv, exit, stderr, stdout } from "node:process";
import { layoutScreen, parseBounds } from "../../Sources/XpediteWebApp/Resources/web/js/layout/layout.js";
import { outline } from "../../Sources/XpediteWebApp/Resources/web/js/layout/outline.js";
import { canonicalJSON, describeIssue, readResponse } from "../../Sources/XpediteWebApp/Resources/web/js/protocol/read.js";

const USAGE = `usage: scripts/web-layout FILE [--bounds "(x, y, width, height)"] [--image-size ID=WIDTHxHEIGHT]... [--lenient] [--text] [--pretty]

Lays out a screen with the web engine and prints the frame tree as \`xpedite layout\` does.
FILE is a response packet; - reads standard input.`;

/**
 * Writes a line to standard error.
 * @param {string} line
 */
function complain(line) {
  stderr.write(`${line}\n`);
}

/**
 * An image size "400x100".
 * @param {string} text
 * @returns {{width: number, height: number} | undefined}
 */
function parseImageSize(text) {
  const parts = text.toLowerCase().split("x");
  if (parts.length !== 2) return undefined;
  const [width, height] = parts.map((part) => (/^\s*$/.test(part) ? Number.NaN : Number(part)));
  if (!Number.isFinite(width) || !Number.isFinite(height) || width < 0 || height < 0) return undefined;
  return { width, height };
}

/**
 * Runs the command.
 * @param {string[]} args
 * @returns {number} the exit status
 */
function main(args) {
  /** @type {string | undefined} */
  let file;
  let bounds = "(0.0, 0.0, 393.0, 852.0)";
  /** @type {Map<string, {width: number, height: number}>} */
  const imageSizes = new Map();
  let lenient = false;
  let text = false;
  let pretty = false;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index];
    if (arg === "--bounds" || arg === "--image-size") {
      const value = args[index + 1];
      index += 1;
      if (value === undefined) {
        complain(`${arg}: a value is missing\n${USAGE}`);
        return 1;
      }
      if (arg === "--bounds") {
        bounds = value;
      } else {
        const separator = value.lastIndexOf("=");
        const size = separator > 0 ? parseImageSize(value.slice(separator + 1)) : undefined;
        if (!size) {
          complain(`--image-size: expected ID=WIDTHxHEIGHT, got "${value}"`);
          return 1;
        }
        imageSizes.set(value.slice(0, separator), size);
      }
    } else if (arg.startsWith("--bounds=")) {
      bounds = arg.slice("--bounds=".length);
    } else if (arg === "--lenient") {
      lenient = true;
    } else if (arg === "--text") {
      text = true;
    } else if (arg === "--pretty") {
      pretty = true;
    } else if (arg === "--help" || arg === "-h") {
      stdout.write(`${USAGE}\n`);
      return 0;
    } else if (file === undefined && (arg === "-" || !arg.startsWith("-"))) {
      file = arg;
    } else {
      complain(`unexpected argument "${arg}"\n${USAGE}`);
      return 1;
    }
  }
  if (file === undefined) {
    complain(USAGE);
    return 1;
  }
  const label = file === "-" ? "<stdin>" : file;
  const viewport = parseBounds(bounds);
  if (!viewport) {
    complain(`--bounds: expected "(x, y, width, height)" with a non-negative width and height, got "${bounds}"`);
    return 1;
  }
  let source;
  try {
    source = readFileSync(file === "-" ? 0 : file, "utf8");
  } catch (failure) {
    complain(`${label}: cannot read: ${failure instanceof Error ? failure.message : String(failure)}`);
    return 2;
  }
  let value;
  try {
    value = JSON.parse(source);
  } catch (failure) {
    complain(`${label}: not JSON: ${failure instanceof Error ? failure.message : String(failure)}`);
    return 2;
  }
  const read = readResponse(value, { mode: lenient ? "lenient" : "strict" });
  if (!read.packet) {
    for (const issue of read.issues) {
      if (issue.severity === "error") complain(`${label}: ${describeIssue(issue)}`);
    }
    if (read.issues.every((issue) => issue.severity !== "error") && read.error) complain(`${label}: ${read.error}`);
    return 1;
  }
  for (const issue of read.issues) {
    if (issue.severity === "error") complain(`${label}: ${describeIssue(issue)} (${issue.repairable ? "repaired" : "dropped"})`);
  }
  const tree = layoutScreen(read.packet, viewport, { imageSizes });
  if (text) {
    stdout.write(`${outline(tree)}\n`);
  } else {
    for (const warning of tree.warnings ?? []) complain(`${label}: ${warning.path}: warning: ${warning.message}`);
    stdout.write(`${canonicalJSON(tree, pretty)}\n`);
  }
  return 0;
}

exit(main(argv.slice(2)));
