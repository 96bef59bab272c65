// The shapes the renderer reads: an engine state in the JSON form of `xpedite client --dump json`
// (Sources/XpediteClient/State/ScreenState+JSON.swift) and the frame tree of `xpedite layout`.
// Types only; nothing runs here.

/**
 * @typedef {{x: number, y: number, width: number, height: number}} Rect
 *
 * @typedef {object} LayoutPart
 * @property {"titleRow"|"footer"|"headerBar"|"title"|"field"|"option"|"column"|"barButton"} kind
 * @property {number} [index]
 * @property {string} [key]
 * @property {Rect} frame
 *
 * @typedef {object} ContentLayout
 * @property {Rect} frame
 * @property {number} height
 * @property {number} visibleHeight
 *
 * @typedef {object} LayoutNode
 * @property {number[]} indexPath
 * @property {string} type
 * @property {string} [id]
 * @property {"flow"|"window"} placement
 * @property {Rect} frame
 * @property {ContentLayout} [content]
 * @property {LayoutPart[]} [parts]
 * @property {LayoutNode[]} [children]
 *
 * @typedef {object} FrameTree
 * @property {Rect} bounds
 * @property {{frame: Rect, contentHeight: number, navigationBar?: Rect, title?: Rect}} screen
 * @property {LayoutNode[]} components
 *
 * @typedef {Record<string, any>} Component A component of the canonical packet (new dialect).
 *
 * @typedef {object} Packet The canonical response packet (new dialect).
 * @property {string} [title]
 * @property {string} [background]
 * @property {Record<string, any>} [setDefaults]
 * @property {any} [images]
 * @property {Component[]} [components]
 *
 * @typedef {object} TableRows The rows a table has loaded.
 * @property {Record<string, any>[]} rows
 * @property {boolean} hasMore
 * @property {number} [max]
 * @property {boolean} [loading] A page request is in flight (an addition to the dump's shape).
 *
 * @typedef {object} Alert
 * @property {"rc"|"connection"|"protocol"|"components"} kind
 * @property {string} message
 * @property {string|number} [rc]
 *
 * @typedef {object} Defaults The `setDefaults` in effect (`null` members are removed defaults).
 * @property {string|null} [font]
 * @property {number|null} [fontsize]
 * @property {string|null} [color]
 * @property {string|null} [background]
 *
 * @typedef {object} ScreenState
 * @property {Packet|null} packet
 * @property {FrameTree|null} frames
 * @property {Record<string, TableRows>} [tables] Keyed by index path text ("2.0").
 * @property {Record<string, any>} [values] Input values as sent in formdata, by index path text.
 * @property {Alert[]} [alerts]
 * @property {boolean} [offline]
 * @property {boolean} [loading]
 * @property {Record<string, Component[]>} [menus] Entries of old dynamic menus, by index path text.
 * @property {Record<string, string>} [web] HTML of old dynamic web views, by index path text.
 * @property {string} [focus] The index path text of the focused input.
 * @property {Defaults} [defaults] The accumulated `setDefaults` (else the packet's own).
 * @property {number} [revision]
 * @property {string|number} [screen] Identifies the screen shown: a change is a new screen.
 *
 * @typedef {{id?: string, url?: string, name?: string}} ImageRequest What names an image:
 *   an image component's keys, or one reference (a button or menu icon) given as both id and url.
 *
 * @typedef {(image: ImageRequest, packet: Packet|null) => (string|null)} ImageSourceFunction
 *   The URL the page loads an image from, or null to show the placeholder.
 *
 * @typedef {(table: Component, defaults: Defaults, texts: string[], columns: (Record<string, any>|null)[],
 *   widths: number[]) => number} RowHeightFunction The height of a table row (TableRowLayout).
 *
 * @typedef {object} RenderContext
 * @property {ScreenState} state
 * @property {ImageSourceFunction} imageSource
 * @property {RowHeightFunction} rowHeight
 * @property {Set<string>} openMenus The ids of the menus open now ("menu-2").
 * @property {boolean} [inMain] The page already puts the screen in a `main` landmark: the content
 *   is not a second one.
 * @property {number} [visibleTop] The content's scroll offset (0 by default): components more
 *   than a screen's height away from the visible part are marked `x-far` (screen-renderer.js).
 *
 * @typedef {Record<string, any>} Action A BrowserMessage-shaped interaction:
 *   {action, path, row?, entry?, kind?, text?, checked?, options?}.
 */

export {};
