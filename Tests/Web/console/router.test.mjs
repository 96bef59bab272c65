// The console's router (Sources/XpediteNotifyWeb/Resources/console/js/router.js): addresses to
// sections and back, and what each role may do.

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { mayAct, parseRoute, routeHash, sections } from "../../../Sources/XpediteNotifyWeb/Resources/console/js/router.js";

describe("parseRoute", () => {
  test("an empty or unknown address is the first section", () => {
    assert.equal(parseRoute("").section, sections[0]);
    assert.equal(parseRoute("#/nowhere/x").section, sections[0]);
    assert.deepEqual(parseRoute("#/nowhere/x").path, []);
  });

  test("a section, its path and its query", () => {
    const route = parseRoute("#/answers/by-topic/%2Fa%2Fb?since=2026-01-01&user=joe");
    assert.equal(route.section, "answers");
    assert.deepEqual(route.path, ["by-topic", "/a/b"]);
    assert.equal(route.query.get("since"), "2026-01-01");
    assert.equal(route.query.get("user"), "joe");
  });

  test("a broken escape stays as written instead of throwing", () => {
    assert.deepEqual(parseRoute("#/messages/%E0%A4%A").path, ["%E0%A4%A"]);
  });
});

describe("routeHash", () => {
  test("is the inverse of parseRoute", () => {
    const hash = routeHash("answers", ["by-topic", "/a/b"], { user: "joe", since: "" });
    assert.equal(hash, "#/answers/by-topic/%2Fa%2Fb?user=joe");
    const route = parseRoute(hash);
    assert.equal(route.section, "answers");
    assert.deepEqual(route.path, ["by-topic", "/a/b"]);
    assert.equal(route.query.get("user"), "joe");
  });
});

describe("mayAct", () => {
  test("each role may do what the weaker roles may, and nothing more", () => {
    assert.equal(mayAct("viewer", "viewer"), true);
    assert.equal(mayAct("viewer", "sender"), false);
    assert.equal(mayAct("sender", "sender"), true);
    assert.equal(mayAct("sender", "admin"), false);
    assert.equal(mayAct("admin", "admin"), true);
    assert.equal(mayAct("intruder", "viewer"), false);
  });
});
