import { describe, expect, test } from "bun:test";
import { resultsTabs, socketLabel, tabKeyTarget } from "./results-tabs";

describe("results tabs", () => {
  test("one tab per output socket, then Schema, Profile, Run", () => {
    expect(resultsTabs(["output-true", "output-false"]).map((t) => t.label)).toEqual([
      "True",
      "False",
      "Schema",
      "Profile",
      "Run",
    ]);
    expect(resultsTabs(["output-left", "output-match", "output-right"]).map((t) => t.id)).toEqual([
      "output-left",
      "output-match",
      "output-right",
      "schema",
      "profile",
      "run",
    ]);
    expect(resultsTabs(undefined).map((t) => t.id)).toEqual(["run"]);
  });
  test("socket labels", () => {
    expect(socketLabel("output")).toBe("Data");
    expect(socketLabel("output-extra")).toBe("Extra");
  });
  test("arrow keys wrap; Home and End", () => {
    expect(tabKeyTarget("ArrowRight", 4, 5)).toBe(0);
    expect(tabKeyTarget("ArrowLeft", 0, 5)).toBe(4);
    expect(tabKeyTarget("Home", 3, 5)).toBe(0);
    expect(tabKeyTarget("End", 0, 5)).toBe(4);
    expect(tabKeyTarget("Enter", 0, 5)).toBeUndefined();
  });
});
