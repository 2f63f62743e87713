import { expect, test } from "bun:test";
import { parseOptions, selected } from "./options";

test("defaults: the published sizes, 5 runs, every scenario, docs rewritten", () => {
  expect(parseOptions([])).toEqual({ rows: [1_000_000, 5_000_000, 10_000_000], runs: 5, docs: true });
});

test("sizes are sorted and deduplicated, runs and the selection read", () => {
  const options = parseOptions([
    "--rows",
    "5000000,200_000,200000",
    "--runs",
    "2",
    "--only",
    "P1, preview",
    "--no-docs",
  ]);
  expect(options).toEqual({ rows: [200_000, 5_000_000], runs: 2, only: ["P1", "preview"], docs: false });
  expect(selected(options, "p1")).toBe(true);
  expect(selected(options, "latency", "preview")).toBe(true);
  expect(selected(options, "P3")).toBe(false);
  expect(selected({}, "anything")).toBe(true);
});

test("refuses what it does not know, with the usage", () => {
  expect(() => parseOptions(["--rows", "1e6x"])).toThrow(/--rows: "1e6x" is not a positive whole number/);
  expect(() => parseOptions(["--runs", "0"])).toThrow(/not a positive whole number/);
  expect(() => parseOptions(["--runs"])).toThrow(/--runs needs a value/);
  expect(() => parseOptions(["--fast"])).toThrow(/unknown option --fast\nusage:/);
});
