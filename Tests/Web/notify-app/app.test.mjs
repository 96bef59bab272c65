// The notification app's pure steps (Sources/XpediteNotifyWeb/Resources/app/js), imported as the
// browser runs them: its routes (routes.js), the device's name (session.js), the event stream's
// parser (events.js), a recording's limits and format (recording-limits.js), where a pointer
// falls on the markup canvas (markup.js), and the locations of a map (map.js).

import assert from "node:assert/strict";
import { test } from "node:test";

import { messageHash, parseRoute, tabHref } from "../../../Sources/XpediteNotifyWeb/Resources/app/js/routes.js";
import { deviceName } from "../../../Sources/XpediteNotifyWeb/Resources/app/js/session.js";
import { parseEvents } from "../../../Sources/XpediteNotifyWeb/Resources/app/js/events.js";
import { recordingLimits, recordingType } from "../../../Sources/XpediteNotifyWeb/Resources/app/js/recording-limits.js";
import { canvasPoint } from "../../../Sources/XpediteNotifyWeb/Resources/app/js/markup.js";
import { latLng } from "../../../Sources/XpediteNotifyWeb/Resources/app/js/map.js";

test("routes: the hash names the view and its id; anything else is the inbox", () => {
  assert.deepEqual(parseRoute("#/inbox"), { name: "inbox", id: undefined });
  assert.deepEqual(parseRoute("#/start"), { name: "start", id: undefined });
  assert.deepEqual(parseRoute("#/message/m%2F1%20a"), { name: "message", id: "m/1 a" });
  assert.deepEqual(parseRoute("#/request/visit"), { name: "request", id: "visit" });
  assert.deepEqual(parseRoute(""), { name: "inbox", id: undefined });
  assert.deepEqual(parseRoute("#/Inbox"), { name: "inbox", id: undefined });
  assert.deepEqual(parseRoute("#message/1"), { name: "inbox", id: undefined });
  // An unknown view keeps its name: the app shows the inbox for it.
  assert.deepEqual(parseRoute("#/nowhere"), { name: "nowhere", id: undefined });
});

test("routes: a message's form belongs to the Inbox tab, a request's to Start; a message's hash round-trips", () => {
  assert.equal(tabHref("message"), "#/inbox");
  assert.equal(tabHref("request"), "#/start");
  assert.equal(tabHref("account"), "#/account");
  assert.equal(tabHref("inbox"), "#/inbox");
  const id = "msg #1/ä?";
  assert.equal(messageHash(id), "#/message/msg%20%231%2F%C3%A4%3F");
  assert.deepEqual(parseRoute(messageHash(id)), { name: "message", id });
});

test("the device's name: the browser and the system from the user agent", () => {
  const pixel = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";
  const iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
  const edge = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0";
  const firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
  assert.equal(deviceName(pixel), "Chrome on Android");
  assert.equal(deviceName(iphone), "Safari on iOS");
  assert.equal(deviceName(edge), "Edge on Windows");
  assert.equal(deviceName(firefox), "Firefox on Linux");
  assert.equal(deviceName("curl/8.0"), "Browser");
});

test("the event stream: whole events are parsed, the unfinished rest is kept for the next read", () => {
  const [events, rest] = parseEvents(": hello\r\n\r\nevent: message\ndata: {\"a\":1}\nid: 7\n\ndata: one\ndata: two\n\nevent: answered\ndata: {\"mes");
  assert.deepEqual(events, [
    { type: "message", data: "{\"a\":1}", id: "7" },
    { type: "message", data: "one\ntwo", id: null },
  ]);
  assert.equal(rest, "event: answered\ndata: {\"mes");
  const [more, left] = parseEvents(`${rest}sageId":"m1"}\n\n`);
  assert.deepEqual(more, [{ type: "answered", data: "{\"messageId\":\"m1\"}", id: null }]);
  assert.equal(left, "");
  // A field without a colon has an empty value; one space after the colon is dropped, no more.
  assert.deepEqual(parseEvents("data\ndata:  x\n\n")[0], [{ type: "message", data: "\n x", id: null }]);
});

test("a recording's limits: the field's own, else 10 s and 100 KB of audio or 1000 KB of video", () => {
  assert.deepEqual(recordingLimits({}, "audio"), { seconds: 10, bytes: 100 * 1024 });
  assert.deepEqual(recordingLimits({}, "video"), { seconds: 10, bytes: 1000 * 1024 });
  assert.deepEqual(recordingLimits({ maxDurationSeconds: 30, maxSizeK: 250 }, "video"), { seconds: 30, bytes: 250 * 1024 });
  for (const bad of [0, -5, Number.NaN, Number.POSITIVE_INFINITY, "20", null]) {
    assert.deepEqual(recordingLimits({ maxDurationSeconds: bad, maxSizeK: bad }, "audio"), { seconds: 10, bytes: 100 * 1024 }, String(bad));
  }
});

test("a recording's format: the first the browser supports, WebM before MP4, else the browser's own", () => {
  assert.equal(recordingType("audio", () => true), "audio/webm;codecs=opus");
  assert.equal(recordingType("video", (type) => type === "video/webm"), "video/webm");
  assert.equal(recordingType("video", (type) => type === "video/mp4"), "video/mp4");
  assert.equal(recordingType("audio", (type) => type.startsWith("video/")), "");
  assert.equal(recordingType("audio", () => false), "");
});

test("markup: a pointer lands on the canvas pixel under it, the canvas scaled to fit its box and centred", () => {
  // A 1000 × 500 photo in a 400 × 400 box at (10, 20): scaled by 0.4, 100 px of margin above and below.
  const box = { left: 10, top: 20, width: 400, height: 400 };
  assert.deepEqual(canvasPoint(box, 1000, 500, 10, 120), [0, 0]);
  assert.deepEqual(canvasPoint(box, 1000, 500, 410, 320), [1000, 500]);
  assert.deepEqual(canvasPoint(box, 1000, 500, 210, 220), [500, 250]);
  // Unscaled, the pointer's offset in the box is the pixel.
  assert.deepEqual(canvasPoint({ left: 0, top: 0, width: 300, height: 200 }, 300, 200, 12, 34), [12, 34]);
});

test("a map's location: a GeoJSON Point or {longitude, latitude}, as [lat, lng]; anything else is none", () => {
  assert.deepEqual(latLng({ type: "Point", coordinates: [2.35, 48.85] }), [48.85, 2.35]);
  assert.deepEqual(latLng({ longitude: -122.4, latitude: 37.8 }), [37.8, -122.4]);
  assert.equal(latLng({ type: "Point", coordinates: [2.35] }), null);
  assert.equal(latLng({ type: "Point", coordinates: ["2", "48"] }), null);
  assert.equal(latLng({ latitude: 1 }), null);
  assert.equal(latLng("48.85,2.35"), null);
  assert.equal(latLng(null), null);
});
