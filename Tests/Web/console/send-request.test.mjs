// What Compose builds for POST /send (Sources/XpediteNotifyWeb/Resources/console/js/pages/send-request.js).

import assert from "node:assert/strict";
import { test } from "node:test";
import { expiresAtFromLocal, issueSlot, recipientsOf } from "../../../Sources/XpediteNotifyWeb/Resources/console/js/pages/send-request.js";

test("the recipients: the chosen users, the chosen groups, or everyone", () => {
  assert.deepEqual(recipientsOf("users", ["joe"], ["field"]), { users: ["joe"] });
  assert.deepEqual(recipientsOf("groups", ["joe"], ["field"]), { groups: ["field"] });
  assert.deepEqual(recipientsOf("all", ["joe"], ["field"]), { all: true });
});

test("an expiry typed in local time becomes an RFC 3339 instant", () => {
  const instant = expiresAtFromLocal("2026-12-01T09:30");
  assert.equal(instant, new Date(2026, 11, 1, 9, 30).toISOString());
  assert.equal(expiresAtFromLocal(""), null);
  assert.equal(expiresAtFromLocal("tomorrow"), null);
});

test("the form's place for each issue outside the payload's fields", () => {
  assert.equal(issueSlot("$.to.users[0]"), "to");
  assert.equal(issueSlot("$.to"), "to");
  assert.equal(issueSlot("$.title"), "title");
  assert.equal(issueSlot("$.expiresAt"), "expiresAt");
  assert.equal(issueSlot("$.payload.responseTopic"), "responseTopic");
  assert.equal(issueSlot("$.payload.payloadName"), "payloadName");
  assert.equal(issueSlot("$.payload"), "payloadName");
  assert.equal(issueSlot("$.payload.fields[0]"), "");
  assert.equal(issueSlot("$.titles"), "");
});
