// Where the client's caches live: a small key-value interface with two backends, IndexedDB in the
// browser and memory for node tests. Each database is one cache scope (one server's endpoint).

/** The object stores of a cache scope. */
export const STORE_NAMES = /** @type {const} */ (["pages", "menus", "meta"]);

/** @typedef {typeof STORE_NAMES[number]} StoreName */

/**
 * @typedef {object} KeyValueStore
 * @property {(store: StoreName, key: string) => Promise<any>} get
 * @property {(store: StoreName, key: string, value: any) => Promise<void>} put
 * @property {(store: StoreName, key: string) => Promise<void>} delete
 * @property {(store: StoreName) => Promise<[string, any][]>} entries every entry of a store
 * @property {(store: StoreName) => Promise<void>} clear
 */

/** @implements {KeyValueStore} */
export class MemoryStore {
  constructor() {
    /** @type {Map<string, Map<string, any>>} */
    this.stores = new Map(STORE_NAMES.map((name) => [name, new Map()]));
  }

  /** @param {StoreName} store */
  #store(store) {
    const found = this.stores.get(store);
    if (!found) throw new Error(`no store ${store}`);
    return found;
  }

  /** @param {StoreName} store @param {string} key */
  async get(store, key) {
    return structuredClone(this.#store(store).get(key));
  }

  /** @param {StoreName} store @param {string} key @param {any} value */
  async put(store, key, value) {
    this.#store(store).set(key, structuredClone(value));
  }

  /** @param {StoreName} store @param {string} key */
  async delete(store, key) {
    this.#store(store).delete(key);
  }

  /** @param {StoreName} store @returns {Promise<[string, any][]>} */
  async entries(store) {
    return [...this.#store(store).entries()].map(([key, value]) => [key, structuredClone(value)]);
  }

  /** @param {StoreName} store */
  async clear(store) {
    this.#store(store).clear();
  }
}

/**
 * @template T
 * @param {IDBRequest<T>} request
 * @returns {Promise<T>}
 */
function settled(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB request failed"));
  });
}

/** @implements {KeyValueStore} */
export class IndexedDBStore {
  /**
   * Opens (or creates) the database of one cache scope.
   * @param {string} name
   * @param {IDBFactory} [factory]
   */
  static async open(name, factory = globalThis.indexedDB) {
    const request = factory.open(name, 1);
    request.onupgradeneeded = () => {
      for (const store of STORE_NAMES) {
        if (!request.result.objectStoreNames.contains(store)) request.result.createObjectStore(store);
      }
    };
    return new IndexedDBStore(await settled(request));
  }

  /** @param {IDBDatabase} database */
  constructor(database) {
    this.database = database;
  }

  /**
   * @param {StoreName} store
   * @param {IDBTransactionMode} mode
   */
  #objects(store, mode) {
    return this.database.transaction(store, mode).objectStore(store);
  }

  /** @param {StoreName} store @param {string} key */
  async get(store, key) {
    return settled(this.#objects(store, "readonly").get(key));
  }

  /** @param {StoreName} store @param {string} key @param {any} value */
  async put(store, key, value) {
    await settled(this.#objects(store, "readwrite").put(value, key));
  }

  /** @param {StoreName} store @param {string} key */
  async delete(store, key) {
    await settled(this.#objects(store, "readwrite").delete(key));
  }

  /** @param {StoreName} store @returns {Promise<[string, any][]>} */
  async entries(store) {
    const objects = this.#objects(store, "readonly");
    const [keys, values] = await Promise.all([settled(objects.getAllKeys()), settled(objects.getAll())]);
    return keys.map((key, index) => [String(key), values[index]]);
  }

  /** @param {StoreName} store */
  async clear(store) {
    await settled(this.#objects(store, "readwrite").clear());
  }
}
