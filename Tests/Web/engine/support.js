// Test support for the web engine: scripted transports (as Tests/XpediteClientTests/Support
// has them), a reader of canonical packets, and an engine wired to memory caches.

import { ClientCache } from "../../../Sources/XpediteWebApp/Resources/web/js/cache/client-cache.js";
import { MemoryImageStore } from "../../../Sources/XpediteWebApp/Resources/web/js/cache/images.js";
import { MemoryStore } from "../../../Sources/XpediteWebApp/Resources/web/js/cache/stores.js";
import { XpediteEngine } from "../../../Sources/XpediteWebApp/Resources/web/js/engine/engine.js";
import { readData, readScreen } from "../../../Sources/XpediteWebApp/Resources/web/js/engine/reader.js";
import { TransportError } from "../../../Sources/XpediteWebApp/Resources/web/js/engine/transport.js";

/**
 * A transport answering every request through `answer(request)`, which returns the answer's JSON
 * (or `{html: "..."}` for an HTML page); it records the requests it was sent.
 */
export class ScriptedTransport {
  /** @param {(request: any) => any | Promise<any>} answer */
  constructor(answer) {
    this.answer = answer;
    /** @type {any[]} */
    this.requests = [];
    this.down = false;
  }

  /** @param {string} body */
  async send(body) {
    if (this.down) throw new TransportError("status", "HTTP 503", 503);
    const request = JSON.parse(body);
    this.requests.push(request);
    const answer = await this.answer(request);
    if (answer && typeof answer.html === "string") return { text: answer.html, contentType: "text/html; charset=utf-8" };
    return { text: JSON.stringify(answer), contentType: "application/json" };
  }

  get last() {
    return this.requests[this.requests.length - 1];
  }
}

/**
 * Reads canonical packets as the protocol reader gives them (the engine's own logic is under test
 * here; the reader's leniency has its own tests): `rc` "0" is 0, no `rc` is unreadable.
 * @param {any} json
 */
export function canonicalRead(json) {
  if (!("rc" in json)) return { packet: null, issues: [{ path: "$.rc", message: "missing", severity: "error" }], dropped: [] };
  const packet = { ...json, rc: json.rc === "0" ? 0 : json.rc };
  return { packet, issues: [], dropped: [] };
}

/** A phone's bounds. */
export const IPHONE = { x: 0, y: 0, width: 393, height: 852 };

/**
 * An engine on `transport` with memory caches (shared through `store` to play a relaunch).
 * @param {any} transport
 * @param {Record<string, any>} [options]
 */
export function makeEngine(transport, options = {}) {
  const store = options.store ?? new MemoryStore();
  const images = options.images ?? new MemoryImageStore(async () => null);
  return new XpediteEngine({
    transport,
    read: options.read ?? readScreen,
    readData,
    cache: new ClientCache(store),
    images,
    bounds: IPHONE,
    device: { uuid: "6F1C2A9B-0D5E-4C1B-9A77-3E2F1D0C8B4A" },
    ...options,
  });
}

/**
 * A screen answer.
 * @param {any[]} components
 * @param {Record<string, any>} [extra]
 */
export function screen(components, extra = {}) {
  return { rc: 0, token: "t1", components, ...extra };
}
