// A short notice above the inbox ("Sent."), kept for 4 s across its live redraws.
import { el } from "./dom.js";

/** @type {{text: string, bad: boolean, until: number} | null} */
let notice = null;

/**
 * Shows `text` above the inbox from its next drawing on.
 * @param {string} text
 * @param {boolean} [bad] whether it tells of a failure
 */
export function showNotice(text, bad) {
  notice = { text, bad: Boolean(bad), until: Date.now() + 4000 };
}

/**
 * The notice's paragraph while it lasts, else null.
 * @returns {HTMLParagraphElement | null}
 */
export function takeNotice() {
  if (notice && Date.now() > notice.until) notice = null;
  return notice ? el("p", { class: `notice${notice.bad ? " bad" : ""}`, role: "status", text: notice.text }) : null;
}
