// The device routes of docs/notify-api.md#device-routes, and nothing else. The API lives next to
// the app:
// /notify/app/ → /notify/v1/.

export const API_BASE = new URL("../v1", new URL(".", document.baseURI)).pathname;

/** The network could not be reached (offline, server down). */
export class OfflineError extends Error {
  constructor(cause) {
    super("offline");
    this.name = "OfflineError";
    this.cause = cause;
  }
}

/** An error object of docs/notify-api.md#conventions: status, code, message and validation
 * issues. */
export class ApiError extends Error {
  constructor(status, body) {
    const error = (body && body.error) || {};
    super(error.message || `HTTP ${status}`);
    this.name = "ApiError";
    this.status = status;
    this.code = error.code || "";
    this.issues = Array.isArray(error.issues) ? error.issues : [];
  }
}

export class Api {
  /** `token` the device token (or null); `onUnauthorized` is called on a 401 with a token. */
  constructor(token, onUnauthorized) {
    this.token = token;
    this.onUnauthorized = onUnauthorized;
  }

  url(path) {
    return API_BASE + path;
  }

  headers(extra) {
    const headers = Object.assign({}, extra);
    if (this.token) headers.Authorization = `Bearer ${this.token}`;
    return headers;
  }

  /** Calls a route; JSON in and out. Throws OfflineError or ApiError. */
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

  login(body) { return this.call("POST", "/device/login", body); }
  logout() { return this.call("POST", "/device/logout"); }
  inbox() { return this.call("GET", "/device/inbox"); }
  message(id) { return this.call("GET", `/device/messages/${encodeURIComponent(id)}`); }
  requests() { return this.call("GET", "/device/requests"); }
  request(name) { return this.call("GET", `/device/requests/${encodeURIComponent(name)}`); }
  respond(body) { return this.call("POST", "/device/responses", body); }
  webPushKey() { return this.call("GET", "/device/webpush-key"); }
  setWebPush(subscription) { return this.call("PUT", "/device/push-token", { webPush: subscription }); }

  /** A document's bytes as a Blob (the user's own uploads and documents sent to them). */
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

  /** Uploads raw bytes (`POST /device/documents?kind=` or `/device/barcode`) with
   *  XMLHttpRequest, for its upload progress: `onProgress(fraction)`. Resolves to the JSON answer. */
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
