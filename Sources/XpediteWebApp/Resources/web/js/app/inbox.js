// The inbox beside the screens (docs/phone-app.md#one-app): where the server mounts the
// notification app (config.json's `notificationApp`), a bottom bar switches between the Xpedite
// screens, the inbox and the Start tab. The inbox and the Start tab are the notification app
// itself, in a frame of the same origin, so its modules, its queue of answers, its Web Push and its
// own service worker are reused unchanged; a payload's `dashboard` link switches to the screens.
// The device login and logout (js/app/inbox-session.js, loaded when one is made) reuse the
// notification app's API module (js/api.js).

/** The notification app's keys in localStorage (its app.js): its session and this device's id. */
export const NOTIFY_SESSION = "xpedite-notify-session";

/** @typedef {"screens" | "inbox" | "start"} Section */

/**
 * The notification app's session kept on this phone, or `undefined`.
 * @param {Storage} storage
 * @returns {{token: string, username: string} | undefined}
 */
export function notifySession(storage) {
  try {
    const session = JSON.parse(storage.getItem(NOTIFY_SESSION) ?? "null");
    return session && typeof session.token === "string" && typeof session.username === "string" ? session : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The bar, the frame and the shared sign-in of the one app.
 */
export class OneApp {
  /**
   * @param {HTMLElement} screen the Xpedite screen's element
   * @param {string} notificationApp the notification app's path or URL (config.json)
   * @param {Storage} storage
   */
  constructor(screen, notificationApp, storage) {
    this.screen = screen;
    this.storage = storage;
    this.appURL = new URL(notificationApp, location.href).href;
    /** @type {Section} */
    this.section = "screens";
    document.body.classList.add("x-one");
    this.panel = document.createElement("section");
    this.panel.className = "x-one-panel";
    this.panel.id = "inbox-panel";
    this.panel.hidden = true;
    this.frame = document.createElement("iframe");
    this.frame.className = "x-one-frame";
    this.frame.title = "Inbox";
    this.frame.id = "inbox-frame";
    // The frame loads the notification app once the screens are drawn (`load`), or when its tab is
    // opened first: its files are not part of the app's start.
    this.loaded = false;
    this.frame.addEventListener("load", () => {
      if (this.loaded) this.adopt();
    });
    this.panel.append(this.frame);
    this.bar = document.createElement("nav");
    this.bar.className = "x-one-bar";
    this.bar.setAttribute("aria-label", "Sections");
    /** @type {Record<Section, HTMLButtonElement>} */
    this.buttons = {
      screens: this.button("screens", "Xpedite"),
      inbox: this.button("inbox", "Inbox"),
      start: this.button("start", "Start"),
    };
    this.bar.append(this.buttons.screens, this.buttons.inbox, this.buttons.start);
    document.body.append(this.panel, this.bar);
    this.show("screens");
  }

  /**
   * @param {Section} section
   * @param {string} text
   */
  button(section, text) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "x-one-tab";
    button.id = `tab-${section}`;
    button.textContent = text;
    button.addEventListener("click", () => this.show(section));
    return button;
  }

  /** Loads the notification app into the frame, once, on the section shown. */
  load() {
    if (this.loaded) return;
    this.loaded = true;
    this.frame.src = `${this.appURL}${this.section === "start" ? "#/start" : "#/inbox"}`;
  }

  /**
   * Shows a section: the screens, or the notification app on its inbox or Start tab.
   * @param {Section} section
   */
  show(section) {
    this.section = section;
    this.panel.hidden = section === "screens";
    this.screen.setAttribute("aria-hidden", section === "screens" ? "false" : "true");
    for (const [name, button] of Object.entries(this.buttons)) {
      if (name === section) button.setAttribute("aria-current", "page");
      else button.removeAttribute("aria-current");
    }
    if (section !== "screens") {
      this.load();
      const hash = section === "inbox" ? "#/inbox" : "#/start";
      const frameWindow = this.frame.contentWindow;
      if (frameWindow && frameWindow.location.href !== "about:blank") frameWindow.location.hash = hash;
    }
    document.body.dataset.section = section;
  }

  /**
   * Makes the loaded notification app part of this one: its own tabs give way to the bar (a style
   * sheet of this app, as the page's policy allows only files), and its `dashboard` link opens the
   * screens instead of a new window.
   */
  adopt() {
    const inner = this.frame.contentDocument;
    if (!inner) return;
    if (this.section === "start" && inner.defaultView) inner.defaultView.location.hash = "#/start";
    const sheet = inner.createElement("link");
    sheet.rel = "stylesheet";
    sheet.href = new URL("css/notify-embedded.css", location.href).href;
    inner.head.append(sheet);
    const root = new URL("/", this.appURL).href;
    inner.addEventListener(
      "click",
      (event) => {
        const target = /** @type {Element | null} */ (event.target);
        const link = target && typeof target.closest === "function" ? target.closest("a") : null;
        if (!link || link.href !== root) return;
        event.preventDefault();
        this.show("screens");
      },
      true,
    );
  }

  /** Whether the inbox has no session on this phone (a shared sign-in is then wanted). */
  signedOut() {
    return notifySession(this.storage) === undefined;
  }

  /**
   * Signs the inbox in with the credentials of the Xpedite sign-in (js/app/inbox-session.js); the
   * password is used for this one call and kept nowhere.
   * @param {{username: string, password: string}} credentials
   */
  async signIn(credentials) {
    const { signInInbox } = await import("./inbox-session.js");
    if (await signInInbox(this.appURL, this.storage, credentials)) this.reload();
  }

  /** Signs the inbox out with the Xpedite sign-out: the device token is revoked and forgotten. */
  async signOut() {
    const session = notifySession(this.storage);
    if (!session) return;
    this.storage.removeItem(NOTIFY_SESSION);
    try {
      const { signOutInbox } = await import("./inbox-session.js");
      await signOutInbox(this.appURL, session.token);
    } finally {
      await caches.delete("xpedite-notify-data").catch(() => false);
      this.reload();
    }
  }

  /** Loads the notification app again (it reads its session when it starts). */
  reload() {
    if (!this.loaded) return this.load();
    const hash = this.section === "start" ? "#/start" : "#/inbox";
    const frameWindow = this.frame.contentWindow;
    if (frameWindow && frameWindow.location.href !== "about:blank") {
      frameWindow.location.hash = hash;
      frameWindow.location.reload();
    } else this.frame.src = `${this.appURL}${hash}`;
  }
}
