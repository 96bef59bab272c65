// The People section (docs/console.md#people): users with their groups and devices, a user's
// devices (platform, push target, last seen) with Revoke, and groups. Admins add, change and
// delete users and groups; others see no change buttons (and the API refuses them with 403).
// Every text from the server goes in as text (dom.js).

import { ApiError, resourcePath } from "../api.js";
import { dateTimeText, h, replace } from "../dom.js";
import { issuesByField, splitNames } from "../field-issues.js";
import { routeHash } from "../router.js";

/** @typedef {import("../page.js").PageContext} PageContext */
/** @typedef {{username: string, displayName: string, groups: string[], devices: number}} User */
/** @typedef {{name: string, members: string[]}} Group */
/** @typedef {{deviceId: string, deviceName: string, platform: string, pushTarget: boolean, lastSeen: string | null}} Device */

/**
 * The records in `body[key]` that `read` accepts.
 * @template T
 * @param {unknown} body
 * @param {string} key
 * @param {(item: Record<string, unknown>) => T | null} read
 * @returns {T[]}
 */
function records(body, key, read) {
  const list = typeof body === "object" && body !== null ? /** @type {Record<string, unknown>} */ (body)[key] : null;
  if (!Array.isArray(list)) return [];
  /** @type {T[]} */
  const found = [];
  for (const item of list) {
    if (typeof item !== "object" || item === null) continue;
    const record = read(/** @type {Record<string, unknown>} */ (item));
    if (record !== null) found.push(record);
  }
  return found;
}

/**
 * The strings of a value that is a list.
 * @param {unknown} value
 * @returns {string[]}
 */
function strings(value) {
  return Array.isArray(value) ? value.filter((item) => typeof item === "string") : [];
}

/** @type {(item: Record<string, unknown>) => User | null} */
const readUser = (item) =>
  typeof item.username === "string"
    ? {
        username: item.username,
        displayName: typeof item.displayName === "string" ? item.displayName : item.username,
        groups: strings(item.groups),
        devices: typeof item.devices === "number" ? item.devices : 0,
      }
    : null;

/** @type {(item: Record<string, unknown>) => Group | null} */
const readGroup = (item) => (typeof item.name === "string" ? { name: item.name, members: strings(item.members) } : null);

/** @type {(item: Record<string, unknown>) => Device | null} */
const readDevice = (item) =>
  typeof item.deviceId === "string"
    ? {
        deviceId: item.deviceId,
        deviceName: typeof item.deviceName === "string" ? item.deviceName : "",
        platform: typeof item.platform === "string" ? item.platform : "",
        pushTarget: item.pushTarget === true,
        lastSeen: typeof item.lastSeen === "string" ? item.lastSeen : null,
      }
    : null;

/**
 * A labelled field with the place for its issues.
 * @param {string} form the form's name, for the ids
 * @param {string} name the body member it fills
 * @param {string} label
 * @param {HTMLInputElement | HTMLTextAreaElement} input
 * @returns {HTMLElement}
 */
function field(form, name, label, input) {
  const id = `${form}-${name}`;
  input.id = id;
  input.name = name;
  input.setAttribute("aria-describedby", `${id}-issues`);
  return h("div", { class: "field" }, h("label", { for: id }, label), input, h("p", { class: "error field-issues", id: `${id}-issues`, "data-field": name }));
}

/**
 * Shows an error at the form's fields: each issue under the field it is about, the rest (and the
 * message) at the top.
 * @param {HTMLFormElement} form
 * @param {unknown} error
 */
function showIssues(form, error) {
  const fields = Array.from(form.querySelectorAll("[data-field]"));
  const names = fields.map((place) => place.getAttribute("data-field") ?? "");
  const issues = error instanceof ApiError ? issuesByField(error.issues, names) : new Map();
  for (const place of fields) replace(place, (issues.get(place.getAttribute("data-field") ?? "") ?? []).join(" "));
  const general = form.querySelector(".form-error");
  if (general) {
    const message = error instanceof Error ? error.message : String(error);
    replace(general, [message, ...(issues.get("") ?? [])].join(" "));
  }
}

/**
 * Clears a form's issues.
 * @param {HTMLFormElement} form
 */
function clearIssues(form) {
  for (const place of Array.from(form.querySelectorAll("[data-field], .form-error"))) replace(place);
}

/**
 * A button that runs `action` (after the operator confirms `question`, when given), then draws
 * the section again; an error goes to the status line.
 * @param {string} label
 * @param {PageContext} context
 * @param {() => Promise<void>} redraw
 * @param {() => Promise<unknown>} action
 * @param {string} [question]
 * @param {Record<string, string>} [attributes]
 * @returns {HTMLButtonElement}
 */
function actionButton(label, context, redraw, action, question, attributes = {}) {
  const button = h("button", { type: "button", ...attributes }, label);
  button.addEventListener("click", async () => {
    if (question && !confirm(question)) return;
    button.disabled = true;
    try {
      await action();
      await redraw();
    } catch (error) {
      context.status(error instanceof Error ? error.message : String(error));
      button.disabled = false;
    }
  });
  return button;
}

/**
 * Draws the People section.
 * @param {HTMLElement} container
 * @param {PageContext} context
 */
export async function render(container, context) {
  const { api } = context;
  const admin = context.may("admin");
  const selected = context.route.path[0];
  const redraw = () => render(container, context);
  const [usersBody, groupsBody, devicesBody] = await Promise.all([
    api.get("users"),
    api.get("groups"),
    selected === undefined ? Promise.resolve(null) : api.get(resourcePath("users", selected, "devices")).catch(() => null),
  ]);
  if (context.signal.aborted) return;
  const users = records(usersBody, "users", readUser);
  const groups = records(groupsBody, "groups", readGroup);
  const userForm = admin ? makeUserForm(context, redraw) : null;
  const groupForm = admin ? makeGroupForm(context, redraw) : null;

  const userRows = users.map((user) =>
    h(
      "tr",
      { "data-user": user.username },
      h("td", {}, h("a", { href: routeHash("people", [user.username]) }, user.username)),
      h("td", {}, user.displayName),
      h("td", {}, user.groups.join(", ")),
      h("td", { class: "number" }, user.devices),
      admin &&
        h(
          "td",
          { class: "actions" },
          editButton(userForm, { username: user.username, displayName: user.displayName, groups: user.groups.join(", ") }),
          actionButton("Delete", context, redraw, () => api.delete(resourcePath("users", user.username)), `Delete user ${user.username}?`),
        ),
    ),
  );
  const groupRows = groups.map((group) =>
    h(
      "tr",
      { "data-group": group.name },
      h("td", {}, group.name),
      h("td", {}, group.members.join(", ")),
      admin &&
        h(
          "td",
          { class: "actions" },
          editButton(groupForm, { name: group.name, members: group.members.join(", ") }),
          actionButton("Delete", context, redraw, () => api.delete(resourcePath("groups", group.name)), `Delete group ${group.name}?`),
        ),
    ),
  );
  replace(
    container,
    h("h1", {}, "People"),
    h(
      "section",
      { "aria-labelledby": "users-title" },
      h("h2", { id: "users-title" }, "Users"),
      h(
        "table",
        { class: "list", id: "users" },
        h("thead", {}, h("tr", {}, h("th", {}, "Username"), h("th", {}, "Display name"), h("th", {}, "Groups"), h("th", {}, "Devices"), admin && h("th", {}, ""))),
        h("tbody", {}, userRows),
      ),
      users.length === 0 && h("p", {}, "No users yet."),
      userForm,
    ),
    selected !== undefined && devicesSection(selected, devicesBody, context, redraw),
    h(
      "section",
      { "aria-labelledby": "groups-title" },
      h("h2", { id: "groups-title" }, "Groups"),
      h(
        "table",
        { class: "list", id: "groups" },
        h("thead", {}, h("tr", {}, h("th", {}, "Name"), h("th", {}, "Members"), admin && h("th", {}, ""))),
        h("tbody", {}, groupRows),
      ),
      groups.length === 0 && h("p", {}, "No groups yet."),
      groupForm,
    ),
  );
}

/**
 * The devices of the chosen user, with Revoke for admins.
 * @param {string} username
 * @param {unknown} body the answer of `GET /users/{username}/devices`, null when it failed
 * @param {PageContext} context
 * @param {() => Promise<void>} redraw
 * @returns {HTMLElement}
 */
function devicesSection(username, body, context, redraw) {
  const admin = context.may("admin");
  const devices = records(body, "devices", readDevice);
  const rows = devices.map((device) =>
    h(
      "tr",
      { "data-device": device.deviceId },
      h("td", {}, device.deviceName),
      h("td", {}, device.platform),
      h("td", {}, device.pushTarget ? "yes" : "no"),
      h("td", {}, device.lastSeen ? dateTimeText(device.lastSeen) : "never"),
      h("td", {}, h("code", {}, device.deviceId)),
      admin &&
        h(
          "td",
          { class: "actions" },
          actionButton(
            "Revoke",
            context,
            redraw,
            () => context.api.delete(resourcePath("users", username, "devices", device.deviceId)),
            `Revoke ${device.deviceName || device.deviceId} of ${username}? Its sign-in stops working at once.`,
          ),
        ),
    ),
  );
  return h(
    "section",
    { "aria-labelledby": "devices-title", id: "devices" },
    h("h2", { id: "devices-title" }, `Devices of ${username}`),
    body === null
      ? h("p", { class: "error" }, `No user ${username}.`)
      : h(
          "table",
          { class: "list" },
          h("thead", {}, h("tr", {}, h("th", {}, "Device"), h("th", {}, "Platform"), h("th", {}, "Push target"), h("th", {}, "Last seen"), h("th", {}, "Device id"), admin && h("th", {}, ""))),
          h("tbody", {}, rows),
        ),
    body !== null && devices.length === 0 && h("p", {}, "No devices."),
  );
}

/**
 * An Edit button that fills `form` with `values` and focuses it.
 * @param {HTMLFormElement | null} form
 * @param {Record<string, string>} values
 * @returns {HTMLButtonElement | null}
 */
function editButton(form, values) {
  if (!form) return null;
  const button = h("button", { type: "button" }, "Edit");
  button.addEventListener("click", () => {
    for (const [name, value] of Object.entries(values)) {
      const input = form.elements.namedItem(name);
      if (input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement) input.value = value;
    }
    clearIssues(form);
    form.querySelector("input")?.focus();
  });
  return button;
}

/**
 * A form that PUTs what it holds, shows the API's issues at its fields, and draws the section again.
 * @param {string} id
 * @param {string} legend
 * @param {HTMLElement[]} fields
 * @param {string} submit the button's label
 * @param {PageContext} context
 * @param {() => Promise<void>} redraw
 * @param {(form: HTMLFormElement) => Promise<unknown>} save
 * @returns {HTMLFormElement}
 */
function putForm(id, legend, fields, submit, context, redraw, save) {
  const form = h("form", { id, class: "edit-form", novalidate: true }, h("fieldset", {}, h("legend", {}, legend), h("p", { class: "error form-error", role: "alert" }), fields, h("button", { type: "submit" }, submit)));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearIssues(form);
    try {
      await save(form);
      context.status(`${legend}: saved.`);
      await redraw();
    } catch (error) {
      showIssues(form, error);
    }
  });
  return form;
}

/**
 * The value of a form's field.
 * @param {HTMLFormElement} form
 * @param {string} name
 * @returns {string}
 */
function value(form, name) {
  const input = form.elements.namedItem(name);
  return input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement ? input.value : "";
}

/**
 * The form that adds or changes a user (`PUT /users/{username}`).
 * @param {PageContext} context
 * @param {() => Promise<void>} redraw
 * @returns {HTMLFormElement}
 */
function makeUserForm(context, redraw) {
  const fields = [
    field("user", "username", "Username", h("input", { autocomplete: "off" })),
    field("user", "displayName", "Display name", h("input", { autocomplete: "off" })),
    field("user", "groups", "Groups (separated by commas)", h("input", { autocomplete: "off" })),
    field("user", "password", "Password", h("input", { type: "password", autocomplete: "new-password" })),
  ];
  return putForm("user-form", "Add or change a user", fields, "Save user", context, redraw, (form) => {
    const username = value(form, "username").trim();
    if (username === "") return Promise.reject(new ApiError(422, "invalid", "the user is not valid", [{ path: "$.username", message: "enter a username" }]));
    const displayName = value(form, "displayName").trim();
    /** @type {Record<string, unknown>} */
    const body = { password: value(form, "password"), groups: splitNames(value(form, "groups")) };
    // Left empty, the server keeps the stored display name (a new user's is the username).
    if (displayName !== "") body.displayName = displayName;
    return context.api.put(resourcePath("users", username), body);
  });
}

/**
 * The form that adds a group or replaces its members (`PUT /groups/{name}`).
 * @param {PageContext} context
 * @param {() => Promise<void>} redraw
 * @returns {HTMLFormElement}
 */
function makeGroupForm(context, redraw) {
  const fields = [
    field("group", "name", "Name", h("input", { autocomplete: "off" })),
    field("group", "members", "Members (usernames separated by commas or lines)", h("textarea", { rows: 3 })),
  ];
  return putForm("group-form", "Add or change a group", fields, "Save group", context, redraw, (form) => {
    const name = value(form, "name").trim();
    if (name === "") return Promise.reject(new ApiError(422, "invalid", "the group is not valid", [{ path: "$.name", message: "enter a group name" }]));
    return context.api.put(resourcePath("groups", name), { members: splitNames(value(form, "members")) });
  });
}
