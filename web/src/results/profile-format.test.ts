import { describe, expect, test } from "bun:test";
import { numericRange, qualityLines, topValuesWorthShowing, valueLabel } from "./profile-format";

describe("profile-format", () => {
  test("quality lines of a string column flag what needs a look", () => {
    const lines = qualityLines(
      {
        count: 80,
        null_count: 20,
        null_percent: 20,
        unique_count: 5,
        empty_count: 0,
        whitespace_leading: 4,
        whitespace_trailing: 0,
        contains_linebreaks: 0,
        contains_non_ascii: 0,
      },
      100,
    );
    expect(lines.map((l) => [l.label, l.value, l.warn])).toEqual([
      ["Values", "80", false],
      ["Nulls", "20 (20%)", true],
      ["Unique", "5", false],
      ["Empty strings", "0", false],
      ["Leading space", "4 (4%)", true],
      ["Trailing space", "0", false],
      ["Line breaks", "0", false],
      ["Non-ASCII", "0", false],
    ]);
  });

  test("numeric statistics, and all-distinct columns", () => {
    const lines = qualityLines(
      { count: 3, null_count: 0, unique_count: 3, min: 1, max: 3, mean: 2, median: 2, std: 1 },
      3,
    );
    expect(lines.find((l) => l.metric === "unique_count")?.value).toBe("3 (all distinct)");
    expect(lines.filter((l) => ["min", "max", "mean", "median", "std"].includes(l.metric)).length).toBe(5);
    expect(numericRange({ min: 1, max: 3, mean: 2, median: null })).toEqual({ min: 1, max: 3, mean: 2, median: null });
    expect(numericRange({ min: "2024-01-01", max: "2024-02-01" })).toBeUndefined();
  });

  test("top values only when some value repeats", () => {
    expect(
      topValuesWorthShowing({
        top_values: [
          ["a", 1],
          ["b", 1],
        ],
      }),
    ).toBe(false);
    expect(topValuesWorthShowing({ top_values: [["a", 3]] })).toBe(true);
    expect(topValuesWorthShowing({})).toBe(false);
  });

  test("labels and numbers", () => {
    expect(valueLabel("")).toEqual({ text: "(empty)", blank: true });
    expect(valueLabel("  ")).toEqual({ text: "(2 spaces)", blank: true });
    expect(valueLabel(" west")).toEqual({ text: "“ west”", blank: false });
    expect(valueLabel(null)).toEqual({ text: "null", blank: true });
    expect(valueLabel(274.37899999999996)).toEqual({ text: "274.379", blank: false });
  });

  test("counts grouped; statistics as the grid shows them, the exact value as the title", () => {
    const lines = qualityLines({ count: 1234567, min: 2019, max: "NaN", mean: 274.37899999999996, std: 0.5 }, 1234567);
    const line = (metric: string) => lines.find((l) => l.metric === metric);
    expect(line("count")?.value).toBe("1,234,567");
    expect(line("min")).toMatchObject({ value: "2019", title: undefined });
    expect(line("max")).toMatchObject({ value: "NaN", title: undefined });
    expect(line("mean")).toMatchObject({ value: "274.379", title: "274.37899999999996" });
    expect(line("std")).toMatchObject({ value: "0.5", title: undefined });
  });
});
