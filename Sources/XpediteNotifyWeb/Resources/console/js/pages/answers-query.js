// What the answers section shows, as the address holds it (`#/answers?topic=/a/b&user=joe`), and
// as `GET /responses` and its exports take it (docs/notify-api.md#exporting-responses). No DOM
// here, so that Node can test it (Tests/Web/console).

import { withQuery } from "../api.js";
import { routeHash } from "../router.js";

/**
 * The filters of the answers section: the topic, the named payload, a message, a user, a time
 * range (RFC 3339), and the page's cursor.
 * @typedef {{topic: string, payload: string, message: string, user: string, since: string, until: string, after: string}} Filters
 */

/** The names the address gives the filters, in the order it writes them. */
const names = /** @type {const} */ (["topic", "payload", "message", "user", "since", "until", "after"]);

/** The responses of one page of the table. */
export const pageSize = 100;

/**
 * The filters an address's query holds (missing ones are empty).
 * @param {URLSearchParams} query
 * @returns {Filters}
 */
export function filtersOf(query) {
  /** @type {Record<string, string>} */
  const filters = {};
  for (const name of names) filters[name] = (query.get(name) ?? "").trim();
  return /** @type {Filters} */ (filters);
}

/**
 * The address of the answers section with these filters.
 * @param {Partial<Filters>} filters
 * @returns {string}
 */
export function answersHash(filters) {
  /** @type {Record<string, string | undefined>} */
  const query = {};
  for (const name of names) query[name] = filters[name];
  return routeHash("answers", [], query);
}

/**
 * The query of `GET /responses` for the filters, on `topic` (the filters' own, or the named
 * payload's response topic); without the cursor and limit, as an export takes it.
 * @param {Filters} filters
 * @param {string} topic
 * @returns {Record<string, string>}
 */
export function responsesQuery(filters, topic) {
  return {
    topic,
    payloadName: filters.payload,
    messageId: filters.message,
    username: filters.user,
    since: filters.since,
    until: filters.until,
  };
}

/**
 * The path of one page of the table: the filters, the cursor and the page size.
 * @param {Filters} filters
 * @param {string} topic
 * @returns {string}
 */
export function pagePath(filters, topic) {
  return withQuery("responses", { ...responsesQuery(filters, topic), after: filters.after, limit: pageSize });
}

/**
 * The path of an export with the filters (every page: no cursor, no limit).
 * @param {Filters} filters
 * @param {string} topic
 * @returns {string}
 */
export function exportPath(filters, topic) {
  return withQuery("responses", responsesQuery(filters, topic));
}

/**
 * The name of an export's file: `answers-a-b-2026-11-27.csv` for topic `/a/b`.
 * @param {string} topic
 * @param {string} extension
 * @param {Date} now
 * @returns {string}
 */
export function exportFileName(topic, extension, now) {
  const slug = topic
    .split("/")
    .filter((part) => part !== "")
    .join("-")
    .replace(/[^A-Za-z0-9_.-]/g, "_");
  const day = now.toISOString().slice(0, 10);
  return `answers${slug === "" ? "" : `-${slug}`}-${day}.${extension}`;
}

/**
 * A `datetime-local` input's value (the operator's local time) as RFC 3339 UTC; empty when empty
 * or not a time.
 * @param {string} local `yyyy-MM-ddTHH:mm`
 * @returns {string}
 */
export function rfc3339FromLocal(local) {
  if (local === "") return "";
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? "" : date.toISOString().replace(".000Z", "Z");
}

/**
 * An RFC 3339 time as a `datetime-local` input's value (the operator's local time); empty when
 * it is not a time.
 * @param {string} text
 * @returns {string}
 */
export function localFromRFC3339(text) {
  if (text === "") return "";
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return "";
  /** @param {number} number */
  const two = (number) => String(number).padStart(2, "0");
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** Where the pages before each cursor began, learnt while paging forward: Previous goes back to them. */
export class PageTrail {
  constructor() {
    /** @type {Map<string, string>} */
    this.before = new Map();
  }

  /**
   * The key of a page: the filters without the cursor, and the cursor.
   * @param {Filters} filters
   * @param {string} after
   * @returns {string}
   */
  static key(filters, after) {
    return `${answersHash({ ...filters, after: "" })}|${after}`;
  }

  /**
   * Remembers that the page after `next` follows the page after `filters.after`.
   * @param {Filters} filters
   * @param {string} next
   */
  forward(filters, next) {
    this.before.set(PageTrail.key(filters, next), filters.after);
  }

  /**
   * The cursor of the page before this one: a known one, "" (the first page) when the page is
   * not the first but its predecessor is not known, null on the first page.
   * @param {Filters} filters
   * @returns {string | null}
   */
  previous(filters) {
    if (filters.after === "" || filters.after === "0") return null;
    return this.before.get(PageTrail.key(filters, filters.after)) ?? "";
  }
}
