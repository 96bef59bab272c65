// The image cache (docs/protocol/caching.md#images): every image downloaded once, keyed by its
// absolute URL, until the version changes. In the browser it is Cache Storage (so the service
// worker can answer the page's <img> requests from it offline); in node tests, memory.

/**
 * @typedef {object} ImageSize
 * @property {number} width
 * @property {number} height
 */

/**
 * @typedef {object} ImageStore
 * @property {(url: string) => Promise<ImageSize | null>} load the image from the cache, or fetched and kept; null when it cannot be had
 * @property {(url: string) => Promise<void>} evict
 * @property {() => Promise<void>} purge every image goes
 */

/** @implements {ImageStore} */
export class MemoryImageStore {
  /** @param {(url: string) => Promise<ImageSize | null>} fetchImage */
  constructor(fetchImage) {
    this.fetchImage = fetchImage;
    /** @type {Map<string, ImageSize>} */
    this.images = new Map();
  }

  /** @param {string} url */
  async load(url) {
    const known = this.images.get(url);
    if (known) return known;
    const image = await this.fetchImage(url);
    if (image) this.images.set(url, image);
    return image;
  }

  /** @param {string} url */
  async evict(url) {
    this.images.delete(url);
  }

  async purge() {
    this.images.clear();
  }
}

/** @implements {ImageStore} */
export class CacheStorageImageStore {
  /**
   * @param {string} name the Cache Storage cache of this scope
   * @param {CacheStorage} [caches]
   */
  constructor(name, caches = globalThis.caches) {
    this.name = name;
    this.caches = caches;
  }

  /** @param {string} url */
  async load(url) {
    try {
      const cache = await this.caches.open(this.name);
      let response = await cache.match(url);
      if (!response) {
        const fetched = await fetch(url, { mode: "cors", credentials: "omit" }).catch(() =>
          fetch(url, { mode: "no-cors", credentials: "omit" }),
        );
        if (!fetched.ok && fetched.type !== "opaque") return null;
        await cache.put(url, fetched.clone());
        response = fetched;
      }
      if (response.type === "opaque") return null;
      const bitmap = await createImageBitmap(await response.blob());
      const size = { width: bitmap.width, height: bitmap.height };
      bitmap.close();
      return size;
    } catch {
      return null;
    }
  }

  /** @param {string} url */
  async evict(url) {
    const cache = await this.caches.open(this.name);
    await cache.delete(url);
  }

  async purge() {
    await this.caches.delete(this.name);
  }
}
