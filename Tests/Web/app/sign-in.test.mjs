// The shared sign-in (js/app/sign-in.js): which requests carry a person's name and password, and
// the transport that hands them over only once the Xpedite server has answered.
import assert from "node:assert/strict";
import { test } from "node:test";
import { SharedSignInTransport, signInCredentials } from "../../../Sources/XpediteWebApp/Resources/web/js/app/sign-in.js";

const signInScreen = {
  components: [
    {
      type: "form",
      id: "signIn",
      components: [
        { type: "textbox", name: "email", title: "Email" },
        { type: "password", name: "password", title: "Password" },
      ],
    },
  ],
};

test("a form with one text box and one password gives its values", () => {
  const request = { method: "signIn", formdata: { signIn: { email: " ann@example.com ", password: "secret" } } };
  assert.deepEqual(signInCredentials(request, signInScreen), { username: "ann@example.com", password: "secret" });
});

test("fields outside a form are read by name", () => {
  const screen = { components: [{ type: "textbox", name: "user" }, { type: "password", name: "pw" }] };
  assert.deepEqual(signInCredentials({ method: "go", formdata: { user: "bob", pw: "x1" } }, screen), { username: "bob", password: "x1" });
});

test("no password, two passwords, an empty value or no formdata give nothing", () => {
  const twoPasswords = {
    components: [{ type: "textbox", name: "user" }, { type: "password", name: "old" }, { type: "password", name: "new" }],
  };
  assert.equal(signInCredentials({ formdata: { user: "a", old: "b", new: "c" } }, twoPasswords), undefined);
  assert.equal(signInCredentials({ formdata: { name: "a" } }, { components: [{ type: "textbox", name: "name" }] }), undefined);
  assert.equal(signInCredentials({ formdata: { signIn: { email: "a", password: "" } } }, signInScreen), undefined);
  assert.equal(signInCredentials({ method: "signIn" }, signInScreen), undefined);
  assert.equal(signInCredentials({ formdata: { signIn: { email: "a", password: "b" } } }, null), undefined);
});

test("a password before any text box gives nothing", () => {
  const screen = { components: [{ type: "password", name: "pw" }, { type: "textbox", name: "user" }] };
  assert.equal(signInCredentials({ formdata: { pw: "a", user: "b" } }, screen), undefined);
});

/**
 * A transport that records what it was sent and answers `answer` (or fails).
 * @param {unknown} answer
 */
function recorder(answer, fails = false) {
  /** @type {string[]} */
  const sent = [];
  return {
    sent,
    /** @param {string} body */
    async send(body) {
      sent.push(body);
      if (fails) throw new Error("network");
      return answer;
    },
  };
}

test("the transport sends the packet unchanged and hands the credentials over after the answer", async () => {
  const inner = recorder({ ok: true });
  /** @type {unknown[]} */
  const events = [];
  const transport = new SharedSignInTransport(inner, {
    screen: () => signInScreen,
    wanted: () => true,
    onSignIn: async (credentials) => { events.push(["in", credentials, inner.sent.length]); },
    signOutFunctions: ["signOut"],
    onSignOut: async () => { events.push(["out"]); },
  });
  const body = JSON.stringify({ method: "signIn", formdata: { signIn: { email: "ann", password: "pw" } } });
  assert.deepEqual(await transport.send(body), { ok: true });
  assert.deepEqual(inner.sent, [body]);
  assert.deepEqual(events, [["in", { username: "ann", password: "pw" }, 1]]);
  await transport.send(JSON.stringify({ method: "signOut", token: "t" }));
  assert.deepEqual(events.at(-1), ["out"]);
});

test("nothing is handed over when the server cannot be reached or no sign-in is wanted", async () => {
  /** @type {unknown[]} */
  const events = [];
  const options = {
    screen: () => signInScreen,
    wanted: () => true,
    onSignIn: async (/** @type {unknown} */ credentials) => { events.push(credentials); },
    signOutFunctions: [],
    onSignOut: async () => {},
  };
  const body = JSON.stringify({ method: "signIn", formdata: { signIn: { email: "ann", password: "pw" } } });
  let failed = false;
  try {
    await new SharedSignInTransport(recorder({}, true), options).send(body);
  } catch {
    failed = true;
  }
  assert.equal(failed, true);
  await new SharedSignInTransport(recorder({}), { ...options, wanted: () => false }).send(body);
  assert.deepEqual(events, []);
});
