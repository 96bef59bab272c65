// The simulator's phone frame (Sources/XpediteSimulator/Resources/static/phone-app.js): what its
// packet inspector shows of an exchange and how it sizes the phone. The page itself is tested in
// Chromium (Tests/Browser/test_simulator_app.py).

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  MAX_TEXT,
  boundsOf,
  clip,
  curl,
  packetClass,
  phoneScale,
  pretty,
  summary,
} from "../../../Sources/XpediteSimulator/Resources/static/phone-app.js";

/**
 * An exchange as js/app/embed.js reports it.
 * @param {Partial<import("../../../Sources/XpediteWebApp/Resources/web/js/app/embed.js").Exchange>} fields
 * @returns {import("../../../Sources/XpediteWebApp/Resources/web/js/app/embed.js").Exchange}
 */
function exchange(fields = {}) {
  return {
    id: 3,
    endpoint: "/app/relay",
    method: "setConnection",
    request: '{"method":"setConnection"}',
    startedAt: Date.UTC(2026, 10, 27, 21, 5, 7, 250),
    ms: 12.34,
    issues: [],
    resent: false,
    ...fields,
  };
}

describe("clip", () => {
  test("keeps a text up to MAX_TEXT characters", () => {
    const text = "a".repeat(MAX_TEXT);
    assert.equal(clip(text), text);
  });
  test("cuts a longer text and says how long it was", () => {
    const clipped = clip("b".repeat(MAX_TEXT + 5));
    assert.equal(clipped, `${"b".repeat(MAX_TEXT)}\n… (${MAX_TEXT + 5} characters)`);
  });
});

describe("pretty", () => {
  test("indents JSON by two spaces", () => {
    assert.equal(pretty('{"a":[1,2]}'), '{\n  "a": [\n    1,\n    2\n  ]\n}');
  });
  test("leaves other text as it is", () => {
    assert.equal(pretty("<html>oops</html>"), "<html>oops</html>");
  });
});

describe("curl", () => {
  test("posts the request to the relay's server when the page names one", () => {
    assert.equal(
      curl(exchange(), "http://127.0.0.1:8080/xpedite", "http://127.0.0.1:9000/"),
      "curl -sS -X POST -H 'Content-Type: application/json' --data-binary '{\"method\":\"setConnection\"}' " +
        "'http://127.0.0.1:8080/xpedite'",
    );
  });
  test("else to the URL the app posted to, resolved against the page", () => {
    assert.ok(curl(exchange(), undefined, "http://127.0.0.1:9000/x/").endsWith(" 'http://127.0.0.1:9000/app/relay'"));
    assert.ok(curl(exchange(), "", "http://127.0.0.1:9000/").endsWith(" 'http://127.0.0.1:9000/app/relay'"));
  });
  test("quotes single quotes for the shell", () => {
    const command = curl(exchange({ request: `{"text":"it's"}` }), undefined, "http://h/");
    assert.ok(command.includes(`--data-binary '{"text":"it'\\''s"}' `), command);
  });
});

describe("summary", () => {
  test("a plain exchange: time of day in UTC, duration, request size", () => {
    assert.equal(summary(exchange()), "21:05:07.250 · 12.3 ms · → 26 B");
  });
  test("an answer, a failure, issues and a re-send are all said", () => {
    const text = summary(
      exchange({
        answer: "{}",
        error: "offline",
        resent: true,
        issues: [
          { path: "$.rc", code: "type", severity: "error", message: "m" },
          { path: "$.a", code: "unknown", severity: "warning", message: "m" },
          { path: "$.b", code: "unknown", severity: "warning", message: "m" },
        ],
      }),
    );
    assert.equal(text, "21:05:07.250 · 12.3 ms · → 26 B · ← 2 B · failed · 1 error(s) · 2 warning(s) · re-sent");
  });
});

describe("packetClass", () => {
  test("failed before issues, issues only for errors", () => {
    const error = { path: "$", code: "c", severity: /** @type {const} */ ("error"), message: "m" };
    const warning = { ...error, severity: /** @type {const} */ ("warning") };
    assert.equal(packetClass(exchange()), "x-packet x-ok");
    assert.equal(packetClass(exchange({ issues: [warning] })), "x-packet x-ok");
    assert.equal(packetClass(exchange({ issues: [error] })), "x-packet x-issues");
    assert.equal(packetClass(exchange({ issues: [error], error: "gone" })), "x-packet x-failed");
  });
});

describe("the phone's size", () => {
  test("a device's bounds, swapped when rotated", () => {
    assert.deepEqual(boundsOf("393x852", false), { width: 393, height: 852 });
    assert.deepEqual(boundsOf("393x852", true), { width: 852, height: 393 });
  });
  test("a phone that fits is not scaled", () => {
    assert.equal(phoneScale({ width: 417, height: 876 }, { width: 1400, height: 1000 }, 60), 1);
  });
  test("a short window scales it to its height", () => {
    assert.equal(phoneScale({ width: 417, height: 876 }, { width: 1400, height: 500 }, 60), (500 - 60 - 32) / 876);
  });
  test("a narrow window leaves the inspector room from 900 px on", () => {
    assert.equal(phoneScale({ width: 1000, height: 400 }, { width: 900, height: 2000 }, 0), (900 - 32 - 344) / 1000);
    assert.equal(phoneScale({ width: 1000, height: 400 }, { width: 899, height: 2000 }, 0), (899 - 32) / 1000);
  });
  test("never below a fifth", () => {
    assert.equal(phoneScale({ width: 417, height: 876 }, { width: 100, height: 100 }, 0), 0.2);
  });
});
