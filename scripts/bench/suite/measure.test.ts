import { describe, expect, test } from "bun:test";
import {
  alternate,
  largest,
  median,
  minMax,
  pairedRatio,
  parseVmHwmMb,
  parseVmRssMb,
  peakOfBusiest,
  peakRssMb,
  resetPeakRss,
} from "./measure";

describe("median and spread", () => {
  test("the middle value of an odd count, the mean of the two middle ones of an even count", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNaN();
  });

  test("does not reorder its input", () => {
    const xs = [3, 1, 2];
    median(xs);
    expect(xs).toEqual([3, 1, 2]);
  });

  test("min and max", () => {
    expect(minMax([4, 9, 2, 7])).toEqual({ min: 2, max: 9 });
    expect(minMax([]).min).toBeNaN();
  });
});

describe("pairedRatio", () => {
  test("the median of the ratios of each round, not the ratio of the medians", () => {
    // Rounds: 2x, 1x, 1.5x → 1.5x; the medians' ratio would be 20 / 15.
    expect(pairedRatio([20, 10, 30], [10, 10, 20])).toBe(1.5);
  });

  test("unpaired series fall back to the ratio of the medians", () => {
    expect(pairedRatio([10, 20, 30], [10, 10])).toBe(2);
    expect(pairedRatio([], [1])).toBeNaN();
  });
});

describe("alternate", () => {
  test("runs every contender once per round, the order rotating, warm-ups not kept", async () => {
    const order: string[] = [];
    const contender = (name: string) => {
      let n = 0;
      return {
        name,
        run: async () => {
          order.push(name);
          return `${name}${n++}`;
        },
      };
    };
    const results = await alternate([contender("a"), contender("b"), contender("c")], 3, 1);
    expect(order).toEqual(["c", "a", "b", "a", "b", "c", "b", "c", "a", "c", "a", "b"]);
    expect(results.get("a")).toEqual(["a1", "a2", "a3"]);
    expect(results.get("c")).toEqual(["c1", "c2", "c3"]);
  });
});

describe("peak resident memory", () => {
  test("reads VmHWM in MiB from a status text", () => {
    expect(parseVmHwmMb("Name:\tbun\nVmPeak:\t  999 kB\nVmHWM:\t    2048 kB\nVmRSS:\t 1024 kB\n")).toBe(2);
    expect(parseVmHwmMb("Name:\tbun\n")).toBeUndefined();
  });

  test("a reset peak of this process drops below the peak it had while it held more", () => {
    expect(resetPeakRss("self")).toBe(true); // the benchmarks run on Linux
    const held: Float64Array[] = [new Float64Array(48 * 1024 * 1024).fill(1)]; // 384 MiB
    const withIt = peakRssMb("self") as number;
    held.length = 0;
    Bun.gc(true);
    resetPeakRss("self");
    expect(peakRssMb("self") as number).toBeLessThan(withIt - 200);
    expect(peakRssMb(2 ** 30)).toBeUndefined();
  });

  test("largest of peaks some of which are unknown", () => {
    expect(largest([undefined, 3, 9, undefined])).toBe(9);
    expect(largest([undefined])).toBeUndefined();
  });
});

describe("the peak of the process that did the work", () => {
  test("the one whose peak grew most, not the largest", () => {
    // An engine process idle since a default run (180 MiB) and the one that ran: 120 -> 160.
    expect(
      peakOfBusiest([
        { startMb: 180, peakMb: 180 },
        { startMb: 120, peakMb: 160 },
      ]),
    ).toBe(160);
  });

  test("unknown peaks are skipped; an unknown start counts as no growth", () => {
    expect(peakOfBusiest([{ startMb: 100 }, { peakMb: 150 }, { startMb: 90, peakMb: 95 }])).toBe(95);
    expect(peakOfBusiest([{ startMb: 100 }])).toBeUndefined();
    expect(peakOfBusiest([])).toBeUndefined();
  });

  test("VmRSS is read from a status text", () => {
    expect(parseVmRssMb("VmHWM:\t  2048 kB\nVmRSS:\t  1536 kB\n")).toBe(1.5);
    expect(parseVmRssMb("Name: x\n")).toBeUndefined();
  });
});
