// The console's session module (Sources/XpediteNotifyWeb/Resources/console/js/session.js): reading a
// session, the text of a refused sign-in, and the requests it makes (a fetch that records them).

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  currentSession,
  parseSession,
  signIn,
  signInErrorText,
  signOut,
} from "../../../Sources/XpediteNotifyWeb/Resources/console/js/session.js";

const ann = { username: "ann", role: "sender", csrfToken: "c".repeat(64), expiresAt: "2026-01-01T12:00:00Z" };

/**
 * A fetch that answers `status` with `body` (JSON) and `headers`, and records what it was asked.
 * @param {number} status
 * @param {unknown} body
 * @param {Record<string, string>} [headers]
 */
function recordingFetch(status, body, headers = {}) {
  /** @type {{input: string, init: RequestInit | undefined}[]} */
  const calls = [];
  /** @type {(input: string, init?: RequestInit) => Promise<Response>} */
  const fetchFn = async (input, init) => {
    calls.push({ input, init });
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers });
  };
  return { calls, fetchFn };
}

describe("parseSession", () => {
  test("reads a session", () => {
    assert.deepEqual(parseSession({ ...ann, extra: 1 }), ann);
  });
  test("refuses what is not one", () => {
    assert.equal(parseSession(null), null);
    assert.equal(parseSession("ann"), null);
    assert.equal(parseSession({ ...ann, role: 2 }), null);
    assert.equal(parseSession({ username: "ann" }), null);
  });
});

describe("signInErrorText", () => {
  test("a wrong password and an unknown user read the same", () => {
    assert.equal(signInErrorText(401, null), "Wrong username or password.");
  });
  test("too many tries names the wait", () => {
    assert.equal(signInErrorText(429, "30"), "Too many failed sign-ins. Try again in 30 seconds.");
    assert.equal(signInErrorText(429, null), "Too many failed sign-ins. Try again later.");
    assert.equal(signInErrorText(429, "soon"), "Too many failed sign-ins. Try again later.");
  });
  test("anything else names the status", () => {
    assert.equal(signInErrorText(500, null), "The server could not sign you in (500).");
  });
});

describe("signIn", () => {
  test("posts the credentials as JSON and returns the session", async () => {
    const { calls, fetchFn } = recordingFetch(200, ann);
    assert.deepEqual(await signIn(fetchFn, "ann", "a long password"), { session: ann });
    assert.equal(calls.length, 1);
    assert.equal(calls[0].input, "session");
    assert.equal(calls[0].init?.method, "POST");
    assert.deepEqual(JSON.parse(String(calls[0].init?.body)), { username: "ann", password: "a long password" });
  });
  test("a refusal becomes the text to announce", async () => {
    const { fetchFn } = recordingFetch(429, { error: { code: "too_many_attempts" } }, { "Retry-After": "60" });
    assert.deepEqual(await signIn(fetchFn, "ann", "wrong"), { error: "Too many failed sign-ins. Try again in 60 seconds." });
  });
  test("empty fields are refused without asking the server", async () => {
    const { calls, fetchFn } = recordingFetch(200, ann);
    assert.deepEqual(await signIn(fetchFn, "", "x"), { error: "Enter a username and a password." });
    assert.equal(calls.length, 0);
  });
  test("an unreachable server is said so", async () => {
    /** @type {(input: string, init?: RequestInit) => Promise<Response>} */
    const failing = async () => {
      throw new TypeError("network");
    };
    assert.deepEqual(await signIn(failing, "ann", "x"), { error: "The server cannot be reached." });
  });
});

describe("currentSession and signOut", () => {
  test("nobody is signed in on a 401", async () => {
    assert.equal(await currentSession(recordingFetch(401, { error: { code: "unauthorized" } }).fetchFn), null);
  });
  test("the signed-in session", async () => {
    assert.deepEqual(await currentSession(recordingFetch(200, ann).fetchFn), ann);
  });
  test("signing out sends DELETE with the CSRF token", async () => {
    const { calls, fetchFn } = recordingFetch(204, undefined);
    await signOut(fetchFn, ann);
    assert.equal(calls[0].init?.method, "DELETE");
    assert.deepEqual(calls[0].init?.headers, { "X-CSRF-Token": ann.csrfToken });
  });
});
