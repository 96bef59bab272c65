// The simulator's app switch: the phone frame shows the Xpedite app (phone-app.js) or the
// notification app, which the same server serves at `data-notify-app` (/notify/app/ in the
// demo), in a same-origin iframe the size of the phone's screen. The packet inspector lists the
// notification app's HTTP calls (notify-inspector.js): this page wraps the frame's fetch,
// XMLHttpRequest and EventSource from outside (frame-wrappers.js), so the app needs nothing for
// it (the contract is in docs/simulator.md). Everything shown is set as text, never as HTML.
//
// ES modules (the page loads this one with type="module"); the calls' pure helpers
// (notify-calls.js) are tested by Tests/Web/simulator, and the page is only touched when there
// is a document.
import { inspectFrame } from "./frame-wrappers.js";
import { createInspector } from "./notify-inspector.js";

/** @typedef {import("./notify-calls.js").FrameWindow} FrameWindow */

/**
 * The element `id` of the page.
 * @param {string} id
 * @returns {HTMLElement | null}
 */
function byId(id) {
  return document.getElementById(id);
}

/**
 * Runs the switch, the notification app's frame and its inspector.
 * @param {HTMLElement} notifyScreen
 * @param {HTMLElement} list
 */
function start(notifyScreen, list) {
  const body = document.body;
  // Read when the app is opened (not cached), so that the page's data says where it is.
  const appURL = () => body.dataset.notifyApp || "";
  const xpediteScreen = byId("screen");
  const section = byId("notify-inspector");
  /** @type {HTMLElement[]} */
  const buttons = Array.from(document.querySelectorAll(".x-app-switch [data-app]"));

  /** @type {HTMLIFrameElement | null} */
  let frame = null;
  let opening = false;
  /** @type {ReturnType<typeof setInterval> | null} */
  let watch = null;
  const inspector = createInspector(list, () => (frame?.contentWindow ? frame.contentWindow.location.href : location.href));

  // ---- The switch.
  /** @param {string | undefined} app */
  function choose(app) {
    const notify = app === "notify";
    body.dataset.app = notify ? "notify" : "xpedite";
    for (const button of buttons) button.setAttribute("aria-pressed", String(button.dataset.app === app));
    if (xpediteScreen) xpediteScreen.hidden = notify;
    notifyScreen.hidden = !notify;
    if (notify) {
      if (section) section.hidden = false;
      if (!frame && !opening && !notifyScreen.querySelector(".x-notify-message")) open();
      // Watched from now on, also while the Xpedite app is shown: the frame keeps running behind it.
      if (watch === null) watch = setInterval(attach, 5);
    }
    try {
      sessionStorage.setItem("xpedite-app", notify ? "notify" : "xpedite");
    } catch {
      /* storage off */
    }
  }
  for (const button of buttons) {
    button.addEventListener("click", () => {
      choose(button.dataset.app);
    });
  }

  /** @param {string[]} lines */
  function showMessage(lines) {
    notifyScreen.textContent = "";
    const box = document.createElement("div");
    box.className = "x-notify-message";
    lines.forEach((line, index) => {
      const p = document.createElement(index === 0 ? "strong" : "p");
      p.textContent = line;
      box.appendChild(p);
    });
    const retry = document.createElement("button");
    retry.type = "button";
    retry.textContent = "Try again";
    retry.addEventListener("click", () => {
      notifyScreen.textContent = "";
      open();
    });
    box.appendChild(retry);
    notifyScreen.appendChild(box);
    body.dataset.notifyState = "missing";
  }

  // The app is asked for first, so that a server without it gets a clear message, not a 404 page.
  function open() {
    body.dataset.notifyState = "checking";
    const url = appURL();
    opening = true;
    fetch(url, { credentials: "same-origin", cache: "no-store" })
      .then((response) => {
        opening = false;
        if (!response.ok) {
          showMessage([
            "The notification app is not served here.",
            `GET ${url} answered ${response.status}. A server that mounts XpediteNotify with its app ` +
              "serves it at /notify/app/ (xpedite demo does).",
          ]);
          return;
        }
        const opened = document.createElement("iframe");
        frame = opened;
        opened.className = "x-notify-frame";
        opened.title = "Notification app";
        opened.setAttribute("allow", "camera; microphone; geolocation; clipboard-write");
        opened.addEventListener("load", () => {
          attach();
          let blocked = false;
          try {
            blocked = !opened.contentDocument || opened.contentWindow?.location.href === "about:blank";
          } catch {
            blocked = true;
          }
          body.dataset.notifyState = blocked ? "blocked" : "loaded";
          if (blocked) {
            opened.remove();
            frame = null;
            showMessage([
              "The notification app cannot be shown in the phone frame.",
              "It must be served from this page's origin and allow being framed by it " +
                "(Content-Security-Policy frame-ancestors 'self', no X-Frame-Options: DENY).",
            ]);
          }
        });
        opened.src = url;
        notifyScreen.appendChild(opened);
      })
      .catch((error) => {
        opening = false;
        showMessage(["The notification app cannot be reached.", `GET ${url} failed: ${error}`]);
      });
  }

  // Wraps the frame's current document once: a reload or navigation inside the frame makes a
  // new window, which is wrapped again by the next tick of `watch`.
  function attach() {
    if (!frame) return;
    /** @type {FrameWindow} */
    let win;
    try {
      const current = /** @type {FrameWindow | null} */ (frame.contentWindow);
      if (!current) return;
      win = current;
      const fetch = /** @type {typeof win.fetch & {xpediteInspected?: boolean}} */ (win.fetch);
      if (!fetch || fetch.xpediteInspected || win.location.href === "about:blank") return;
    } catch {
      return; // another origin: nothing can be seen
    }
    inspectFrame(win, inspector);
    body.dataset.notifyAttached = String(Number(body.dataset.notifyAttached || "0") + 1);
  }

  let initial = "xpedite";
  try {
    initial = sessionStorage.getItem("xpedite-app") || "xpedite";
  } catch {
    /* storage off */
  }
  choose(initial === "notify" ? "notify" : "xpedite");
}

if (typeof document !== "undefined") {
  const notifyScreen = document.getElementById("notify-screen");
  const list = document.getElementById("notify-calls");
  if (document.body.dataset.notifyApp && notifyScreen && list) start(notifyScreen, list);
}
