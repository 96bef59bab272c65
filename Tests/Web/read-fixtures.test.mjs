// The web engine's reader over the shared packets: every valid fixture reads without an error and
// normalises to what `xpedite normalize` prints, and lays out as `xpedite layout` does; every
// invalid fixture is read leniently without throwing, reports exactly the issue lines of its
// .expected file, and keeps what XpediteClient keeps (`xpedite normalize --lenient`, or the same
// refusal when even the lenient read refuses it). The golden outputs are in Tests/Fixtures/web.

import assert from "node:assert/strict";
import { test } from "node:test";
import { layoutScreen } from "../../Sources/XpediteWebApp/Resources/web/js/layout/layout.js";
import {
  canonicalJSON, describeIssue, readPacket, readResponse,
} from "../../Sources/XpediteWebApp/Resources/web/js/protocol/read.js";
import { fixtureExists, fixtureNames, fixtureText, goldenText, invalidExpectation } from "./support/fixtures.mjs";

const valid = fixtureNames("valid");
const invalid = fixtureNames("invalid");

test("the packet fixtures are there", () => {
  assert.ok(valid.length >= 100, `${valid.length} valid fixtures`);
  assert.ok(invalid.length >= 50, `${invalid.length} invalid fixtures`);
});

for (const name of valid) {
  test(`valid fixture ${name}`, () => {
    const text = fixtureText(`valid/${name}.json`);
    const read = readPacket(text);
    assert.deepEqual(read.issues.filter((issue) => issue.severity === "error").map(describeIssue), []);
    assert.ok(read.packet, `it reads: ${read.error}`);
    assert.deepEqual(read.dropped, []);
    if (fixtureExists(`web/valid/${name}.normalized.json`)) {
      assert.equal(canonicalJSON(read.packet), goldenText(`valid/${name}.normalized.json`), "xpedite normalize");
    }
    if (read.kind === "response" && fixtureExists(`web/valid/${name}.layout.json`)) {
      const tree = layoutScreen(read.packet, "(0.0, 0.0, 393.0, 852.0)");
      assert.equal(canonicalJSON(tree), goldenText(`valid/${name}.layout.json`), "xpedite layout");
    }
  });
}

for (const name of invalid) {
  test(`invalid fixture ${name}`, () => {
    const expectation = invalidExpectation(name);
    const text = fixtureText(`invalid/${name}.json`);
    /** @type {ReturnType<typeof readPacket> | undefined} */
    let read;
    assert.doesNotThrow(() => {
      read = readPacket(text, { kind: expectation.kind, isConnectionReply: expectation.isConnectionReply });
    });
    assert.ok(read);
    assert.deepEqual(read.issues.map(describeIssue), expectation.lines, "the issue lines of xpedite validate");
    assert.ok(read.issues.some((issue) => issue.severity === "error"), "strict validation refuses it");
    if (read.kind === "response") {
      const strict = readResponse(text, { mode: "strict", isConnectionReply: expectation.isConnectionReply });
      assert.equal(strict.packet, null, "the strict read refuses it");
    }
    if (fixtureExists(`web/invalid/${name}.normalized.json`)) {
      assert.ok(read.packet, `the lenient read keeps a packet: ${read.error}`);
      assert.equal(canonicalJSON(read.packet), goldenText(`invalid/${name}.normalized.json`), "xpedite normalize --lenient");
    } else if (fixtureExists(`web/invalid/${name}.refused.txt`)) {
      assert.equal(read.packet, null, "the lenient read refuses it too");
      assert.equal(read.error, goldenText(`invalid/${name}.refused.txt`));
    }
  });
}
