// The Messages section's logic without the DOM (Sources/XpediteNotifyWeb/Resources/console/js/pages/
// messages-model.js): the paths it reads, the filter the address keeps, counts and states as
// text, and an answer's values as text or as a document.

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  answerRows,
  answeredText,
  answersPath,
  countDeliveries,
  deliveryCounts,
  documentKind,
  documentPath,
  listFilter,
  listPath,
  messagePath,
  stateText,
  valueText,
} from "../../../Sources/XpediteNotifyWeb/Resources/console/js/pages/messages-model.js";

describe("the list's filter and paths", () => {
  test("the address's search text and state, an unknown state left out", () => {
    assert.deepEqual(listFilter(new URLSearchParams("q=%20gate%20&state=withdrawn")), { q: "gate", state: "withdrawn" });
    assert.deepEqual(listFilter(new URLSearchParams("state=gone")), { q: "", state: "" });
    assert.deepEqual(listFilter(new URLSearchParams("")), { q: "", state: "" });
  });

  test("a page's path carries only the filters given, and the cursor of the page before", () => {
    assert.equal(listPath({ q: "", state: "" }), "messages?limit=50");
    assert.equal(listPath({ q: "a&b=c", state: "active" }, "djE6MTox", 20), "messages?q=a%26b%3Dc&state=active&after=djE6MTox&limit=20");
  });

  test("a message's path encodes its id; its answers are read on its topic", () => {
    assert.equal(messagePath("a/b?c"), "messages/a%2Fb%3Fc");
    const message = /** @type {import("../../../Sources/XpediteNotifyWeb/Resources/console/js/pages/messages-model.js").MessageDetail} */ ({
      messageId: "m1",
      payload: { responseTopic: "/a/b" },
    });
    assert.equal(answersPath(message), "responses?topic=%2Fa%2Fb&messageId=m1&limit=1000");
  });
});

describe("counts and states", () => {
  test("answered of total", () => {
    assert.equal(answeredText({ total: 3, answered: 1, pending: 2 }), "1/3");
  });

  test("only the push states that have pushes, in the console's order", () => {
    assert.deepEqual(deliveryCounts({ failed: 1, pending: 0, delivered: 2 }), [
      { state: "delivered", count: 2 },
      { state: "failed", count: 1 },
    ]);
    assert.deepEqual(deliveryCounts({}), []);
  });

  test("a detail's pushes counted by state", () => {
    const push = { deviceId: "d", provider: "apns", attempts: 1 };
    assert.deepEqual(countDeliveries([{ ...push, state: "gone" }, { ...push, state: "gone" }, { ...push, state: "failed" }]), {
      gone: 2,
      failed: 1,
    });
  });

  test("each message state has its own words", () => {
    assert.deepEqual(
      ["active", "withdrawn", "expired", "other"].map(stateText),
      ["Active", "Withdrawn", "Expired", "other"],
    );
  });
});

describe("answers", () => {
  test("documents are recognised by the names the server gives them, nothing else", () => {
    assert.equal(documentKind("rcs/image/0b7c.jpg"), "image");
    assert.equal(documentKind("rcs/audio/x.m4a"), "audio");
    assert.equal(documentKind("rcs/video/x.mp4"), "video");
    assert.equal(documentKind("rcs/image/../../etc/passwd"), null);
    assert.equal(documentKind("rcs/image/.."), null);
    assert.equal(documentKind("http://example.com/rcs/image/x.jpg"), null);
    assert.equal(documentKind("<img src=x onerror=alert(1)>"), null);
    assert.equal(documentKind(12), null);
  });

  test("a document's path keeps its folders and encodes each name", () => {
    assert.equal(documentPath("rcs/image/a b.jpg"), "documents/rcs/image/a%20b.jpg");
  });

  test("values as text", () => {
    assert.equal(valueText("<b>x</b>"), "<b>x</b>");
    assert.equal(valueText(3.5), "3.5");
    assert.equal(valueText(false), "false");
    assert.equal(valueText(null), "—");
    assert.equal(valueText(["Red", "Blue"]), "Red, Blue");
    assert.equal(valueText({ latitude: 52.5, longitude: 13.4 }), "52.5, 13.4");
    assert.equal(valueText({ type: "Point", coordinates: [13.4, 52.5] }), "52.5, 13.4");
    assert.equal(valueText({ a: 1 }), '{"a":1}');
  });

  test("rows in payload order with labels, then values the payload does not name", () => {
    const fields = [
      { type: "text", label: "Intro" },
      { id: "colour", type: "droplist", label: "<img src=x onerror=alert(1)>" },
      { id: "note", type: "inputString" },
      { id: "skipped", type: "inputString", label: "Skipped" },
    ];
    assert.deepEqual(answerRows(fields, { extra: 1, note: "hi", colour: "Red" }), [
      { id: "colour", label: "<img src=x onerror=alert(1)>", value: "Red" },
      { id: "note", label: "note", value: "hi" },
      { id: "extra", label: "extra", value: 1 },
    ]);
    assert.deepEqual(answerRows(undefined, { a: null }), [{ id: "a", label: "a", value: null }]);
  });
});
