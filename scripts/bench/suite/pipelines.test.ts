import { expect, test } from "bun:test";
import { outputPath, pipelineVariant, rowsLabel, weftWorkflow } from "./pipelines";
import type { BenchData } from "./types";

const data: BenchData = {
  rows: 1_000_000,
  dir: "/d",
  salesCsv: "/d/sales.csv",
  salesParquet: "/d/sales.parquet",
  customersCsv: "/d/customers.csv",
  customersParquet: "/d/customers.parquet",
};
const sources = (w: { tools: { type: string; config: unknown }[] }) =>
  w.tools.filter((t) => t.type === "input").map((t) => (t.config as { source: string }).source);

test("P1 reads the CSVs, P2 the Parquet files, P3 the sales CSV three times", () => {
  expect(sources(weftWorkflow("P1", data, "/o.parquet"))).toEqual(["/d/sales.csv", "/d/customers.csv"]);
  expect(sources(weftWorkflow("P2", data, "/o.parquet"))).toEqual(["/d/sales.parquet", "/d/customers.parquet"]);
  expect(sources(weftWorkflow("P3", data, "/o.csv"))).toEqual(["/d/sales.csv", "/d/sales.csv", "/d/sales.csv"]);
});

test("the bounded and known-counts runs differ only in meta.memory and meta.row_counts", () => {
  const plain = weftWorkflow("P1", data, "/o.parquet");
  const bounded = weftWorkflow("P1", data, "/o.parquet", { memory: "bounded" });
  expect(bounded).toEqual({ ...plain, meta: { ...plain.meta, memory: "bounded" } });
  const known = weftWorkflow("P1", data, "/o.parquet", { row_counts: "known" });
  expect(known).toEqual({ ...plain, meta: { ...plain.meta, row_counts: "known" } });
  expect("memory" in plain.meta || "row_counts" in plain.meta).toBe(false);
});

test("outputs: Parquet, CSV for P3; variants and sizes in words", () => {
  expect(outputPath("P1", "/w", "weft")).toBe("/w/weft.parquet");
  expect(outputPath("P3", "/w", "polars")).toBe("/w/polars.csv");
  expect(pipelineVariant("P2", 5_000_000)).toBe("5M rows, Parquet");
  expect(pipelineVariant("P3", 200_000)).toBe("200k rows × 3 inputs, CSV");
  expect([rowsLabel(10_000_000), rowsLabel(1_500_000), rowsLabel(1_500), rowsLabel(1_234)]).toEqual([
    "10M",
    "1.5M",
    "1,500",
    "1,234",
  ]);
});
