// The values expressions compute with (docs/notify.md#expressions): null, numbers, strings,
// booleans, and tagged dates, date-times, documents and locations; how a field's JSON value becomes
// one, and one becomes JSON again.

/**
 * @typedef {{kind: "date", day: number, text: string}} DateValue a calendar date: days since 1970-01-01
 * @typedef {{kind: "datetime", ms: number, text: string}} DateTimeValue an instant: milliseconds since 1970-01-01T00:00Z
 * @typedef {{kind: "document", name: string}} DocumentValue a photo, drawing, recording: its document name
 * @typedef {{kind: "location", longitude: number, latitude: number}} LocationValue
 * @typedef {null | number | string | boolean | DateValue | DateTimeValue | DocumentValue | LocationValue} Value
 */

/**
 * Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's days_from_civil).
 * @param {number} year
 * @param {number} month
 * @param {number} day
 */
function daysFromCivil(year, month, day) {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/**
 * @param {number} year
 * @param {number} month
 */
function daysInMonth(year, month) {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * The number in `text` from `from` of exactly `count` digits, or -1.
 * @param {string} text
 * @param {number} from
 * @param {number} count
 */
function digits(text, from, count) {
  let value = 0;
  for (let i = from; i < from + count; i += 1) {
    const c = text.charCodeAt(i);
    if (!(c >= 48 && c <= 57)) return -1;
    value = value * 10 + (c - 48);
  }
  return value;
}

/**
 * A date `yyyy-MM-dd` (a real one), or null.
 * @param {string} text
 * @returns {DateValue | null}
 */
export function parseDate(text) {
  if (text.length !== 10 || text[4] !== "-" || text[7] !== "-") return null;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  if (year < 0 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { kind: "date", day: daysFromCivil(year, month, day), text };
}

/**
 * A date-time as payloads carry it, `yyyy-MM-ddTHH:mm[:ss[.fraction]](Z|±HH:mm)` (docs/notify.md#field-types,
 * ISODateTime in Swift), or null.
 * @param {string} text
 * @returns {DateTimeValue | null}
 */
export function parseDateTime(text) {
  if (text.length < 17 || text[10] !== "T") return null;
  const date = parseDate(text.slice(0, 10));
  if (date === null) return null;
  const hour = digits(text, 11, 2);
  const minute = digits(text, 14, 2);
  if (text[13] !== ":" || hour < 0 || hour > 23 || minute < 0 || minute > 59) return null;
  let position = 16;
  let second = 0;
  let fraction = 0;
  if (text[position] === ":") {
    second = digits(text, position + 1, 2);
    if (second < 0 || second > 59) return null;
    position += 3;
    if (text[position] === ".") {
      const start = position + 1;
      position = start;
      while (position < text.length && text.charCodeAt(position) >= 48 && text.charCodeAt(position) <= 57) position += 1;
      if (position === start) return null;
      fraction = Number(`0.${text.slice(start, position)}`);
    }
  }
  let offset = 0;
  if (text[position] === "Z") {
    if (position + 1 !== text.length) return null;
  } else if (text[position] === "+" || text[position] === "-") {
    const hours = digits(text, position + 1, 2);
    const minutes = digits(text, position + 4, 2);
    if (text[position + 3] !== ":" || hours < 0 || hours > 23 || minutes < 0 || minutes > 59) return null;
    if (position + 6 !== text.length) return null;
    offset = (text[position] === "-" ? -1 : 1) * (hours * 60 + minutes);
  } else {
    return null;
  }
  const ms = date.day * 86400000 + hour * 3600000 + minute * 60000 + second * 1000 + fraction * 1000 - offset * 60000;
  return { kind: "datetime", ms, text };
}

/**
 * A location in either form a payload accepts (GeoJSON Point or {longitude, latitude}), or null.
 * @param {unknown} json
 * @returns {LocationValue | null}
 */
function parseLocation(json) {
  if (typeof json !== "object" || json === null || Array.isArray(json)) return null;
  const object = /** @type {Record<string, unknown>} */ (json);
  if (typeof object.longitude === "number" && typeof object.latitude === "number") {
    return { kind: "location", longitude: object.longitude, latitude: object.latitude };
  }
  const coordinates = object.coordinates;
  if (object.type === "Point" && Array.isArray(coordinates) && coordinates.length === 2) {
    const [longitude, latitude] = coordinates;
    if (typeof longitude === "number" && typeof latitude === "number") return { kind: "location", longitude, latitude };
  }
  return null;
}

/**
 * The value of a field of type `type` whose JSON value is `json` (absent: `undefined`). An empty
 * string, a value of the wrong form and no value are null.
 * @param {string} type the field's wire type
 * @param {unknown} json
 * @returns {Value}
 */
export function valueFromJSON(type, json) {
  switch (type) {
    case "inputInteger":
    case "inputReal":
      return typeof json === "number" && Number.isFinite(json) ? json : null;
    case "inputString":
    case "barcode":
      return typeof json === "string" && json !== "" ? json : null;
    case "checkbox":
      return typeof json === "boolean" ? json : null;
    case "date":
      return typeof json === "string" ? parseDate(json) : null;
    case "datetime":
    case "currentDateTime":
      return typeof json === "string" ? parseDateTime(json) : null;
    case "droplist":
    case "radioButtons":
      if (typeof json === "string") return json === "" ? null : json;
      return typeof json === "number" && Number.isFinite(json) ? json : null;
    case "camera":
    case "markupImage":
    case "audio":
    case "video":
      return typeof json === "string" && json !== "" ? { kind: "document", name: json } : null;
    case "currentLocation":
    case "map":
      return parseLocation(json);
    default:
      return null;
  }
}

/**
 * The JSON of a value: dates and date-times as their text, a document as its name.
 * @param {Value} value
 * @returns {unknown}
 */
export function valueToJSON(value) {
  // -0 (from -$zero, round(-0.4)) is written 0, as JSON has no negative zero.
  if (value === 0) return 0;
  if (value === null || typeof value !== "object") return value;
  switch (value.kind) {
    case "date":
    case "datetime":
      return value.text;
    case "document":
      return value.name;
    case "location":
      return { longitude: value.longitude, latitude: value.latitude };
  }
}

/**
 * The clock `today()` and `now()` read: a date-time with the offset of the place, e.g.
 * "2026-11-27T16:45:00+01:00"; today() is its date there.
 * @typedef {{today: DateValue, now: DateTimeValue}} Clock
 */

/**
 * A clock from an ISO date-time with an offset.
 * @param {string} text
 * @returns {Clock}
 */
export function clockAt(text) {
  const now = parseDateTime(text);
  const today = parseDate(text.slice(0, 10));
  if (now === null || today === null) throw new RangeError(`not an ISO date-time with an offset: ${text}`);
  return { today, now };
}

/**
 * The clock of this device: its time and its time zone's offset.
 * @param {Date} [date]
 * @returns {Clock}
 */
export function systemClock(date = new Date()) {
  const offset = -date.getTimezoneOffset();
  const local = new Date(date.getTime() + offset * 60000);
  const pad = (/** @type {number} */ n, width = 2) => String(Math.abs(n)).padStart(width, "0");
  const sign = offset < 0 ? "-" : "+";
  const text =
    `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}` +
    `${sign}${pad(Math.trunc(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return clockAt(text);
}
