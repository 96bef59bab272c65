// What an engine is made with: its transport, readers, layout, caches, the phone's bounds,
// device and appearance, and its limits (engine.js).

/** @typedef {import("./transport.js").Transport} Transport */
/** @typedef {import("../cache/client-cache.js").ClientCache} ClientCache */
/** @typedef {import("../cache/images.js").ImageStore} ImageStore */
/** @typedef {import("./alerts.js").Issue} Issue */

/** @typedef {{x: number, y: number, width: number, height: number}} Bounds the phone's screen, in points */

/**
 * @typedef {object} ReadResult what the protocol reader (the `read` option) makes of a screen answer
 * @property {Record<string, any> | null} packet the canonical new-dialect packet, broken components left out
 * @property {(Issue | string)[]} issues
 * @property {string[]} dropped the paths of the components left out
 * @property {string} [error] why the answer was refused, when `packet` is null
 */

/**
 * @typedef {object} EngineOptions
 * @property {Transport} transport
 * @property {(json: unknown, options: {isConnectionReply: boolean}) => ReadResult} read the lenient reader of screen answers
 * @property {(json: unknown) => Record<string, any>} [readData] the lenient reader of data answers (the canonical data
 *   response); throws when the answer cannot be used. By default data.js reads them.
 * @property {(packet: Record<string, any>, bounds: Bounds, options: Record<string, any>) => any} [layout]
 * @property {ClientCache} [cache]
 * @property {ImageStore} [images]
 * @property {Bounds} bounds the phone's screen, in points
 * @property {{bundleID?: string, uuid: string, xpediteVersion?: number}} device
 * @property {() => ("light" | "dark" | undefined)} [appearance] the appearance the page draws in when
 *   it connects, sent in setConnection (docs/protocol/packets.md#the-appearance); none by default
 * @property {number} [pageLimit] rows per table page, 40
 * @property {boolean} [reportsComponentErrors] a debug build's alert listing a screen's component errors
 * @property {() => number} [now] ms since the epoch
 * @property {number} [criticalImageTimeoutMs] 10 s
 * @property {string} [imageBase] what relative image URLs are resolved against
 * @property {string[]} [signOutFunctions] server functions that sign the person out: calling one
 *   forgets this server's caches first (nothing of the session is shown afterwards)
 */

export {};
