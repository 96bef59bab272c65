// The console's API module (Sources/XpediteNotifyWeb/Resources/console/js/api.js): the requests it
// makes (a fetch that records them), the CSRF token on changes only, and error answers read into
// ApiError with their issues.

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { ApiError, ConsoleAPI, apiError, resourcePath, withQuery } from "../../../Sources/XpediteNotifyWeb/Resources/console/js/api.js";

const ann = { username: "ann", role: "sender", csrfToken: "t".repeat(64), expiresAt: "2026-01-01T12:00:00Z" };

/**
 * A fetch that answers `status` with `body`, and records what it was asked.
 * @param {number} status
 * @param {string | null} body
 */
function recordingFetch(status, body) {
  /** @type {{input: string, init: RequestInit | undefined}[]} */
  const calls = [];
  /** @type {(input: string, init?: RequestInit) => Promise<Response>} */
  const fetchFn = async (input, init) => {
    calls.push({ input, init });
    return new Response(body, { status });
  };
  return { calls, fetchFn };
}

/**
 * The headers of a recorded call.
 * @param {RequestInit | undefined} init
 * @returns {Record<string, string>}
 */
function headersOf(init) {
  return /** @type {Record<string, string>} */ (init?.headers ?? {});
}

describe("ConsoleAPI", () => {
  test("a read goes to the API beside the console, with the cookie and without the CSRF token", async () => {
    const { calls, fetchFn } = recordingFetch(200, '{"groups": []}');
    const api = new ConsoleAPI(fetchFn, ann);
    assert.deepEqual(await api.get("groups"), { groups: [] });
    assert.equal(calls[0]?.input, "../v1/groups");
    assert.equal(calls[0]?.init?.method, "GET");
    assert.equal(calls[0]?.init?.credentials, "same-origin");
    assert.equal(headersOf(calls[0]?.init)["X-CSRF-Token"], undefined);
  });

  test("a change carries the session's CSRF token and its body as JSON", async () => {
    const { calls, fetchFn } = recordingFetch(200, '{"name": "field"}');
    const api = new ConsoleAPI(fetchFn, ann);
    await api.put("groups/field", { members: ["joe"] });
    const headers = headersOf(calls[0]?.init);
    assert.equal(headers["X-CSRF-Token"], ann.csrfToken);
    assert.equal(headers["Content-Type"], "application/json");
    assert.equal(calls[0]?.init?.body, '{"members":["joe"]}');
  });

  test("204 answers null", async () => {
    const { fetchFn } = recordingFetch(204, null);
    assert.equal(await new ConsoleAPI(fetchFn, ann).delete("groups/field"), null);
  });

  test("an error answer throws ApiError with its status, code, message and issues", async () => {
    const body = JSON.stringify({
      error: { code: "invalid", message: "the payload fails validation", issues: [{ path: "$.payload.fields[0].type", message: "unknown type", code: "unknownType" }, { nope: 1 }] },
    });
    const { fetchFn } = recordingFetch(422, body);
    await assert.rejects(new ConsoleAPI(fetchFn, ann).post("send", {}), (error) => {
      assert.ok(error instanceof ApiError);
      assert.equal(error.status, 422);
      assert.equal(error.code, "invalid");
      assert.equal(error.message, "the payload fails validation");
      assert.deepEqual(error.issues, [{ path: "$.payload.fields[0].type", message: "unknown type", code: "unknownType" }]);
      return true;
    });
  });

  test("an answer that is not JSON, and a server that cannot be reached, are errors too", async () => {
    const { fetchFn } = recordingFetch(502, "<html>bad gateway</html>");
    await assert.rejects(new ConsoleAPI(fetchFn, ann).get("users"), (error) => error instanceof ApiError && error.status === 502 && error.code === "unreadable");
    /** @type {(input: string, init?: RequestInit) => Promise<Response>} */
    const failing = async () => {
      throw new TypeError("network");
    };
    await assert.rejects(new ConsoleAPI(failing, ann).get("users"), (error) => error instanceof ApiError && error.status === 0 && error.code === "unreachable");
  });
});

describe("apiError", () => {
  test("a body that is not an error object gives a generic error", () => {
    const error = apiError(500, { something: "else" });
    assert.equal(error.code, "unknown");
    assert.equal(error.message, "the server answered 500");
    assert.deepEqual(error.issues, []);
  });
});

describe("paths", () => {
  test("withQuery leaves out empty values and encodes the rest", () => {
    assert.equal(withQuery("responses", { topic: "/a/b c", after: "", limit: 50, user: undefined }), "responses?topic=%2Fa%2Fb+c&limit=50");
    assert.equal(withQuery("groups"), "groups");
  });

  test("resourcePath encodes each segment, so a name never becomes a path", () => {
    assert.equal(resourcePath("groups", "../operators"), "groups/..%2Foperators");
    assert.equal(resourcePath("payloads", "a b"), "payloads/a%20b");
  });
});
