// The answers table's columns and cells, from a page of response objects and the fields of the
// payloads they answered (docs/console.md#answers): the columns of the CSV export
// (docs/notify-api.md#exporting-responses), each cell's text as a CSV cell holds it (decision 442),
// and what a cell shows besides its text (a photo, a recording, a place on the map). No DOM here,
// so that Node can test it (Tests/Web/console).

/**
 * A response object as `GET /responses` answers it (docs/notify.md#the-response-object).
 * @typedef {{responseId?: string, messageId?: string, request?: string, username?: string, deviceId?: string,
 *   deviceName?: string, submitValue?: number, receivedAt?: string, values?: Record<string, unknown>}} ResponseObject
 */

/**
 * A payload's field as it was sent (docs/notify.md#field-types): only what the table reads.
 * @typedef {{type?: unknown, id?: unknown, label?: unknown}} Field
 */

/**
 * What a column's cells show: text, a photo, a recording, a place.
 * @typedef {"text" | "image" | "audio" | "video" | "location"} Kind
 */

/**
 * A column: the response's own member or a field id, its heading's hint, and its kind.
 * @typedef {{id: string, label: string, kind: Kind, field: boolean}} Column
 */

/**
 * A cell: its text (as the CSV export writes it), and a document or a place when it is one.
 * @typedef {{kind: "text", text: string}
 *   | {kind: "image" | "audio" | "video", text: string, document: string}
 *   | {kind: "location", text: string, latitude: number, longitude: number}} Cell
 */

/** The response's own columns, first, as in the CSV export (without `messageId` and `request`). */
export const responseColumns = /** @type {const} */ (["responseId", "username", "deviceId", "submitValue", "receivedAt"]);

/** The field types that produce a value, and what their values are (docs/notify.md#field-types). */
const valueKinds = /** @type {Record<string, Kind>} */ ({
  audio: "audio",
  barcode: "text",
  camera: "image",
  checkbox: "text",
  computed: "text",
  currentDateTime: "text",
  currentLocation: "location",
  date: "text",
  datetime: "text",
  droplist: "text",
  inputInteger: "text",
  inputReal: "text",
  inputString: "text",
  map: "location",
  markupImage: "image",
  radioButtons: "text",
  video: "video",
});

/** A document name as `POST /device/documents` makes it: `rcs/<kind>/<id>.<extension>`, nothing else. */
const documentName = /^rcs\/(image|audio|video)\/[A-Za-z0-9][A-Za-z0-9_-]*\.[A-Za-z0-9]+$/;

/**
 * The key of the payload a response answered: its message, or its start request.
 * @param {ResponseObject} response
 * @returns {string | null}
 */
export function definitionKey(response) {
  if (typeof response.messageId === "string") return `message:${response.messageId}`;
  if (typeof response.request === "string") return `request:${response.request}`;
  return null;
}

/**
 * The fields in an answer of `GET /messages/{id}` (`payload.fields`), `GET /payloads/{name}`
 * (`payload.fields`) or `GET /requests/{name}` (`fields`); null when there are none.
 * @param {unknown} answer
 * @returns {Field[] | null}
 */
export function fieldsOf(answer) {
  if (typeof answer !== "object" || answer === null) return null;
  const record = /** @type {Record<string, unknown>} */ (answer);
  const payload = record.payload;
  const fields =
    typeof payload === "object" && payload !== null ? /** @type {Record<string, unknown>} */ (payload).fields : record.fields;
  return Array.isArray(fields) ? fields.filter((field) => typeof field === "object" && field !== null) : null;
}

/**
 * The name of the named payload a message's payload refers to without fields of its own.
 * @param {unknown} answer an answer of `GET /messages/{id}`
 * @returns {string | null}
 */
export function payloadNameOf(answer) {
  if (typeof answer !== "object" || answer === null) return null;
  const payload = /** @type {Record<string, unknown>} */ (answer).payload;
  if (typeof payload !== "object" || payload === null) return null;
  const name = /** @type {Record<string, unknown>} */ (payload).payloadName;
  return typeof name === "string" ? name : null;
}

/**
 * The kind of a value whose field is not known: a document name or a location by its shape.
 * @param {unknown} value
 * @returns {Kind}
 */
export function kindOfValue(value) {
  if (typeof value === "string") {
    const match = documentName.exec(value);
    if (match) return match[1] === "image" ? "image" : /** @type {Kind} */ (match[1]);
    return "text";
  }
  return location(value) ? "location" : "text";
}

/**
 * The columns of a page: the response's own, then one per input field id of the payloads the
 * responses answered, in payload order, payloads in the order of their first response, each id
 * once (decision 440); a value whose field is not known (its payload could not be read) gets a
 * column after them, in the order the values came.
 * @param {ResponseObject[]} responses
 * @param {(key: string) => Field[] | null | undefined} fieldsFor the fields of a definitionKey
 * @returns {Column[]}
 */
export function columnsOf(responses, fieldsFor) {
  /** @type {Column[]} */
  const columns = responseColumns.map((id) => ({ id, label: "", kind: /** @type {Kind} */ ("text"), field: false }));
  /** @type {Map<string, Column>} */
  const fields = new Map();
  const seen = new Set();
  for (const response of responses) {
    const key = definitionKey(response);
    if (key === null || seen.has(key)) continue;
    seen.add(key);
    for (const field of fieldsFor(key) ?? []) {
      const { type, id, label } = field;
      if (typeof id !== "string" || typeof type !== "string" || !Object.hasOwn(valueKinds, type) || fields.has(id)) continue;
      fields.set(id, { id, label: typeof label === "string" ? label : "", kind: valueKinds[type] ?? "text", field: true });
    }
  }
  /** @type {Map<string, Column>} */
  const extra = new Map();
  for (const response of responses) {
    for (const [id, value] of Object.entries(response.values ?? {})) {
      if (fields.has(id)) continue;
      const known = extra.get(id);
      if (!known) extra.set(id, { id, label: "", kind: value === null ? "text" : kindOfValue(value), field: true });
      else if (known.kind === "text" && value !== null) known.kind = kindOfValue(value);
    }
  }
  return [...columns, ...fields.values(), ...extra.values()];
}

/**
 * A location value (`{longitude, latitude}`, or a GeoJSON Point), or null.
 * @param {unknown} value
 * @returns {{latitude: number, longitude: number} | null}
 */
export function location(value) {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const record = /** @type {Record<string, unknown>} */ (value);
  let { latitude, longitude } = record;
  if (record.type === "Point" && Array.isArray(record.coordinates)) [longitude, latitude] = record.coordinates;
  if (typeof latitude !== "number" || typeof longitude !== "number") return null;
  if (!(Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180)) return null;
  return { latitude, longitude };
}

/**
 * A value as the CSV export writes it (decision 442), before the export's formula escape: text as
 * it is, numbers as JSON writes them, `true`/`false`, choices joined with `; `, a location as
 * `lat,lon`, a document as its name, anything else as its JSON; nothing for null or no value.
 * @param {unknown} value
 * @returns {string}
 */
export function valueText(value) {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return JSON.stringify(value);
  if (Array.isArray(value) && value.every((item) => typeof item === "string" || typeof item === "number")) {
    return value.map((item) => String(item)).join("; ");
  }
  const place = location(value);
  if (place) return `${place.latitude},${place.longitude}`;
  return JSON.stringify(value);
}

/**
 * A cell of a column: its text, and the document or place it shows when the value is one of the
 * column's kind (a value of another shape is shown as text).
 * @param {Column} column
 * @param {unknown} value
 * @returns {Cell}
 */
export function cellOf(column, value) {
  const text = valueText(value);
  if (column.kind === "location") {
    const place = location(value);
    if (place) return { kind: "location", text, ...place };
  } else if (column.kind !== "text" && typeof value === "string" && kindOfValue(value) === column.kind) {
    return { kind: column.kind, text, document: value };
  }
  return { kind: "text", text };
}

/**
 * The rows of a page: one per response, one cell per column.
 * @param {ResponseObject[]} responses
 * @param {Column[]} columns
 * @returns {{responseId: string, username: string, cells: Cell[]}[]}
 */
export function rowsOf(responses, columns) {
  return responses.map((response) => {
    const values = response.values ?? {};
    const own = /** @type {Record<string, unknown>} */ (response);
    return {
      responseId: String(response.responseId ?? ""),
      username: String(response.username ?? ""),
      cells: columns.map((column) => cellOf(column, column.field ? values[column.id] : own[column.id])),
    };
  });
}

/**
 * The response objects of an answer of `GET /responses` and its `next` cursor.
 * @param {unknown} answer
 * @returns {{responses: ResponseObject[], next: string}}
 */
export function pageOf(answer) {
  const record = typeof answer === "object" && answer !== null ? /** @type {Record<string, unknown>} */ (answer) : {};
  const responses = Array.isArray(record.responses)
    ? record.responses.filter((item) => typeof item === "object" && item !== null && !Array.isArray(item))
    : [];
  return { responses, next: typeof record.next === "string" ? record.next : "" };
}
