import { expect, test } from "bun:test";
import type { Result } from "../types";
import { resultsTable } from "./results-table";

const ok = (scenario: string, variant: string, subject: Result["subject"], ms: number[]): Result => ({
  scenario,
  variant,
  subject,
  status: "ok",
  samples: ms.map((x) => ({ ms: x, peakRssMb: 100 + x })),
});

test("medians, ranges, ratios to polars and the issue's targets", () => {
  const table = resultsTable([
    ok("profile", "1M rows, CSV", "polars", [10, 12, 11]),
    ok("profile", "1M rows, CSV", "weft", [20, 22, 21]),
    ok("inspect", "1M rows, Parquet", "weft", [5, 6, 7]),
    {
      scenario: "inspect",
      variant: "1M rows, Parquet",
      subject: "pandas",
      status: "unavailable",
      note: "no python",
      samples: [],
    },
  ]).split("\n");
  expect(table[2]).toBe("| profile | 1M rows, CSV | polars | 11.0 ms | 10.0 ms – 12.0 ms | 112 MiB |  |  |");
  expect(table[3]).toBe(
    "| profile | 1M rows, CSV | weft | 21.0 ms | 20.0 ms – 22.0 ms | 122 MiB | 1.91x | ≤ 1.5x hand-written: MISSED |",
  );
  expect(table[4]).toBe("| inspect | 1M rows, Parquet | weft | 6.0 ms | 5.0 ms – 7.0 ms | 107 MiB |  | < 20 ms: met |");
  expect(table[5]).toBe("| inspect | 1M rows, Parquet | pandas | unavailable | no python |  |  |  |");
});
