// A form's share of an API error's issues (Sources/XpediteNotifyWeb/Resources/console/js/field-issues.js).

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { issueField, issuesByField, splitNames } from "../../../Sources/XpediteNotifyWeb/Resources/console/js/field-issues.js";

describe("issueField", () => {
  test("names the body member a path is about", () => {
    assert.equal(issueField("$.password"), "password");
    assert.equal(issueField("$.members[2]"), "members");
    assert.equal(issueField("$.payload.fields[0].id"), "payload");
    assert.equal(issueField("$"), "");
    assert.equal(issueField("members"), "");
  });
});

describe("issuesByField", () => {
  test("puts each issue under its field, the others under the form with their path", () => {
    const issues = [
      { path: "$.members[1]", message: "no user \"zed\"" },
      { path: "$.password", message: "expected a non-empty password" },
      { path: "$.members[3]", message: "no user \"zoe\"" },
      { path: "$.other", message: "odd" },
      { path: "$", message: "whole" },
    ];
    const byField = issuesByField(issues, ["members", "password", "name"]);
    assert.deepEqual(byField.get("members"), ["no user \"zed\"", "no user \"zoe\""]);
    assert.deepEqual(byField.get("password"), ["expected a non-empty password"]);
    assert.deepEqual(byField.get(""), ["$.other: odd", "whole"]);
    assert.equal(byField.get("name"), undefined);
  });
});

describe("splitNames", () => {
  test("splits at commas and lines, trims, drops empty names", () => {
    assert.deepEqual(splitNames(" ann, bob\ncid ,,\n"), ["ann", "bob", "cid"]);
    assert.deepEqual(splitNames(""), []);
  });
});
