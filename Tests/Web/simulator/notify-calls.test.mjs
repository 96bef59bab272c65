// The simulator's app switch (Sources/XpediteSimulator/Resources/static): how its inspector
// describes the notification app's HTTP calls (notify-calls.js). The page itself, wrapping the frame's
// fetch, XMLHttpRequest and EventSource, is tested in Chromium (Tests/Browser/test_app_switch.py).

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  MAX_TEXT,
  describeBody,
  failed,
  kindLabel,
  meta,
  newCall,
  pathOf,
  pretty,
  size,
  text,
} from "../../../Sources/XpediteSimulator/Resources/static/notify-calls.js";

const sentAt = new Date(Date.UTC(2026, 10, 27, 8, 9, 10, 11));

describe("text, pretty and size", () => {
  test("text says any value, cut at MAX_TEXT characters", () => {
    assert.equal(text(42), "42");
    assert.equal(text("c".repeat(MAX_TEXT + 1)), `${"c".repeat(MAX_TEXT)}\n… (${MAX_TEXT + 1} characters)`);
  });
  test("pretty indents JSON, keeps other text and says nothing for nothing", () => {
    assert.equal(pretty('{"ok":true}'), '{\n  "ok": true\n}');
    assert.equal(pretty("plain"), "plain");
    assert.equal(pretty(null), "");
    assert.equal(pretty(undefined), "");
  });
  test("size in bytes below 1 KB, in KB with one decimal from it", () => {
    assert.equal(size(0), "0 B");
    assert.equal(size(1023), "1023 B");
    assert.equal(size(1536), "1.5 KB");
    assert.equal(size(null), "");
  });
});

describe("pathOf", () => {
  const frame = "http://127.0.0.1:9000/notify/app/index.html";
  test("a call on this origin is shown by its path and query", () => {
    assert.equal(pathOf("../v1/rules?x=1", frame, "http://127.0.0.1:9000"), "/notify/v1/rules?x=1");
    assert.equal(pathOf("/notify/v1/me", frame, "http://127.0.0.1:9000"), "/notify/v1/me");
  });
  test("a call elsewhere by its whole URL", () => {
    assert.equal(pathOf("https://example.com/a?b", frame, "http://127.0.0.1:9000"), "https://example.com/a?b");
  });
  test("what is no URL as it was given", () => {
    assert.equal(pathOf("http://[bad", "about:blank", "http://127.0.0.1:9000"), "http://[bad");
  });
});

describe("a call", () => {
  test("starts pending, its method upper case, an empty body of 0 bytes", () => {
    const call = newCall(1, "post", "/x", "/x", null, sentAt, 5);
    assert.equal(call.method, "POST");
    assert.equal(call.requestSize, 0);
    assert.equal(call.kind, "http");
    assert.equal(meta(call), "08:09:10.011 · pending · → 0 B");
    assert.equal(failed(call), false);
    assert.equal(kindLabel(call), "");
  });
  test("a body's size is unknown until measured", () => {
    assert.equal(newCall(1, "put", "/x", "/x", "{}", sentAt, 5).requestSize, null);
  });
  test("answered: duration, status, sizes", () => {
    const call = { ...newCall(2, "GET", "/x", "/x", null, sentAt, 5), duration: 3.25, status: 200, responseSize: 2048 };
    assert.equal(meta(call), "08:09:10.011 · 3.3 ms · 200 · → 0 B · ← 2.0 KB");
  });
  test("a status of 400 or more, or no answer, is a failure", () => {
    const call = newCall(3, "GET", "/x", "/x", null, sentAt, 5);
    assert.equal(failed({ ...call, status: 399 }), false);
    assert.equal(failed({ ...call, status: 404 }), true);
    assert.equal(failed({ ...call, failure: "no answer: TypeError" }), true);
    assert.ok(meta({ ...call, failure: "no answer" }).endsWith(" · failed"));
  });
  test("an event stream: no pending, no request size, its events counted", () => {
    const call = { ...newCall(4, "GET", "/e", "/e", null, sentAt, 5), kind: /** @type {const} */ ("events"), events: 3 };
    assert.equal(meta(call), "08:09:10.011 · 3 event(s)");
    assert.equal(kindLabel(call), "event stream");
  });
  test("seen late, by its timing", () => {
    const call = { ...newCall(5, "?", "/s", "/s", null, sentAt, 5), kind: /** @type {const} */ ("seen"), duration: 1 };
    assert.equal(kindLabel(call), "seen late");
    assert.equal(meta(call), "08:09:10.011 · 1.0 ms");
  });
});

describe("describeBody", () => {
  test("no body", () => {
    assert.deepEqual(describeBody(globalThis, undefined), { text: null, size: 0 });
    assert.deepEqual(describeBody(globalThis, null), { text: null, size: 0 });
  });
  test("text by its UTF-8 size", () => {
    assert.deepEqual(describeBody(globalThis, '{"name":"é"}'), { text: '{"name":"é"}', size: 13 });
  });
  test("URL search parameters as a query", () => {
    assert.deepEqual(describeBody(globalThis, new URLSearchParams({ a: "1", b: "x y" })), { text: "a=1&b=x+y", size: 9 });
  });
  test("form fields one a line, files by size and type", () => {
    const form = new FormData();
    form.append("name", "Ann");
    form.append("photo", new Blob(["1234"], { type: "image/png" }), "p.png");
    assert.deepEqual(describeBody(globalThis, form), { text: "name=Ann\nphoto=(file 4 B, image/png)", size: null });
  });
  test("a blob by its size and type", () => {
    assert.deepEqual(describeBody(globalThis, new Blob(["abc"], { type: "text/csv" })), {
      text: "(binary: 3 bytes, text/csv)",
      size: 3,
    });
    assert.deepEqual(describeBody(globalThis, new Blob(["abc"])), { text: "(binary: 3 bytes)", size: 3 });
  });
  test("buffers and views by their length", () => {
    assert.deepEqual(describeBody(globalThis, new ArrayBuffer(8)), { text: "(binary: 8 bytes)", size: 8 });
    assert.deepEqual(describeBody(globalThis, new Uint16Array(3)), { text: "(binary: 6 bytes)", size: 6 });
  });
  test("anything else by its class", () => {
    assert.deepEqual(describeBody(globalThis, { a: 1 }), { text: "([object Object])", size: null });
  });
});
