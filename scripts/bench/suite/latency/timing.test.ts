import { describe, expect, test } from "bun:test";
import { median, percentile, warmSeries } from "./timing";

describe("percentile", () => {
  test("nearest rank, whatever the order given", () => {
    const xs = [9, 1, 5, 3, 7, 2, 8, 4, 6, 10];
    expect(percentile(xs, 0.5)).toBe(5);
    expect(percentile(xs, 0.99)).toBe(10);
    expect(percentile(xs, 0)).toBe(1);
    expect(median([3, 1, 2])).toBe(2);
  });
  test("no values: NaN", () => {
    expect(percentile([], 0.5)).toBeNaN();
  });
});

describe("warmSeries", () => {
  test("calls the warm-ups untimed, then answers one time per run", async () => {
    let calls = 0;
    const times = await warmSeries(4, () => calls++, 2);
    expect(calls).toBe(6);
    expect(times).toHaveLength(4);
    for (const ms of times) expect(ms).toBeGreaterThanOrEqual(0);
  });
});
