// The engine's state: the shape of ScreenState.json, plus what a web renderer needs, and the
// empty state a fresh screen starts from.

/** @typedef {import("./alerts.js").Alert} Alert */

/**
 * @typedef {object} TableRows
 * @property {Record<string, unknown>[]} rows
 * @property {boolean} hasMore
 * @property {number} [max]
 * @property {boolean} loading
 */

/**
 * @typedef {object} EngineState the shape of ScreenState.json, plus what a web renderer needs
 * @property {number} revision
 * @property {number} screen counts the screens shown: a change is a new screen for the renderer
 * @property {Record<string, any> | null} packet
 * @property {any} frames what the layout gives for the packet and the bounds
 * @property {Record<string, TableRows>} tables
 * @property {Record<string, string | string[]>} values
 * @property {Alert[]} alerts
 * @property {boolean} offline
 * @property {boolean} loading
 * @property {string[]} issues
 * @property {string[]} dropped
 * @property {string[]} diagnostics
 * @property {Record<string, Record<string, any>[]>} menus
 * @property {Record<string, string>} web
 * @property {string} [focus]
 * @property {Record<string, {width: number, height: number}>} imageSizes by image id and by URL
 * @property {Record<string, string>} images image id → URL
 * @property {Record<string, any>} defaults the setDefaults in effect
 */

/** @returns {EngineState} */
export function emptyState() {
  return {
    revision: 0,
    screen: 0,
    packet: null,
    frames: null,
    tables: {},
    values: {},
    alerts: [],
    offline: false,
    loading: false,
    issues: [],
    dropped: [],
    diagnostics: [],
    menus: {},
    web: {},
    imageSizes: {},
    images: {},
    defaults: {},
  };
}
