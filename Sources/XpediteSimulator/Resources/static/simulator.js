// Xpedite simulator: shows the HTML the Swift side renders and reports taps and inputs back.
// No engine logic lives here: every decision (what a tap sends, what the screen shows) is made
// by XpediteClient on the server. Packet content is never evaluated; it arrives escaped.
(function () {
  "use strict";
  // `?phone=app`: the phone frame runs the web app itself (phone-app.js); no WebSocket, no
  // server-side phone.
  if (new URLSearchParams(location.search).get("phone") === "app") return;
  const body = document.body;
  const mode = body.dataset.mode;
  const base = body.dataset.base || "";
  const screen = document.getElementById("screen");
  const phone = document.getElementById("phone");
  const inspector = document.getElementById("inspector");
  const status = document.getElementById("connection");
  const timings = [];
  window.xpediteTimings = timings;
  let socket = null;
  let pendingTap = null;
  let rotated = false;
  let lastScreen = null;
  let sentBounds = { width: 0, height: 0 };

  function tabID() {
    let id = sessionStorage.getItem("xpedite-tab");
    if (!id) {
      id = (crypto.randomUUID ? crypto.randomUUID() : String(Date.now()) + "-" + Math.floor(Math.random() * 1e9));
      sessionStorage.setItem("xpedite-tab", id);
    }
    return id;
  }

  function bounds() {
    if (mode === "app") return { width: window.innerWidth, height: window.innerHeight };
    const select = document.getElementById("device");
    const parts = (select ? select.value : body.dataset.width + "x" + body.dataset.height).split("x").map(Number);
    return rotated ? { width: parts[1], height: parts[0] } : { width: parts[0], height: parts[1] };
  }

  // The phone keeps its device's bounds (the engine lays out for them and they are what
  // setConnection sends); only its picture is scaled down to fit the window, never up.
  let phoneScale = 1;
  function sizePhone() {
    if (!phone) return;
    const b = bounds();
    screen.style.width = b.width + "px";
    screen.style.height = b.height + "px";
    // The notification app's screen (app-switch.js) has the same bounds.
    const notifyScreen = document.getElementById("notify-screen");
    if (notifyScreen) {
      notifyScreen.style.width = b.width + "px";
      notifyScreen.style.height = b.height + "px";
    }
    const width = b.width + 24;
    const height = b.height + 24;
    phone.style.width = width + "px";
    phone.style.height = height + "px";
    const workbench = phone.parentElement;
    const top = workbench.getBoundingClientRect().top + window.scrollY;
    const padding = 16;
    // Beside the inspector when the window is wide enough for both, alone otherwise.
    const inspectorWidth = window.innerWidth >= width + 344 + 2 * padding || window.innerWidth >= 900 ? 344 : 0;
    const availableWidth = window.innerWidth - 2 * padding - inspectorWidth;
    const availableHeight = window.innerHeight - top - 2 * padding;
    phoneScale = Math.max(0.2, Math.min(1, availableWidth / width, availableHeight / height));
    phone.style.transform = phoneScale < 1 ? "scale(" + phoneScale + ")" : "";
    // The scaled phone takes only its scaled room in the page.
    phone.style.marginRight = (width * phoneScale - width) + "px";
    phone.style.marginBottom = (height * phoneScale - height) + "px";
    body.dataset.scale = String(phoneScale);
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function setStatus(text) {
    if (status) status.textContent = text;
    body.dataset.connection = text;
  }

  // Typing is never lost. A rendering is patched into the page in place (`patch`) instead of
  // replacing it: elements that stay keep their identity, so the field being typed into keeps its
  // focus, caret, the characters typed since its value last went to the engine, and an input
  // method's composition (IME), which a replaced element would cut off. The field with the focus
  // keeps its own value while it holds typing the engine has not seen (`unsent`) or a composition
  // is open; every other field takes the value the engine sends.
  const unsent = new WeakSet();
  let composing = null;
  screen.addEventListener("input", function (event) { unsent.add(event.target); }, true);
  screen.addEventListener("compositionstart", function (event) { composing = event.target; unsent.add(event.target); }, true);
  screen.addEventListener("compositionend", function (event) { if (composing === event.target) composing = null; }, true);

  // Elements match when they are the same tag with the same identity (id, data-path, type). A
  // password shown with its eye is a text input for the moment: still the same field.
  function sameType(a, b) {
    const x = a.getAttribute("type"), y = b.getAttribute("type");
    return x === y || ((x === "password" || x === "text") && (y === "password" || y === "text"));
  }
  function sameNode(a, b) {
    if (a.nodeType !== b.nodeType) return false;
    if (a.nodeType !== Node.ELEMENT_NODE) return true;
    return a.tagName === b.tagName && a.id === b.id && a.getAttribute("data-path") === b.getAttribute("data-path") && sameType(a, b);
  }

  // Is `el` the field the person is typing into, whose value must stay as it is?
  function isProtected(el) {
    return el === document.activeElement && (composing === el || unsent.has(el));
  }

  function patchAttributes(old, fresh) {
    const protect = isProtected(old);
    for (let i = old.attributes.length - 1; i >= 0; i--) {
      const name = old.attributes[i].name;
      if (!fresh.hasAttribute(name)) old.removeAttribute(name);
    }
    for (let i = 0; i < fresh.attributes.length; i++) {
      const attribute = fresh.attributes[i];
      if (protect && attribute.name === "value") continue;
      if (old.getAttribute(attribute.name) !== attribute.value) old.setAttribute(attribute.name, attribute.value);
    }
    // The live state follows the engine's, except in the field being typed into.
    if (old.tagName === "INPUT") {
      if (old.type === "checkbox" || old.type === "radio") {
        if (old.checked !== fresh.hasAttribute("checked")) old.checked = fresh.hasAttribute("checked");
      } else if (!protect) {
        const value = fresh.getAttribute("value") || "";
        if (old.value !== value) old.value = value;
      }
    } else if (old.tagName === "OPTION") {
      if (old.selected !== fresh.hasAttribute("selected")) old.selected = fresh.hasAttribute("selected");
    }
  }

  function patchNode(old, fresh) {
    if (old.nodeType !== Node.ELEMENT_NODE) {
      if (old.nodeValue !== fresh.nodeValue) old.nodeValue = fresh.nodeValue;
      return;
    }
    // The page's own marks of an image that loaded (or failed) stay while the image does: an
    // image kept across the patch does not load a second time to set them again.
    const keep = [];
    if (old.tagName === "IMG" && old.classList.contains("x-broken") && old.getAttribute("src") === fresh.getAttribute("src")) {
      keep.push("x-broken");
    }
    if (old.classList.contains("x-loaded")) {
      const image = old.querySelector(":scope > img"), freshImage = fresh.querySelector(":scope > img");
      if (image && freshImage && image.getAttribute("src") === freshImage.getAttribute("src")) keep.push("x-loaded");
    }
    patchAttributes(old, fresh);
    keep.forEach(function (name) { old.classList.add(name); });
    if (old.tagName === "TEXTAREA") {
      if (!isProtected(old) && old.value !== fresh.textContent) {
        old.textContent = fresh.textContent;
        old.value = fresh.textContent;
      }
      return;
    }
    patchChildren(old, fresh);
    // A select's choice follows its options once they are all in place.
    if (old.tagName === "SELECT" && !old.multiple && !isProtected(old)) {
      const chosen = fresh.querySelector("option[selected]");
      const index = chosen ? Array.prototype.indexOf.call(fresh.options, chosen) : 0;
      if (old.selectedIndex !== index) old.selectedIndex = index;
    }
  }

  function patchChildren(old, fresh) {
    let current = old.firstChild;
    let next = fresh.firstChild;
    while (next) {
      const following = next.nextSibling;
      if (current && sameNode(current, next)) {
        patchNode(current, next);
        current = current.nextSibling;
      } else {
        // A matching element further on (one was removed before it) is kept, with the rest.
        let match = current ? current.nextSibling : null;
        while (match && !sameNode(match, next)) match = match.nextSibling;
        if (match && match.nodeType === Node.ELEMENT_NODE && (match.id || match.hasAttribute("data-path"))) {
          while (current !== match) {
            const gone = current;
            current = current.nextSibling;
            old.removeChild(gone);
          }
          patchNode(current, next);
          current = current.nextSibling;
        } else {
          old.insertBefore(next, current);
        }
      }
      next = following;
    }
    while (current) {
      const gone = current;
      current = current.nextSibling;
      old.removeChild(gone);
    }
  }

  function patch(target, html) {
    const template = document.createElement("template");
    template.innerHTML = html;
    patchChildren(target, template.content);
  }

  // Scroll offsets and focus survive a new rendering of the same screen; a new screen starts at
  // the top with the engine's initial focus.
  function render(html, sameScreen) {
    const scrolls = {};
    screen.querySelectorAll("[data-scroll]").forEach(function (el) { scrolls[el.dataset.scroll] = el.scrollTop; });
    const open = Array.from(screen.querySelectorAll(".x-open[id]")).map(function (el) { return el.id; });
    const active = document.activeElement;
    const focusPath = active && screen.contains(active) ? active.dataset.path : null;
    const selection = focusPath && typeof active.selectionStart === "number" ? [active.selectionStart, active.selectionEnd] : null;
    if (sameScreen) {
      patch(screen, html);
    } else {
      screen.innerHTML = html;
    }
    if (sameScreen) {
      screen.querySelectorAll("[data-scroll]").forEach(function (el) {
        if (scrolls[el.dataset.scroll] !== undefined) el.scrollTop = scrolls[el.dataset.scroll];
      });
    }
    open.forEach(function (id) { const el = document.getElementById(id); if (el) setOpen(el, true); });
    if (!focusPath && !sameScreen) {
      // A new screen: the engine's initial focus (`focus` of docs/protocol/components/inputs.md#textbox)
      // gets the caret.
      const initial = screen.querySelector('[data-focus] [data-action="set"]');
      if (initial) initial.focus();
    }
    if (focusPath && document.activeElement !== active) {
      const again = screen.querySelector('[data-path="' + CSS.escape(focusPath) + '"][data-action="set"]');
      if (again) {
        again.focus();
        if (selection && typeof again.setSelectionRange === "function") {
          try { again.setSelectionRange(selection[0], selection[1]); } catch (e) { /* not a text input */ }
        }
      }
    }
    screen.querySelectorAll("[data-more]").forEach(checkMore);
  }

  function showScreen(message) {
    const isNewScreen = message.screen !== lastScreen;
    lastScreen = message.screen;
    render(message.html, !isNewScreen);
    body.dataset.revision = String(message.revision);
    body.dataset.offline = message.offline ? "1" : "0";
    if (message.title) document.title = message.title;
    if (mode === "app" && !message.offline) {
      try { localStorage.setItem("xpedite-last-screen", message.html); } catch (e) { /* storage full */ }
    }
    if (pendingTap !== null && !message.loading && isNewScreen) {
      const started = pendingTap;
      pendingTap = null;
      requestAnimationFrame(function () { timings.push(performance.now() - started); });
    }
  }

  // A rendering never replaces the screen under a pressed pointer. Pressing Save right after
  // typing blurs the field, its value goes to the engine, and the engine answers with a new
  // rendering; shown at once, that rendering would take the button away before the release, and
  // the click would be lost. The newest rendering waits for the release and its click (at most a
  // second, for a long press).
  let pressed = false;
  let deferred = null;
  let deferredTimer = null;
  window.xpediteScreensReceived = 0;
  function applyDeferred() {
    clearTimeout(deferredTimer);
    deferredTimer = null;
    if (deferred === null) return;
    const message = deferred;
    deferred = null;
    showScreen(message);
  }
  screen.addEventListener("pointerdown", function () { pressed = true; }, true);
  function release() {
    if (!pressed) return;
    pressed = false;
    // After the click that this release makes: it is dispatched in the same task.
    setTimeout(applyDeferred, 0);
  }
  window.addEventListener("pointerup", release, true);
  window.addEventListener("pointercancel", release, true);

  function onMessage(event) {
    const message = JSON.parse(event.data);
    if (message.kind === "screen") {
      window.xpediteScreensReceived += 1;
      if (pressed) {
        deferred = message;
        if (deferredTimer === null) deferredTimer = setTimeout(function () { pressed = false; applyDeferred(); }, 1000);
        return;
      }
      deferred = message;
      applyDeferred();
    } else if (message.kind === "packets" && inspector) {
      const open = Array.from(inspector.querySelectorAll("details[open]")).map(function (d) { return d.parentElement.dataset.number; });
      inspector.innerHTML = message.html;
      open.forEach(function (n) {
        const item = inspector.querySelector('[data-number="' + CSS.escape(n) + '"] details');
        if (item) item.open = true;
      });
    } else if (message.kind === "error") {
      setStatus("error");
    }
  }

  function connect() {
    const b = bounds();
    sentBounds = b;
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const url = scheme + "//" + location.host + base + "/ws?tab=" + encodeURIComponent(tabID()) +
      "&width=" + b.width + "&height=" + b.height;
    socket = new WebSocket(url);
    setStatus("connecting");
    socket.onopen = function () { setStatus("connected"); };
    socket.onmessage = onMessage;
    socket.onclose = function () {
      setStatus("disconnected");
      if (mode === "app") showCachedScreen();
      setTimeout(connect, 1000);
    };
  }

  // The web app without its simulator: the last screen it showed, with the offline badge.
  function showCachedScreen() {
    const html = localStorage.getItem("xpedite-last-screen");
    if (html && !screen.querySelector(".x-screen")) {
      render(html, false);
    }
    const shown = screen.querySelector(".x-screen");
    if (shown && !shown.querySelector(".x-offline-badge")) {
      const badge = document.createElement("div");
      badge.className = "x-offline-badge";
      badge.textContent = "Offline";
      shown.appendChild(badge);
    }
    body.dataset.offline = "1";
  }

  // Taps.
  function setOpen(el, open) {
    el.classList.toggle("x-open", open);
    const shade = screen.querySelector('[data-close="' + CSS.escape(el.id) + '"]');
    if (shade) shade.classList.toggle("x-open", open);
    // The old `shrink%`: the screen's content shrinks about its centre while the panel is out.
    const content = screen.querySelector(".x-content");
    if (shade && shade.dataset.shrink && content) content.style.transform = open ? "scale(" + Number(shade.dataset.shrink) + ")" : "";
  }

  screen.addEventListener("click", function (event) {
    const toggle = event.target.closest("[data-toggle]");
    if (toggle) {
      if (toggle.dataset.toggle === "eye") {
        const input = toggle.parentElement.querySelector("input");
        if (input) input.type = input.type === "password" ? "text" : "password";
      } else {
        const menu = document.getElementById(toggle.dataset.toggle);
        if (menu) setOpen(menu, !menu.classList.contains("x-open"));
      }
      return;
    }
    const close = event.target.closest("[data-close]");
    if (close) {
      const menu = document.getElementById(close.dataset.close);
      if (menu) setOpen(menu, false);
      return;
    }
    const target = event.target.closest("[data-action]");
    if (!target || target.dataset.action === "set") return;
    // A tapped menu entry closes its panel or drop-down first (docs/protocol/menus.md#what-a-tap-does),
    // also when the answer is the screen already shown (a redraw keeps open menus open).
    const menu = target.closest(".x-panel.x-open, .x-dropdown.x-open");
    if (menu) setOpen(menu, false);
    const message = { action: target.dataset.action, path: target.dataset.path };
    if (target.dataset.row !== undefined) message.row = Number(target.dataset.row);
    if (target.dataset.entry !== undefined) message.entry = Number(target.dataset.entry);
    if (message.action !== "dismiss" && message.action !== "loadMore") pendingTap = performance.now();
    send(message);
  });

  // Images: the placeholder stays until the image has loaded; a failed image is hidden.
  screen.addEventListener("load", function (event) {
    if (event.target.tagName === "IMG") event.target.parentElement.classList.add("x-loaded");
  }, true);
  screen.addEventListener("error", function (event) {
    if (event.target.tagName === "IMG") event.target.classList.add("x-broken");
  }, true);

  // Inputs: the value goes to the engine when it changes.
  function valueMessage(el) {
    unsent.delete(el);
    const message = { action: "set", path: el.dataset.path, kind: el.dataset.kind };
    if (el.dataset.kind === "checked") message.checked = el.checked;
    else if (el.dataset.kind === "options") message.options = Array.from(el.selectedOptions).map(function (o) { return o.value; });
    else message.text = el.value;
    return message;
  }

  screen.addEventListener("change", function (event) {
    const el = event.target.closest('[data-action="set"]');
    if (el) send(valueMessage(el));
  });

  screen.addEventListener("keydown", function (event) {
    const el = event.target.closest('[data-action="set"]');
    if (!el || event.key !== "Enter" || el.tagName === "TEXTAREA") return;
    event.preventDefault();
    send(valueMessage(el));
    send({ action: "return", path: el.dataset.path });
  });

  // Infinite scroll: near a table's end, the engine is asked for the next batch.
  function checkMore(el) {
    if (!el.dataset.more || el.dataset.asked) return;
    if (el.scrollTop + el.clientHeight >= el.scrollHeight - 88) {
      el.dataset.asked = "1";
      send({ action: "loadMore", path: el.dataset.table });
    }
  }
  screen.addEventListener("scroll", function (event) {
    const el = event.target;
    if (el.dataset && el.dataset.more) checkMore(el);
  }, true);

  // Pull to refresh and swipe to close a panel, with a finger or a mouse drag.
  let dragStart = null;
  // A drag is a pan, not a tap: the click that ends it goes nowhere.
  let dragged = false;
  screen.addEventListener("pointerdown", function (event) {
    dragStart = { x: event.clientX, y: event.clientY, target: event.target };
    dragged = false;
  });
  screen.addEventListener("click", function (event) {
    if (!dragged) return;
    dragged = false;
    event.preventDefault();
    event.stopPropagation();
  }, true);
  screen.addEventListener("pointerup", function (event) {
    if (!dragStart) return;
    // In the phone's points: a scaled phone's drags are shorter on the page.
    const dx = (event.clientX - dragStart.x) / phoneScale;
    const dy = (event.clientY - dragStart.y) / phoneScale;
    dragged = Math.abs(dx) > 10 || Math.abs(dy) > 10;
    const panel = dragStart.target.closest(".x-panel.x-open");
    if (panel && Math.abs(dx) > 50 && ((panel.classList.contains("x-left") && dx < 0) || (panel.classList.contains("x-right") && dx > 0))) {
      setOpen(panel, false);
    }
    // An edge pan opens the slide-in panel of that side
    // (docs/protocol/components/navigation.md#navigation): from within 20 points of the left edge to
    // the right, or of the right edge to the left.
    const edge = screen.getBoundingClientRect();
    const fromLeft = (dragStart.x - edge.left) / phoneScale, fromRight = (edge.right - dragStart.x) / phoneScale;
    if (!panel && Math.abs(dy) < 40 && ((fromLeft <= 20 && dx > 50) || (fromRight <= 20 && dx < -50))) {
      const side = fromLeft <= 20 ? ".x-panel.x-left" : ".x-panel.x-right";
      const closed = screen.querySelector(side + ":not(.x-open)");
      if (closed) setOpen(closed, true);
    }
    const table = dragStart.target.closest("[data-refresh]");
    if (table && table.scrollTop <= 0 && dy > 60 && Math.abs(dx) < 40) send({ action: "refresh", path: table.dataset.table });
    dragStart = null;
  });

  // Tools beside the phone.
  if (inspector) {
    inspector.addEventListener("click", function (event) {
      const resend = event.target.closest('[data-action="resend"]');
      if (resend) send({ action: "resend", number: Number(resend.dataset.number) });
      const copy = event.target.closest("[data-copy]");
      if (copy) {
        const source = document.getElementById(copy.dataset.copy);
        if (source && navigator.clipboard) navigator.clipboard.writeText(source.textContent);
      }
    });
  }
  function deviceChanged() {
    sizePhone();
    const b = bounds();
    send({ action: "device", width: b.width, height: b.height });
  }
  function on(id, type, handler) {
    const el = document.getElementById(id);
    if (el) el.addEventListener(type, handler);
  }
  on("device", "change", deviceChanged);
  on("rotate", "click", function () { rotated = !rotated; deviceChanged(); });
  on("offline", "change", function (event) { send({ action: "offline", offline: event.target.checked }); });
  on("appearance", "change", function (event) { body.classList.toggle("x-dark", event.target.value === "dark"); });
  on("reconnect", "click", function () { send({ action: "reconnect" }); });
  on("clear-caches", "click", function () { send({ action: "clearCaches" }); });

  if (mode !== "app") window.addEventListener("resize", sizePhone);

  if (mode === "app") {
    let resizeTimer = null;
    window.addEventListener("resize", function () {
      clearTimeout(resizeTimer);
      resizeTimer = setTimeout(function () {
        // Only a real change of the viewport is a new device: browsers also fire resize at load.
        const b = bounds();
        if (b.width === sentBounds.width && b.height === sentBounds.height) return;
        sentBounds = b;
        send({ action: "device", width: b.width, height: b.height });
      }, 250);
    });
    if (window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches) body.classList.add("x-dark");
    if ("serviceWorker" in navigator) {
      navigator.serviceWorker.register(base + "/app/sw.js", { scope: base + "/app" }).then(function () {
        body.dataset.serviceWorker = "registered";
      }).catch(function () { body.dataset.serviceWorker = "unavailable"; /* http on a LAN address */ });
    }
  }
  sizePhone();
  connect();
})();
