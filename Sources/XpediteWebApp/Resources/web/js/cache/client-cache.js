// The client's page, menu and version store (docs/protocol/caching.md), as XpediteClient's
// ClientCache keeps them, over a KeyValueStore of one scope (one server origin + endpoint).

/** @typedef {import("./stores.js").KeyValueStore} KeyValueStore */

/**
 * @typedef {object} CachedPage
 * @property {string} key the request's page key
 * @property {string} pageID
 * @property {Record<string, any>} packet the canonical packet as read
 * @property {number} receivedAt ms since the epoch
 * @property {number | null} expiresAt ms since the epoch; null for permanent
 * @property {number} [time] the packet's `time`
 * @property {string} [version] the version in force
 */

export class ClientCache {
  /** @param {KeyValueStore} store */
  constructor(store) {
    this.store = store;
  }

  /** The last server version seen (canonical text). @returns {Promise<string | undefined>} */
  async version() {
    return (await this.store.get("meta", "version")) ?? undefined;
  }

  /** The image id→URL map. @returns {Promise<Record<string, string>>} */
  async imageIDs() {
    return (await this.store.get("meta", "imageIDs")) ?? {};
  }

  /** @param {Record<string, string>} map */
  async storeImageIDs(map) {
    await this.store.put("meta", "imageIDs", map);
  }

  /**
   * Stores a page; every entry with the same page id goes first (docs/protocol/caching.md#the-page-cache).
   * @param {CachedPage} page
   */
  async storePage(page) {
    for (const [key, entry] of await this.store.entries("pages")) {
      if (entry?.pageID === page.pageID && key !== page.key) await this.store.delete("pages", key);
    }
    await this.store.put("pages", page.key, page);
  }

  /**
   * The unexpired page stored for a request key.
   * @param {string} key
   * @param {number} now ms
   * @returns {Promise<CachedPage | undefined>}
   */
  async page(key, now) {
    /** @type {CachedPage | undefined} */
    const entry = await this.store.get("pages", key);
    if (!entry) return undefined;
    if (entry.expiresAt !== null && entry.expiresAt <= now) return undefined;
    return entry;
  }

  /**
   * The unexpired page received last: what a cold start with no server shows when the entry page
   * itself was not cached.
   * @param {number} now ms
   * @returns {Promise<CachedPage | undefined>}
   */
  async newestPage(now) {
    /** @type {CachedPage | undefined} */
    let newest;
    for (const [, entry] of await this.store.entries("pages")) {
      if (!entry || (entry.expiresAt !== null && entry.expiresAt <= now)) continue;
      if (!newest || entry.receivedAt > newest.receivedAt) newest = entry;
    }
    return newest;
  }

  /**
   * @param {string} id
   * @param {Record<string, any>} navigation the canonical navigation component
   */
  async storeNavigation(id, navigation) {
    await this.store.put("menus", id, navigation);
  }

  /** @param {string} id @returns {Promise<Record<string, any> | undefined>} */
  async navigation(id) {
    return (await this.store.get("menus", id)) ?? undefined;
  }

  /**
   * A new version: the page cache, the menu store, then the image id→URL map go, in the order of
   * docs/protocol/caching.md#version-change-one-purge; the version is stored.
   * @param {string} version
   */
  async purge(version) {
    await this.store.clear("pages");
    await this.store.clear("menus");
    await this.store.delete("meta", "imageIDs");
    await this.store.put("meta", "version", version);
  }

  /** Everything of this scope goes (sign-out). */
  async clear() {
    await this.store.clear("pages");
    await this.store.clear("menus");
    await this.store.clear("meta");
  }
}
