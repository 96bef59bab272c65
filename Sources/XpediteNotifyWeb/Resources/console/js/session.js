// The console's session (docs/notify-api.md#console-sessions): who is signed in, signing in and
// out. No DOM here, so that Node can test it (Tests/Web/console). The console never sees an API
// key: the session is an HttpOnly cookie, and a change carries the session's CSRF token.

/**
 * A signed-in operator as `GET /notify/console/session` answers.
 * @typedef {{username: string, role: string, csrfToken: string, expiresAt: string}} Session
 */

/**
 * What signing in came to: a session, or a message to show.
 * @typedef {{session: Session} | {error: string}} SignInResult
 */

/** @typedef {(input: string, init?: RequestInit) => Promise<Response>} Fetch */

/** The session routes, relative to the console's page. */
export const sessionURL = "session";

/**
 * The session in an answer's body, or null when it is not one.
 * @param {unknown} value
 * @returns {Session | null}
 */
export function parseSession(value) {
  if (typeof value !== "object" || value === null) return null;
  const record = /** @type {Record<string, unknown>} */ (value);
  const { username, role, csrfToken, expiresAt } = record;
  if (typeof username !== "string" || typeof role !== "string" || typeof csrfToken !== "string" || typeof expiresAt !== "string") {
    return null;
  }
  return { username, role, csrfToken, expiresAt };
}

/**
 * The text to show for a refused sign-in.
 * @param {number} status
 * @param {string | null} retryAfter the answer's Retry-After (seconds)
 * @returns {string}
 */
export function signInErrorText(status, retryAfter) {
  if (status === 401) return "Wrong username or password.";
  if (status === 422) return "Enter a username and a password.";
  if (status === 429) {
    const seconds = Number(retryAfter);
    return Number.isFinite(seconds) && seconds > 0
      ? `Too many failed sign-ins. Try again in ${seconds} seconds.`
      : "Too many failed sign-ins. Try again later.";
  }
  if (status === 403) return "Sign in from the console's own page.";
  return `The server could not sign you in (${status}).`;
}

/**
 * The signed-in session, or null when nobody is signed in.
 * @param {Fetch} fetchFn
 * @returns {Promise<Session | null>}
 */
export async function currentSession(fetchFn) {
  const answer = await fetchFn(sessionURL, { credentials: "same-origin", headers: { Accept: "application/json" } });
  if (!answer.ok) return null;
  return parseSession(await answer.json());
}

/**
 * Signs in.
 * @param {Fetch} fetchFn
 * @param {string} username
 * @param {string} password
 * @returns {Promise<SignInResult>}
 */
export async function signIn(fetchFn, username, password) {
  if (username === "" || password === "") return { error: signInErrorText(422, null) };
  let answer;
  try {
    answer = await fetchFn(sessionURL, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ username, password }),
    });
  } catch {
    return { error: "The server cannot be reached." };
  }
  if (!answer.ok) return { error: signInErrorText(answer.status, answer.headers.get("Retry-After")) };
  const session = parseSession(await answer.json());
  return session ? { session } : { error: "The server answered something the console does not understand." };
}

/**
 * Signs out.
 * @param {Fetch} fetchFn
 * @param {Session} session
 * @returns {Promise<void>}
 */
export async function signOut(fetchFn, session) {
  await fetchFn(sessionURL, { method: "DELETE", credentials: "same-origin", headers: { "X-CSRF-Token": session.csrfToken } });
}
