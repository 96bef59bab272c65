// The answers section's logic without a page (Sources/XpediteNotifyWeb/Resources/console/js/pages/
// answers-columns.js, answers-query.js, answers-export.js): the columns of response objects and
// their payloads' fields, each cell's text and kind, the filters in the address and the API's
// query, paging back, and an export read from a stream into a Blob.

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { ApiError } from "../../../Sources/XpediteNotifyWeb/Resources/console/js/api.js";
import {
  cellOf,
  columnsOf,
  definitionKey,
  fieldsOf,
  kindOfValue,
  pageOf,
  payloadNameOf,
  rowsOf,
  valueText,
} from "../../../Sources/XpediteNotifyWeb/Resources/console/js/pages/answers-columns.js";
import {
  downloadExport,
  exportFormats,
  exportSizeText,
  lineFeeds,
} from "../../../Sources/XpediteNotifyWeb/Resources/console/js/pages/answers-export.js";
import {
  PageTrail,
  answersHash,
  exportFileName,
  exportPath,
  filtersOf,
  localFromRFC3339,
  pagePath,
  rfc3339FromLocal,
} from "../../../Sources/XpediteNotifyWeb/Resources/console/js/pages/answers-query.js";
import { parseRoute } from "../../../Sources/XpediteNotifyWeb/Resources/console/js/router.js";

const inspection = [
  { type: "text", label: "Inspect the site" },
  { type: "camera", id: "photo", label: "Photo" },
  { type: "inputString", id: "note", label: "Note" },
  { type: "droplist", id: "state", values: ["Good", "Worn"] },
  { type: "inlineButton", buttonLabel: "Done", value: 1 },
  { type: "map", id: "where" },
  { type: "audio", id: "voice" },
];
const survey = [
  { type: "checkbox", id: "agree" },
  { type: "inputString", id: "note" },
  { type: "video", id: "clip" },
];

/** @type {import("../../../Sources/XpediteNotifyWeb/Resources/console/js/pages/answers-columns.js").ResponseObject[]} */
const responses = [
  {
    responseId: "r1",
    messageId: "m1",
    username: "anna",
    deviceId: "phone",
    submitValue: 1,
    receivedAt: "2026-11-27T10:00:00Z",
    // Values in another order than the fields, the photo left out (hidden by its showIf).
    values: { where: { longitude: 2.2945, latitude: 48.8584 }, state: "Worn", note: "<img src=x onerror=alert(1)>", voice: null },
  },
  { responseId: "r2", request: "survey", username: "ben", values: { agree: true, note: "=SUM(A1)", clip: "rcs/video/c1.mp4" } },
  { responseId: "r3", messageId: "m2", username: "carl", values: { photo: "rcs/image/p3.jpg", extra: ["a", "b"] } },
];

/** @param {string} key */
const fieldsFor = (key) => ({ "message:m1": inspection, "request:survey": survey })[key] ?? null;

describe("columns and rows", () => {
  test("the response's own columns, then each field id in payload order, payloads in the order of their first response", () => {
    const columns = columnsOf(responses, fieldsFor);
    assert.deepEqual(
      columns.map((column) => column.id),
      ["responseId", "username", "deviceId", "submitValue", "receivedAt", "photo", "note", "state", "where", "voice", "agree", "clip", "extra"],
    );
    assert.deepEqual(
      columns.slice(5).map((column) => column.kind),
      ["image", "text", "text", "location", "audio", "text", "video", "text"],
    );
    assert.equal(columns.find((column) => column.id === "photo")?.label, "Photo");
  });

  test("a value whose payload is not known gets a column of its shape's kind", () => {
    const columns = columnsOf([{ responseId: "r", messageId: "gone", values: { shot: null } }, { messageId: "gone", values: { shot: "rcs/image/a.jpg" } }], () => null);
    assert.deepEqual(
      columns.slice(5).map((column) => [column.id, column.kind]),
      [["shot", "image"]],
    );
  });

  test("a field type that is an Object member's name is no input field", () => {
    const columns = columnsOf([{ messageId: "m", values: {} }], () => [{ type: "toString", id: "x" }, { type: "constructor", id: "y" }]);
    assert.equal(columns.length, 5);
  });

  test("cells: text as the CSV export writes it, documents and places by their kind", () => {
    const columns = columnsOf(responses, fieldsFor);
    const rows = rowsOf(responses, columns);
    const anna = Object.fromEntries(columns.map((column, index) => [column.id, rows[0]?.cells[index]]));
    assert.deepEqual(anna.responseId, { kind: "text", text: "r1" });
    assert.deepEqual(anna.submitValue, { kind: "text", text: "1" });
    assert.deepEqual(anna.photo, { kind: "text", text: "" });
    assert.deepEqual(anna.note, { kind: "text", text: "<img src=x onerror=alert(1)>" });
    assert.deepEqual(anna.where, { kind: "location", text: "48.8584,2.2945", latitude: 48.8584, longitude: 2.2945 });
    assert.deepEqual(anna.voice, { kind: "text", text: "" });
    const carl = Object.fromEntries(columns.map((column, index) => [column.id, rows[2]?.cells[index]]));
    assert.deepEqual(carl.photo, { kind: "image", text: "rcs/image/p3.jpg", document: "rcs/image/p3.jpg" });
    assert.deepEqual(carl.extra, { kind: "text", text: "a; b" });
    assert.equal(rows[1]?.username, "ben");
  });

  test("a value that is not a document of the column's kind is text, never an address", () => {
    const image = { id: "photo", label: "", kind: /** @type {const} */ ("image"), field: true };
    for (const value of ["rcs/image/../../v1/operators", "rcs/audio/a.m4a", "https://evil.example/x.jpg", "rcs/image/a.jpg?x", 5]) {
      assert.equal(cellOf(image, value).kind, "text", String(value));
    }
    const place = { id: "where", label: "", kind: /** @type {const} */ ("location"), field: true };
    assert.deepEqual(cellOf(place, { type: "Point", coordinates: [10, 20] }), { kind: "location", text: "20,10", latitude: 20, longitude: 10 });
    assert.equal(cellOf(place, { latitude: 91, longitude: 0 }).kind, "text");
  });

  test("values as text: numbers as JSON, booleans, choices, objects as JSON, nothing for null", () => {
    assert.equal(valueText(2.5), "2.5");
    assert.equal(valueText(false), "false");
    assert.equal(valueText(["Red", 2]), "Red; 2");
    assert.equal(valueText({ a: 1 }), '{"a":1}');
    assert.equal(valueText(null), "");
    assert.equal(valueText(undefined), "");
    assert.equal(kindOfValue("rcs/audio/v.m4a"), "audio");
    assert.equal(kindOfValue("rcs/other/v.m4a"), "text");
  });

  test("definitions: a message's or a start request's key, and the fields of each answer", () => {
    assert.equal(definitionKey({ messageId: "m" }), "message:m");
    assert.equal(definitionKey({ request: "survey" }), "request:survey");
    assert.equal(definitionKey({}), null);
    assert.deepEqual(fieldsOf({ payload: { responseTopic: "/a", fields: survey } }), survey);
    assert.deepEqual(fieldsOf({ name: "survey", fields: survey }), survey);
    assert.equal(fieldsOf({ payload: { responseTopic: "/a", payloadName: "p" } }), null);
    assert.equal(payloadNameOf({ payload: { responseTopic: "/a", payloadName: "p" } }), "p");
    assert.deepEqual(pageOf({ responses: [{ responseId: "a" }, "junk", null], next: "7" }), { responses: [{ responseId: "a" }], next: "7" });
    assert.deepEqual(pageOf("junk"), { responses: [], next: "" });
  });
});

describe("filters", () => {
  test("the address holds the filters, and its hash reads back the same", () => {
    const hash = answersHash({ topic: "/a/b", payload: "inspection", user: "joe@example.com", since: "2026-01-02T03:04:05Z", after: "" });
    assert.equal(hash, "#/answers?topic=%2Fa%2Fb&payload=inspection&user=joe%40example.com&since=2026-01-02T03%3A04%3A05Z");
    const route = parseRoute(hash);
    assert.equal(route.section, "answers");
    assert.deepEqual(filtersOf(route.query), {
      topic: "/a/b",
      payload: "inspection",
      message: "",
      user: "joe@example.com",
      since: "2026-01-02T03:04:05Z",
      until: "",
      after: "",
    });
  });

  test("a page asks for the filters, the cursor and the page size; an export for every page", () => {
    const filters = filtersOf(new URLSearchParams("topic=/a/b&payload=p&message=m1&user=joe&since=2026-01-02T03:04:05%2B01:00&after=42"));
    assert.equal(
      pagePath(filters, "/a/b"),
      "responses?topic=%2Fa%2Fb&payloadName=p&messageId=m1&username=joe&since=2026-01-02T03%3A04%3A05%2B01%3A00&after=42&limit=100",
    );
    assert.equal(exportPath(filters, "/x"), "responses?topic=%2Fx&payloadName=p&messageId=m1&username=joe&since=2026-01-02T03%3A04%3A05%2B01%3A00");
  });

  test("times: a local time from the form is sent as UTC, and shown back as the same local time", () => {
    const utc = rfc3339FromLocal("2026-03-04T05:06");
    assert.match(utc, /^2026-03-0[345]T\d\d:06:00Z$/);
    assert.equal(localFromRFC3339(utc), "2026-03-04T05:06");
    assert.equal(rfc3339FromLocal(""), "");
    assert.equal(rfc3339FromLocal("not a time"), "");
    assert.equal(localFromRFC3339("yesterday"), "");
  });

  test("export files are named after the topic and the day", () => {
    assert.equal(exportFileName("/a/b c", "csv", new Date("2026-11-27T12:00:00Z")), "answers-a-b_c-2026-11-27.csv");
    assert.equal(exportFileName("", "ndjson", new Date("2026-11-27T12:00:00Z")), "answers-2026-11-27.ndjson");
  });

  test("paging back: the known page before, the first page when it is not known, none on the first", () => {
    const trail = new PageTrail();
    const first = filtersOf(new URLSearchParams("topic=/a"));
    assert.equal(trail.previous(first), null);
    trail.forward(first, "100");
    const second = { ...first, after: "100" };
    assert.equal(trail.previous(second), "");
    trail.forward(second, "200");
    assert.equal(trail.previous({ ...first, after: "200" }), "100");
    // Another filter is another trail.
    assert.equal(trail.previous({ ...first, user: "joe", after: "200" }), "");
  });
});

describe("exports", () => {
  /**
   * A fetch that answers with `chunks` streamed, and records what it was asked.
   * @param {number} status
   * @param {string[]} chunks
   * @param {string} type
   */
  function streamingFetch(status, chunks, type) {
    /** @type {{input: string, init: RequestInit | undefined}[]} */
    const calls = [];
    /** @type {(input: string, init?: RequestInit) => Promise<Response>} */
    const fetchFn = async (input, init) => {
      calls.push({ input, init });
      const encoder = new TextEncoder();
      const body = new ReadableStream({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
          controller.close();
        },
      });
      return new Response(body, { status, headers: { "Content-Type": type } });
    };
    return { calls, fetchFn };
  }

  test("an export is asked for with its Accept and the session, read chunk by chunk into a Blob", async () => {
    const csv = ["responseId,username,note\r\n", "r1,anna,'=SUM(A1)\r\nr2,", "ben,x\r\n"];
    const { calls, fetchFn } = streamingFetch(200, csv, "text/csv; charset=utf-8");
    /** @type {number[]} */
    const seen = [];
    const { blob, lines } = await downloadExport(fetchFn, "../v1/responses?topic=%2Fa", exportFormats.csv, (count) => seen.push(count));
    assert.equal(calls[0]?.input, "../v1/responses?topic=%2Fa");
    assert.deepEqual(calls[0]?.init?.headers, { Accept: "text/csv" });
    assert.equal(calls[0]?.init?.credentials, "same-origin");
    assert.deepEqual(seen, [1, 2, 3]);
    assert.equal(lines, 3);
    assert.equal(blob.type, "text/csv; charset=utf-8");
    assert.equal(await blob.text(), csv.join(""));
    assert.equal(exportSizeText(exportFormats.csv, lines, blob.size), `2 rows (${csv.join("").length} B)`);
    assert.equal(exportSizeText(exportFormats.ndjson, 100000, 25 * 1024 * 1024), "100,000 rows (25.0 MB)");
  });

  test("a refused export is an ApiError with the error object's code and issues", async () => {
    const body = JSON.stringify({ error: { code: "invalid", message: "the query is not valid", issues: [{ path: "$.since", message: "expected an RFC 3339 time" }] } });
    const { fetchFn } = streamingFetch(422, [body], "application/json");
    await assert.rejects(downloadExport(fetchFn, "x", exportFormats.ndjson, () => {}), (error) => {
      assert.ok(error instanceof ApiError);
      assert.equal(error.status, 422);
      assert.deepEqual(error.issues, [{ path: "$.since", message: "expected an RFC 3339 time" }]);
      return true;
    });
    const unreachable = async () => {
      throw new TypeError("Failed to fetch");
    };
    await assert.rejects(downloadExport(unreachable, "x", exportFormats.csv, () => {}), { code: "unreachable" });
  });

  test("line feeds are counted in bytes", () => {
    assert.equal(lineFeeds(new TextEncoder().encode("a\nb\n\nc")), 3);
    assert.equal(lineFeeds(new Uint8Array()), 0);
  });
});
