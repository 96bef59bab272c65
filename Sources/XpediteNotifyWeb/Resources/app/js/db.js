// IndexedDB: the queue of answers waiting to be sent (with their media blobs). One record per
// answer, keyed by its responseId, so a retry sends the same one.

const NAME = "xpedite-notify";
const VERSION = 1;
/** @type {Promise<IDBDatabase> | null} */
let opening = null;

/** @returns {Promise<IDBDatabase>} */
function open() {
  if (!opening) {
    opening = new Promise((resolve, reject) => {
      const request = indexedDB.open(NAME, VERSION);
      request.onupgradeneeded = () => {
        const db = request.result;
        if (!db.objectStoreNames.contains("queue")) {
          const store = db.createObjectStore("queue", { keyPath: "responseId" });
          store.createIndex("username", "username");
        }
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  }
  return opening;
}

/**
 * @template T
 * @param {IDBRequest<T>} request
 * @returns {Promise<T>}
 */
function done(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/**
 * @param {IDBTransactionMode} mode
 * @returns {Promise<IDBObjectStore>}
 */
async function store(mode) {
  const db = await open();
  return db.transaction("queue", mode).objectStore("queue");
}

/** @typedef {import("./outbox.js").QueueEntry} QueueEntry */

/**
 * Saves (adds or replaces) a queued answer.
 * @param {QueueEntry} entry
 */
export async function put(entry) {
  await done((await store("readwrite")).put(entry));
}

/**
 * Removes a queued answer.
 * @param {string} responseId
 */
export async function remove(responseId) {
  await done((await store("readwrite")).delete(responseId));
}

/**
 * The queued answers of `username`, oldest first.
 * @param {string} username
 * @returns {Promise<QueueEntry[]>}
 */
export async function list(username) {
  /** @type {QueueEntry[]} */
  const entries = await done((await store("readonly")).index("username").getAll(username));
  return entries.sort((a, b) => a.createdAt - b.createdAt);
}

/**
 * Removes every queued answer of `username` (sign-out).
 * @param {string} username
 */
export async function clear(username) {
  for (const entry of await list(username)) await remove(entry.responseId);
}
