// The device routes of docs/notify-api.md#device-routes, and nothing else. The API lives next to
// the app:
// /notify/app/ → /notify/v1/.

/**
 * A message of the inbox (GET /device/inbox).
 * @typedef {object} InboxMessage
 * @property {string} messageId
 * @property {string} title
 * @property {string} body
 * @property {string} sentAt an ISO date-time
 */

/**
 * A start request of the Start tab (GET /device/requests).
 * @typedef {object} StartRequest
 * @property {string} name
 * @property {string} title
 * @property {string} body
 */

/**
 * A payload's form (docs/notify.md): its fields, as the server accepted them. A message carries
 * one in `payload`; a start request is one.
 * @typedef {object} Payload
 * @property {string} [title]
 * @property {string} [body]
 * @property {unknown} [fields]
 */

/**
 * A message as GET /device/messages/{id} answers it.
 * @typedef {object} Message
 * @property {string} [title]
 * @property {string} [body]
 * @property {Payload} [payload]
 */

/**
 * A validation issue of an error object: where (a JSON path) and what.
 * @typedef {object} Issue
 * @property {string} [path]
 * @property {string} message
 */

export const API_BASE = new URL("../v1", new URL(".", document.baseURI)).pathname;

/** The network could not be reached (offline, server down). */
export class OfflineError extends Error {
  /** @param {unknown} cause what fetch or XMLHttpRequest threw, if anything */
  constructor(cause) {
    super("offline");
    this.name = "OfflineError";
    this.cause = cause;
  }
}

/** An error object of docs/notify-api.md#conventions: status, code, message and validation
 * issues. */
export class ApiError extends Error {
  /**
   * @param {number} status the HTTP status
   * @param {any} body the answer's JSON (an error object), or null
   */
  constructor(status, body) {
    /** @type {{message?: string, code?: string, issues?: unknown}} */
    const error = body?.error || {};
    super(error.message || `HTTP ${status}`);
    this.name = "ApiError";
    this.status = status;
    this.code = error.code || "";
    /** @type {Issue[]} */
    this.issues = Array.isArray(error.issues) ? error.issues : [];
  }
}

export class Api {
  /**
   * `token` the device token (or null); `onUnauthorized` is called on a 401 with a token.
   * @param {string | null} token
   * @param {() => void} [onUnauthorized]
   */
  constructor(token, onUnauthorized) {
    this.token = token;
    this.onUnauthorized = onUnauthorized;
  }

  /**
   * The URL of a route.
   * @param {string} path a path under /notify/v1, `/device/…`
   * @returns {string}
   */
  url(path) {
    return API_BASE + path;
  }

  /**
   * The headers of a call: `extra` and the device token.
   * @param {Record<string, string>} [extra]
   * @returns {Record<string, string>}
   */
  headers(extra) {
    /** @type {Record<string, string>} */
    const headers = Object.assign({}, extra);
    if (this.token) headers.Authorization = `Bearer ${this.token}`;
    return headers;
  }

  /**
   * Calls a route; JSON in and out. Throws OfflineError or ApiError.
   * @param {string} method
   * @param {string} path
   * @param {unknown} [body]
   * @returns {Promise<any>} the answer's JSON (null when empty)
   */
  async call(method, path, body) {
    let response;
    try {
      response = await fetch(this.url(path), {
        method,
        headers: this.headers(body === undefined ? {} : { "Content-Type": "application/json" }),
        body: body === undefined ? undefined : JSON.stringify(body),
        cache: "no-store",
      });
    } catch (error) {
      throw new OfflineError(error);
    }
    return this.read(response);
  }

  /**
   * The JSON of an answer; throws OfflineError or ApiError for a failed one.
   * @param {Response} response
   * @returns {Promise<any>}
   */
  async read(response) {
    const text = await response.text();
    let json = null;
    if (text) {
      try {
        json = JSON.parse(text);
      } catch {
        json = null;
      }
    }
    // A 503 from the service worker means "no network and nothing cached".
    if (response.status === 503 && response.headers.get("X-Notify-Offline")) throw new OfflineError(null);
    if (!response.ok) {
      if (response.status === 401 && this.token && this.onUnauthorized) this.onUnauthorized();
      throw new ApiError(response.status, json);
    }
    return json;
  }

  /**
   * @param {{username: string, password: string, deviceId: string, deviceName: string, platform: string}} body
   * @returns {Promise<{deviceToken: string, username: string}>}
   */
  login(body) { return this.call("POST", "/device/login", body); }
  /** @returns {Promise<unknown>} */
  logout() { return this.call("POST", "/device/logout"); }
  /** @returns {Promise<{messages?: InboxMessage[]}>} */
  inbox() { return this.call("GET", "/device/inbox"); }
  /**
   * @param {string} id
   * @returns {Promise<Message>}
   */
  message(id) { return this.call("GET", `/device/messages/${encodeURIComponent(id)}`); }
  /** @returns {Promise<{requests?: StartRequest[]}>} */
  requests() { return this.call("GET", "/device/requests"); }
  /**
   * @param {string} name
   * @returns {Promise<Payload>}
   */
  request(name) { return this.call("GET", `/device/requests/${encodeURIComponent(name)}`); }
  /**
   * @param {Record<string, unknown>} body
   * @returns {Promise<unknown>}
   */
  respond(body) { return this.call("POST", "/device/responses", body); }
  /** @returns {Promise<{publicKey: string}>} */
  webPushKey() { return this.call("GET", "/device/webpush-key"); }
  /**
   * @param {{endpoint: string, keys: {p256dh: string, auth: string}}} subscription
   * @returns {Promise<unknown>}
   */
  setWebPush(subscription) { return this.call("PUT", "/device/push-token", { webPush: subscription }); }

  /**
   * A document's bytes as a Blob (the user's own uploads and documents sent to them).
   * @param {string} name the document's name, `rcs/…`
   * @returns {Promise<Blob>}
   */
  async document(name) {
    let response;
    try {
      response = await fetch(this.url(`/device/documents/${name.split("/").map(encodeURIComponent).join("/")}`),
        { headers: this.headers() });
    } catch (error) {
      throw new OfflineError(error);
    }
    if (!response.ok) return this.read(response);
    return response.blob();
  }

  /**
   * Uploads raw bytes (`POST /device/documents?kind=` or `/device/barcode`) with
   * XMLHttpRequest, for its upload progress: `onProgress(fraction)`. Resolves to the JSON answer.
   * @param {string} path
   * @param {Blob} blob
   * @param {(fraction: number) => void} [onProgress]
   * @returns {Promise<any>}
   */
  upload(path, blob, onProgress) {
    return new Promise((resolve, reject) => {
      const request = new XMLHttpRequest();
      request.open("POST", this.url(path));
      if (this.token) request.setRequestHeader("Authorization", `Bearer ${this.token}`);
      request.setRequestHeader("Content-Type", blob.type || "application/octet-stream");
      request.responseType = "text";
      request.upload.onprogress = (event) => {
        if (event.lengthComputable && onProgress) onProgress(event.loaded / event.total);
      };
      request.onerror = () => reject(new OfflineError(null));
      request.onabort = () => reject(new OfflineError(null));
      request.onload = () => {
        let json = null;
        try {
          json = request.responseText ? JSON.parse(request.responseText) : null;
        } catch {
          json = null;
        }
        if (request.status >= 200 && request.status < 300) {
          if (onProgress) onProgress(1);
          resolve(json);
        } else if (request.status === 0) {
          reject(new OfflineError(null));
        } else {
          if (request.status === 401 && this.token && this.onUnauthorized) this.onUnauthorized();
          reject(new ApiError(request.status, json));
        }
      };
      request.send(blob);
    });
  }
}
