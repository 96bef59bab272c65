// The Operation section's chart of sends and answers per hour (GET /notify/v1/stats/hourly): the
// figures read from the answer, a round top for the scale, and each bar's place, in numbers. No DOM
// here, so that Node can test it (Tests/Web/console); operation.js draws the SVG from these.

/**
 * One hour's figures.
 * @typedef {{hour: string, sends: number, answers: number}} HourFigures
 */

/**
 * One bar: where it stands and what it shows.
 * @typedef {{x: number, y: number, width: number, height: number, series: "sends" | "answers", value: number, hour: string}} Bar
 */

/**
 * The chart's layout: its bars, the scale's top and its tick values.
 * @typedef {{width: number, height: number, top: number, ticks: number[], bars: Bar[]}} ChartLayout
 */

/**
 * The hours in an answer of `GET /stats/hourly`, leaving out what is not an hour's figures.
 * @param {unknown} body
 * @returns {HourFigures[]}
 */
export function parseHours(body) {
  const hours = typeof body === "object" && body !== null ? /** @type {Record<string, unknown>} */ (body).hours : null;
  if (!Array.isArray(hours)) return [];
  /** @type {HourFigures[]} */
  const figures = [];
  for (const item of hours) {
    if (typeof item !== "object" || item === null) continue;
    const { hour, sends, answers } = /** @type {Record<string, unknown>} */ (item);
    if (typeof hour !== "string" || !isCount(sends) || !isCount(answers)) continue;
    figures.push({ hour, sends, answers });
  }
  return figures;
}

/**
 * Whether a value is a count (a whole number ≥ 0).
 * @param {unknown} value
 * @returns {value is number}
 */
function isCount(value) {
  return typeof value === "number" && Number.isInteger(value) && value >= 0;
}

/**
 * The smallest round number (1, 2 or 5 times a power of ten) at or above `value`; 1 for 0.
 * @param {number} value
 * @returns {number}
 */
export function roundTop(value) {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) {
    if (step * power >= value) return step * power;
  }
  return 10 * power;
}

/**
 * The tick values of a scale from 0 to a round `top` (see ``roundTop``), whole numbers from 1 up:
 * five steps for a top of 1 or 5 times a power of ten (0, 2, 4… 10), four for 2 times one (0, 5…
 * 20), and one step per unit when the top is below that count (0, 1, 2).
 * @param {number} top
 * @returns {number[]}
 */
export function ticks(top) {
  const leading = top / 10 ** Math.floor(Math.log10(top));
  const count = Math.round(leading) === 2 ? 4 : 5;
  const steps = top >= 1 && top < count ? top : count;
  return Array.from({ length: steps + 1 }, (_, index) => (top * index) / steps);
}

/**
 * Where each bar goes: two bars an hour (sends, then answers) side by side, oldest hour left,
 * heights in proportion to the round top of the largest figure. A figure of 0 gets no bar.
 * @param {HourFigures[]} hours
 * @param {{width: number, height: number}} size the plot area, in SVG units
 * @returns {ChartLayout}
 */
export function layoutChart(hours, size) {
  const largest = hours.reduce((most, hour) => Math.max(most, hour.sends, hour.answers), 0);
  const top = roundTop(largest);
  const slot = hours.length > 0 ? size.width / hours.length : size.width;
  const barWidth = slot * 0.4;
  /** @type {Bar[]} */
  const bars = [];
  hours.forEach((hour, index) => {
    for (const [offset, series] of /** @type {const} */ ([
      [0.1, "sends"],
      [0.5, "answers"],
    ])) {
      const value = hour[series];
      if (value === 0) continue;
      const height = (value / top) * size.height;
      bars.push({ x: index * slot + offset * slot, y: size.height - height, width: barWidth, height, series, value, hour: hour.hour });
    }
  });
  return { width: size.width, height: size.height, top, ticks: ticks(top), bars };
}
