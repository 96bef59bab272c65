// What an answer's body is, and the defaults it sets: small steps of the web engine's reading.

import { describe } from "./transport.js";

/**
 * `setDefaults` merged into the defaults in effect: a key set to null removes it.
 * @param {Record<string, any>} current
 * @param {unknown} patch
 */
export function mergeDefaults(current, patch) {
  if (!patch || typeof patch !== "object" || Array.isArray(patch)) return current;
  const merged = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/**
 * Parses an answer's body. An HTML page (a proxy's error page, a login wall) or any text that is
 * no JSON object is named clearly.
 * @param {import("./transport.js").Answer} answer
 * @returns {{value: unknown, error?: undefined} | {error: string, value?: undefined}}
 */
export function parseAnswer(answer) {
  const text = answer.text.trimStart();
  if (answer.contentType.includes("text/html") || /^<(!doctype|html|head|body|\?xml)/i.test(text)) {
    return { error: "the server answered with an HTML page" };
  }
  if (text === "") return { error: "the answer is empty" };
  try {
    const value = JSON.parse(text);
    if (!value || typeof value !== "object" || Array.isArray(value)) return { error: "the answer is not a JSON object" };
    return { value };
  } catch (error) {
    return { error: `the answer is not JSON (${describe(error)})` };
  }
}
