// The phone's transport (docs/protocol/packets.md#transport): one POST of a JSON object per
// message. HTTP 200 is the only answer; any other status, a timeout or a cut connection means the
// server is unreachable, which lets the engine fall back to its cache.

/** Why a request got no answer the engine can read. */
export class TransportError extends Error {
  /**
   * @param {"status" | "timeout" | "network" | "cancelled"} kind
   * @param {string} message what the person holding the phone reads, after "The server cannot be reached"
   * @param {number} [status]
   */
  constructor(kind, message, status) {
    super(message);
    this.name = "TransportError";
    this.kind = kind;
    this.status = status;
  }
}

/**
 * @typedef {object} Answer
 * @property {string} text the body
 * @property {string} contentType the answer's Content-Type, lower-cased ("" when none)
 */

/**
 * @typedef {object} Transport
 * @property {(body: string) => Promise<Answer>} send posts one packet and resolves with the answer
 */

/** A transport over `fetch`, with a timeout through AbortController. */
export class FetchTransport {
  /**
   * @param {string} endpoint the endpoint URL (absolute, or relative to the page)
   * @param {{timeoutMs?: number, fetch?: typeof fetch}} [options] 30 s by default
   */
  constructor(endpoint, options = {}) {
    this.endpoint = endpoint;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /**
   * @param {string} body the packet's JSON
   * @returns {Promise<Answer>}
   */
  async send(body) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.timeoutMs);
    try {
      /** @type {Response} */
      let response;
      try {
        response = await this.fetch(this.endpoint, {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body,
          signal: controller.signal,
          cache: "no-store",
          credentials: "omit",
        });
      } catch (error) {
        if (controller.signal.aborted) {
          throw new TransportError("timeout", `no answer within ${Math.round(this.timeoutMs / 1000)} s`);
        }
        throw new TransportError("network", `the connection failed: ${describe(error)}`);
      }
      if (response.status !== 200) {
        throw new TransportError("status", `HTTP ${response.status}`, response.status);
      }
      let text;
      try {
        text = await response.text();
      } catch (error) {
        if (controller.signal.aborted) {
          throw new TransportError("timeout", `no answer within ${Math.round(this.timeoutMs / 1000)} s`);
        }
        throw new TransportError("network", `the connection was cut: ${describe(error)}`);
      }
      return { text, contentType: (response.headers.get("Content-Type") ?? "").toLowerCase() };
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * @param {unknown} error
 */
export function describe(error) {
  return error instanceof Error ? error.message : String(error);
}
