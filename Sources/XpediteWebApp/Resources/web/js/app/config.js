// The app's configuration: what the server that serves the app says in config.json beside the
// page (the endpoint the engine posts to), kept in localStorage so that a start without the
// network still knows it.

/**
 * @typedef {object} AppConfig
 * @property {string} endpoint the endpoint URL (absolute, or relative to the page)
 * @property {boolean} debug a debug build: a screen's component errors are alerted
 * @property {string[]} signOutFunctions the server functions that sign out (the caches are cleared)
 * @property {number} timeoutMs a request's time limit
 * @property {string} [imageBase] what relative image URLs resolve against (else the endpoint)
 * @property {string} [imageRelay] a same-origin path every image is loaded through, as
 *   `{imageRelay}?url=ABSOLUTE-URL` (the simulator's relay, for images only its server reaches)
 * @property {string} [notificationApp] where the same server serves the notification app
 *   (`/notify/app/`): the app shows the inbox and the Start tab beside the screens
 * @property {boolean} sharedSignIn the Xpedite sign-in and the notification API share one user
 *   directory: the Xpedite sign-in also signs the inbox in (docs/phone-app.md#one-app)
 */

const KEY = "xpedite.config";

/**
 * Reads a configuration, filling in the defaults; throws when there is no endpoint.
 * @param {unknown} json
 * @returns {AppConfig}
 */
export function readConfig(json) {
  const record = json && typeof json === "object" ? /** @type {Record<string, unknown>} */ (json) : {};
  if (typeof record.endpoint !== "string" || record.endpoint === "") throw new Error("config.json: endpoint is missing");
  const signOut = Array.isArray(record.signOutFunctions) ? record.signOutFunctions.filter((name) => typeof name === "string") : ["signOut", "logout"];
  return {
    ...(typeof record.imageBase === "string" && record.imageBase !== "" ? { imageBase: record.imageBase } : {}),
    ...(typeof record.imageRelay === "string" && record.imageRelay !== "" ? { imageRelay: record.imageRelay } : {}),
    ...(typeof record.notificationApp === "string" && record.notificationApp !== "" ? { notificationApp: record.notificationApp } : {}),
    endpoint: record.endpoint,
    debug: record.debug === true,
    signOutFunctions: signOut,
    timeoutMs: typeof record.timeoutMs === "number" && record.timeoutMs > 0 ? record.timeoutMs : 30_000,
    sharedSignIn: record.sharedSignIn === true && typeof record.notificationApp === "string" && record.notificationApp !== "",
  };
}

/**
 * The configuration from the server, or the one kept from the last start when the server cannot
 * be reached.
 * @param {Storage} storage
 * @returns {Promise<AppConfig>}
 */
export async function loadConfig(storage) {
  try {
    // The server sends it with no-cache and no validator: every start asks again. index.html
    // preloads it with the same request, so the answer comes while the modules load.
    const response = await fetch("config.json");
    if (response.ok) {
      const config = readConfig(await response.json());
      storage.setItem(KEY, JSON.stringify(config));
      return config;
    }
  } catch {
    // The network is down: the kept configuration follows.
  }
  const kept = storage.getItem(KEY);
  if (kept === null) throw new Error("The app has never reached its server, and the server cannot be reached now.");
  return readConfig(JSON.parse(kept));
}

/**
 * This phone's identifier (setConnection's `uuid`): made once, kept.
 * @param {Storage} storage
 */
export function deviceUUID(storage) {
  const known = storage.getItem("xpedite.uuid");
  if (known) return known;
  const uuid = crypto.randomUUID().toUpperCase();
  storage.setItem("xpedite.uuid", uuid);
  return uuid;
}
