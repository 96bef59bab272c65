// One sign-in for both halves of the app (docs/decisions/0420-one-sign-in-for-both-apps.md):
// where the server says its Xpedite sign-in and its notification API share one user directory,
// the name and password a person types into the Xpedite sign-in screen also sign the inbox in,
// once, through the notification API's own device login. The Xpedite server sees nothing new.

import { childrenOf } from "../engine/tree.js";

/**
 * @typedef {object} Credentials
 * @property {string} username
 * @property {string} password
 */

/**
 * The components of a screen in their order, containers before their children.
 * @param {Record<string, any>[]} components
 * @returns {Record<string, any>[]}
 */
function flatten(components) {
  /** @type {Record<string, any>[]} */
  const all = [];
  for (const component of components) {
    if (!component || typeof component !== "object") continue;
    all.push(component);
    all.push(...flatten(childrenOf(component)));
  }
  return all;
}

/**
 * The values of a request's `formdata`, flat by field name (`formdata[formId][name]` and
 * `formdata[name]`, docs/protocol/forms.md#the-shape-of-formdata).
 * @param {unknown} formdata
 * @returns {Map<string, unknown>}
 */
function flatValues(formdata) {
  /** @type {Map<string, unknown>} */
  const values = new Map();
  if (!formdata || typeof formdata !== "object" || Array.isArray(formdata)) return values;
  for (const [key, value] of Object.entries(formdata)) {
    if (value && typeof value === "object" && !Array.isArray(value)) {
      for (const [name, inner] of Object.entries(value)) values.set(name, inner);
    } else values.set(key, value);
  }
  return values;
}

/**
 * The sign-in a request carries: a screen with exactly one `password` field and at least one
 * `textbox` before it, whose values the request sends in `formdata`. The username is the text box
 * nearest before the password (the screen's order). Anything else (no password, two passwords, as
 * on a change-password screen, or empty values) is no sign-in.
 * @param {Record<string, any>} request the request packet the engine sends
 * @param {Record<string, any> | null} screen the packet of the screen the request comes from
 * @returns {Credentials | undefined}
 */
export function signInCredentials(request, screen) {
  if (!screen || !request || typeof request !== "object") return undefined;
  const values = flatValues(request.formdata);
  if (values.size === 0) return undefined;
  const components = flatten(Array.isArray(screen.components) ? screen.components : []);
  const passwords = components.filter((component) => component.type === "password" && typeof component.name === "string");
  if (passwords.length !== 1) return undefined;
  const password = values.get(passwords[0].name);
  const before = components.slice(0, components.indexOf(passwords[0]));
  const textbox = before.reverse().find((component) => component.type === "textbox" && typeof component.name === "string");
  if (!textbox) return undefined;
  const username = values.get(textbox.name);
  if (typeof password !== "string" || password === "" || typeof username !== "string" || username.trim() === "") return undefined;
  return { username: username.trim(), password };
}

/**
 * A transport that hands the credentials of a sign-in request to `onSignIn` once the server has
 * answered it (so a sign-in the server cannot receive signs nothing in), and tells `onSignOut`
 * when the app calls one of the sign-out functions. Every packet goes on unchanged.
 */
export class SharedSignInTransport {
  /**
   * @param {{send(body: string): Promise<any>}} inner
   * @param {object} options
   * @param {() => Record<string, any> | null} options.screen the packet of the screen shown now
   * @param {() => boolean} options.wanted whether a sign-in is wanted now (the inbox is signed out)
   * @param {(credentials: Credentials) => Promise<void>} options.onSignIn
   * @param {string[]} options.signOutFunctions
   * @param {() => Promise<void>} options.onSignOut
   */
  constructor(inner, options) {
    this.inner = inner;
    this.options = options;
  }

  /**
   * @param {string} body
   */
  async send(body) {
    /** @type {Credentials | undefined} */
    let credentials;
    let signsOut = false;
    try {
      const request = JSON.parse(body);
      if (this.options.wanted()) credentials = signInCredentials(request, this.options.screen());
      signsOut = typeof request.method === "string" && this.options.signOutFunctions.includes(request.method);
    } catch {
      // Not JSON: the engine never sends that; nothing to read.
    }
    const answer = await this.inner.send(body);
    if (credentials) {
      const held = credentials;
      credentials = undefined;
      this.options.onSignIn(held).catch((error) => console.warn(`xpedite: the inbox did not sign in (${String(error)})`));
    }
    if (signsOut) this.options.onSignOut().catch((error) => console.warn(`xpedite: the inbox did not sign out (${String(error)})`));
    return answer;
  }
}
