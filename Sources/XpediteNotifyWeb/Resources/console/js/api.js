// The notification API as the console calls it (docs/notify-api.md): the same routes a backend
// calls with its API key, reached here with the operator's session cookie, and the session's CSRF
// token on every change. No DOM here, so that Node can test it (Tests/Web/console).

/** @typedef {import("./session.js").Session} Session */
/** @typedef {import("./session.js").Fetch} Fetch */

/**
 * One validation issue of an error answer: where, and what is wrong; an issue of a rule's
 * expression also has the column of the error in the expression, from 1 (its message says it too).
 * @typedef {{path: string, message: string, code?: string, column?: number}} Issue
 */

/** The API's routes, relative to the console's page (`/notify/console/`). */
export const apiBase = "../v1/";

/** An error answer of the API, with its status, code, message and validation issues. */
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {string} code
   * @param {string} message
   * @param {Issue[]} issues
   */
  constructor(status, code, message, issues) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.issues = issues;
  }
}

/**
 * The API error an answer's body describes, or a generic one when the body is not an error object.
 * @param {number} status
 * @param {unknown} body
 * @returns {ApiError}
 */
export function apiError(status, body) {
  const error = typeof body === "object" && body !== null ? /** @type {Record<string, unknown>} */ (body).error : null;
  if (typeof error !== "object" || error === null) {
    return new ApiError(status, "unknown", `the server answered ${status}`, []);
  }
  const record = /** @type {Record<string, unknown>} */ (error);
  const code = typeof record.code === "string" ? record.code : "unknown";
  const message = typeof record.message === "string" ? record.message : `the server answered ${status}`;
  /** @type {Issue[]} */
  const issues = [];
  if (Array.isArray(record.issues)) {
    for (const item of record.issues) {
      if (typeof item !== "object" || item === null) continue;
      const { path, message: text, code: issueCode } = /** @type {Record<string, unknown>} */ (item);
      if (typeof path === "string" && typeof text === "string") {
        issues.push(typeof issueCode === "string" ? { path, message: text, code: issueCode } : { path, message: text });
      }
    }
  }
  return new ApiError(status, code, message, issues);
}

/**
 * A path with its query: `path?name=value&…`, leaving out empty values.
 * @param {string} path
 * @param {Record<string, string | number | undefined | null>} [query]
 * @returns {string}
 */
export function withQuery(path, query = {}) {
  const parameters = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    parameters.set(name, String(value));
  }
  const text = parameters.toString();
  return text === "" ? path : `${path}?${text}`;
}

/**
 * The path of one resource: each segment percent-encoded, so that a name is never read as a path.
 * @param {...string} segments
 * @returns {string}
 */
export function resourcePath(...segments) {
  return segments.map((segment) => encodeURIComponent(segment)).join("/");
}

/** The API with the operator's session. */
export class ConsoleAPI {
  /**
   * @param {Fetch} fetchFn
   * @param {Session} session
   * @param {string} [base] the API's address, relative to the page
   */
  constructor(fetchFn, session, base = apiBase) {
    this.fetchFn = fetchFn;
    this.session = session;
    this.base = base;
  }

  /**
   * The address of a route, for links (exports, documents).
   * @param {string} path relative to `/notify/v1/`, with its query
   * @returns {string}
   */
  url(path) {
    return this.base + path;
  }

  /**
   * Calls a route and answers its JSON body (null for 204).
   * @param {string} method
   * @param {string} path relative to `/notify/v1/`, with its query
   * @param {unknown} [body] sent as JSON
   * @returns {Promise<unknown>}
   * @throws {ApiError} when the server refuses, or cannot be reached (status 0)
   */
  async call(method, path, body) {
    /** @type {Record<string, string>} */
    const headers = { Accept: "application/json" };
    if (method !== "GET" && method !== "HEAD") headers["X-CSRF-Token"] = this.session.csrfToken;
    /** @type {RequestInit} */
    const init = { method, headers, credentials: "same-origin" };
    if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    let answer;
    try {
      answer = await this.fetchFn(this.url(path), init);
    } catch {
      throw new ApiError(0, "unreachable", "the server cannot be reached", []);
    }
    if (answer.status === 204) return null;
    const text = await answer.text();
    /** @type {unknown} */
    let parsed = null;
    if (text !== "") {
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new ApiError(answer.status, "unreadable", `the server answered ${answer.status} with a body that is not JSON`, []);
      }
    }
    if (!answer.ok) throw apiError(answer.status, parsed);
    return parsed;
  }

  /**
   * `GET path`.
   * @param {string} path
   * @returns {Promise<unknown>}
   */
  get(path) {
    return this.call("GET", path);
  }

  /**
   * `PUT path` with a JSON body.
   * @param {string} path
   * @param {unknown} body
   * @returns {Promise<unknown>}
   */
  put(path, body) {
    return this.call("PUT", path, body);
  }

  /**
   * `POST path` with a JSON body.
   * @param {string} path
   * @param {unknown} body
   * @returns {Promise<unknown>}
   */
  post(path, body) {
    return this.call("POST", path, body);
  }

  /**
   * `DELETE path`, with an optional JSON body.
   * @param {string} path
   * @param {unknown} [body]
   * @returns {Promise<unknown>}
   */
  delete(path, body) {
    return this.call("DELETE", path, body);
  }
}
