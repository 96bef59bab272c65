// The console's page: the sign-in form, then the shell with the operator's name and role, the
// sign-out button, the sections' navigation, and the section the address points at (a module
// under pages/, see page.js). Text goes in with textContent only, never as HTML.

import { ConsoleAPI } from "./api.js";
import { replace } from "./dom.js";
import { mayAct, parseRoute } from "./router.js";
import { currentSession, signIn, signOut } from "./session.js";

/**
 * The element with this id.
 * @template {HTMLElement} T
 * @param {string} id
 * @param {new () => T} type
 * @returns {T}
 */
function element(id, type) {
  const found = document.getElementById(id);
  if (!(found instanceof type)) throw new Error(`the console page has no ${type.name} #${id}`);
  return found;
}

const signInView = element("sign-in-view", HTMLDivElement);
const form = element("sign-in", HTMLFormElement);
const errorText = element("sign-in-error", HTMLParagraphElement);
const usernameInput = element("username", HTMLInputElement);
const passwordInput = element("password", HTMLInputElement);
const button = element("sign-in-button", HTMLButtonElement);
const shell = element("shell", HTMLDivElement);
const operatorName = element("operator-name", HTMLSpanElement);
const operatorRole = element("operator-role", HTMLSpanElement);
const signOutButton = element("sign-out", HTMLButtonElement);
const content = element("content", HTMLElement);
const statusLine = element("status", HTMLParagraphElement);

/** @type {import("./session.js").Session | null} */
let session = null;
/** @type {import("./session.js").Fetch} */
const fetchFn = (input, init) => fetch(input, init);

/** @type {AbortController | null} */
let sectionController = null;

/** Draws the section the address points at, for the signed-in operator. */
async function showSection() {
  if (!session) return;
  sectionController?.abort();
  const controller = new AbortController();
  sectionController = controller;
  const route = parseRoute(location.hash);
  shell.querySelectorAll("nav.sections a").forEach((link) => {
    if (link.getAttribute("href") === `#/${route.section}`) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  });
  const signedIn = session;
  /** @type {import("./page.js").PageContext} */
  const context = {
    api: new ConsoleAPI(fetchFn, signedIn),
    session: signedIn,
    route,
    may: (needed) => mayAct(signedIn.role, needed),
    navigate: (hash) => {
      location.hash = hash;
    },
    status: (text) => {
      statusLine.textContent = text;
    },
    signal: controller.signal,
  };
  try {
    /** @type {import("./page.js").PageModule} */
    const page = await import(`./pages/${route.section}.js`);
    if (controller.signal.aborted) return;
    replace(content);
    content.dataset.section = route.section;
    await page.render(content, context);
  } catch (error) {
    if (controller.signal.aborted) return;
    replace(content, `This section could not be shown: ${error instanceof Error ? error.message : String(error)}`);
  }
}

addEventListener("hashchange", () => {
  showSection();
});

/** Shows the sign-in form. */
function showSignIn() {
  sectionController?.abort();
  session = null;
  shell.hidden = true;
  signInView.hidden = false;
  passwordInput.value = "";
  usernameInput.focus();
}

/**
 * Shows the shell of a signed-in operator.
 * @param {import("./session.js").Session} signedIn
 */
function showShell(signedIn) {
  session = signedIn;
  errorText.textContent = "";
  signInView.hidden = true;
  shell.hidden = false;
  operatorName.textContent = signedIn.username;
  operatorRole.textContent = signedIn.role;
  document.body.dataset.role = signedIn.role;
  content.focus();
  showSection();
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  button.disabled = true;
  errorText.textContent = "";
  try {
    const result = await signIn(fetchFn, usernameInput.value, passwordInput.value);
    if ("session" in result) {
      showShell(result.session);
    } else {
      errorText.textContent = result.error;
      passwordInput.select();
    }
  } finally {
    button.disabled = false;
  }
});

signOutButton.addEventListener("click", async () => {
  if (session) await signOut(fetchFn, session);
  showSignIn();
});

const existing = await currentSession(fetchFn).catch(() => null);
if (existing) showShell(existing);
else showSignIn();
