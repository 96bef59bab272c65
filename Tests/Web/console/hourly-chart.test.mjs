// The Operation section's chart numbers (Sources/XpediteNotifyWeb/Resources/console/js/hourly-chart.js):
// reading GET /stats/hourly, the round top of the scale, its ticks, and where each bar goes.

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { layoutChart, parseHours, roundTop, ticks } from "../../../Sources/XpediteNotifyWeb/Resources/console/js/hourly-chart.js";

describe("parseHours", () => {
  test("keeps each hour with whole counts, in order", () => {
    const body = {
      hours: [
        { hour: "2026-01-01T10:00:00Z", sends: 3, answers: 1 },
        { hour: "2026-01-01T11:00:00Z", sends: 0, answers: 0 },
      ],
    };
    assert.deepEqual(parseHours(body), body.hours);
  });

  test("leaves out what is not an hour's figures", () => {
    const body = { hours: [null, { hour: 1, sends: 1, answers: 1 }, { hour: "h", sends: -1, answers: 0 }, { hour: "h", sends: 1.5, answers: 0 }, { hour: "ok", sends: 2, answers: 4 }] };
    assert.deepEqual(parseHours(body), [{ hour: "ok", sends: 2, answers: 4 }]);
    assert.deepEqual(parseHours({}), []);
    assert.deepEqual(parseHours(null), []);
    assert.deepEqual(parseHours({ hours: "no" }), []);
  });
});

describe("roundTop", () => {
  test("is 1, 2 or 5 times a power of ten at or above the value", () => {
    assert.equal(roundTop(0), 1);
    assert.equal(roundTop(1), 1);
    assert.equal(roundTop(3), 5);
    assert.equal(roundTop(7), 10);
    assert.equal(roundTop(10), 10);
    assert.equal(roundTop(11), 20);
    assert.equal(roundTop(180), 200);
    assert.equal(roundTop(501), 1000);
    assert.equal(roundTop(0.3), 0.5);
  });
});

describe("ticks", () => {
  test("whole steps from 0 to every round top", () => {
    assert.deepEqual(ticks(1), [0, 1]);
    assert.deepEqual(ticks(2), [0, 1, 2]);
    assert.deepEqual(ticks(5), [0, 1, 2, 3, 4, 5]);
    assert.deepEqual(ticks(10), [0, 2, 4, 6, 8, 10]);
    assert.deepEqual(ticks(20), [0, 5, 10, 15, 20]);
    assert.deepEqual(ticks(500), [0, 100, 200, 300, 400, 500]);
    for (let top = 1; top <= 1e6; top *= 10) {
      for (const round of [top, 2 * top, 5 * top]) {
        assert.ok(ticks(round).every((tick) => Number.isInteger(tick)), `ticks of ${round}`);
        assert.equal(ticks(round).at(-1), round);
      }
    }
  });
});

describe("layoutChart", () => {
  const size = { width: 200, height: 100 };

  test("two bars an hour side by side, heights in proportion to the round top", () => {
    const layout = layoutChart(
      [
        { hour: "a", sends: 5, answers: 2 },
        { hour: "b", sends: 10, answers: 0 },
      ],
      size,
    );
    assert.equal(layout.top, 10);
    assert.deepEqual(layout.ticks, [0, 2, 4, 6, 8, 10]);
    assert.deepEqual(
      layout.bars.map((bar) => [bar.hour, bar.series, bar.value, bar.x, bar.y, bar.width, bar.height]),
      [
        ["a", "sends", 5, 10, 50, 40, 50],
        ["a", "answers", 2, 50, 80, 40, 20],
        ["b", "sends", 10, 110, 0, 40, 100],
      ],
    );
  });

  test("no bars when nothing happened, and a scale of 1", () => {
    const layout = layoutChart([{ hour: "a", sends: 0, answers: 0 }], size);
    assert.deepEqual(layout.bars, []);
    assert.equal(layout.top, 1);
    assert.deepEqual(layoutChart([], size).bars, []);
  });

  test("every bar stays inside the plot", () => {
    const hours = Array.from({ length: 48 }, (_, index) => ({ hour: String(index), sends: (index * 37) % 11, answers: (index * 13) % 7 }));
    for (const bar of layoutChart(hours, size).bars) {
      assert.ok(bar.x >= 0 && bar.x + bar.width <= size.width, `x of ${bar.hour}`);
      assert.ok(bar.y >= 0 && bar.height > 0 && bar.y + bar.height <= size.height + 1e-9, `y of ${bar.hour}`);
    }
  });
});
