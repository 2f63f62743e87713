import type { BenchData } from "./types";

/**
 * The pipeline scenarios of `npm run bench`, as every subject must compute them (Weft's
 * workflows below, the hand-written Polars ones in ../handwritten-pipelines.ts, the peers in
 * ../peers/). Each ends in a zstd Parquet file; its Answer (row count and first rows,
 * answer.ts) is checked before a subject's time counts.
 *
 * P1 (CSV) and P2 (the same from Parquet):
 *   sales (qty > 5) ⋈ customers on customer_id (inner)
 *   → group by segment, product: qty_sum = sum(qty), id_count = count(id), price_mean = mean(price)
 *   → sort by qty_sum descending, then segment, product ascending (ties cannot reorder the answer)
 *   columns: segment, product, qty_sum, id_count, price_mean (32 rows at every published size)
 *
 * P3 (wide, string-heavy): the union of three inputs of the sales table (sales.csv,
 * sales.parquet, sales.csv again: three exports of one shape; 3x the rows), then per row
 *   code  = upper(product)[0:3]                       "WID"
 *   month = ts[0:7] with its first "-" replaced by "/"  "2024/03"
 *   zone  = upper(region)                              "NORTH"
 *   score = qty + number of characters of note (a missing note counts 0)
 * then a pivot: one row per (month, zone), one column per code (in ascending order: CON, DOO,
 * GAD, GIZ, SPR, THI, WHA, WID) holding sum(score); rows sorted by month, then zone.
 *   columns: month, zone, CON, DOO, GAD, GIZ, SPR, THI, WHA, WID (60 rows at every published size)
 */
export type PipelineScenario = "P1" | "P2" | "P3";
export const PIPELINE_SCENARIOS: PipelineScenario[] = ["P1", "P2", "P3"];

/** Each scenario in a line, for its table's heading. */
export const PIPELINE_TITLES: Record<PipelineScenario, string> = {
  P1: "CSV → filter → join → summarize → sort → Parquet",
  P2: "the same pipeline from Parquet",
  P3: "wide and string-heavy: union of three inputs → string functions → pivot → Parquet",
};

/** What a scenario reads, for the report's variant column. */
export function pipelineVariant(scenario: PipelineScenario, rows: number): string {
  const size = rowsLabel(rows);
  if (scenario === "P1") return `${size} rows, CSV`;
  if (scenario === "P2") return `${size} rows, Parquet`;
  return `${size} rows × 3 inputs (CSV, Parquet, CSV)`;
}

/** 1000000 → "1M", 200000 → "200k", 1500 → "1,500". */
export function rowsLabel(rows: number): string {
  if (rows >= 1_000_000 && rows % 100_000 === 0) return `${rows / 1_000_000}M`;
  if (rows >= 1_000 && rows % 1_000 === 0) return `${rows / 1_000}k`;
  return rows.toLocaleString("en-US");
}

const wire = (source: string, target: string, source_socket = "output", target_socket = "input") => ({
  source,
  source_socket,
  target,
  target_socket,
});

/** The workflow Weft runs for a scenario, writing its answer to `out` (a .parquet path). */
export function weftWorkflow(scenario: PipelineScenario, data: BenchData, out: string) {
  const output = { id: "out", type: "output", config: { path: out, options: { compression: "zstd" } } };
  if (scenario === "P3") return p3Workflow(data, output);
  const parquet = scenario === "P2";
  /*  sales ─► qty > 5 ─► join ◄─ customers
   *                        └─► summarize (segment, product) ─► sort ─► output (parquet)   */
  return {
    meta: { workflow_id: `bench-${scenario.toLowerCase()}` },
    tools: [
      { id: "sales", type: "input", config: { source: parquet ? data.salesParquet : data.salesCsv } },
      { id: "customers", type: "input", config: { source: parquet ? data.customersParquet : data.customersCsv } },
      { id: "big", type: "filter", config: { mode: "basic", column: "qty", operator: ">", value: 5 } },
      { id: "join", type: "join", config: { how: "inner", left_on: ["customer_id"], right_on: ["customer_id"] } },
      {
        id: "sum",
        type: "summarize",
        config: {
          group_by: ["segment", "product"],
          aggregations: [
            { column: "qty", function: "sum" },
            { column: "id", function: "count" },
            { column: "price", function: "mean" },
          ],
        },
      },
      {
        id: "sort",
        type: "sort",
        config: {
          by: [
            { column: "qty_sum", descending: true },
            { column: "segment", descending: false },
            { column: "product", descending: false },
          ],
        },
      },
      output,
    ],
    wires: [
      wire("sales", "big"),
      wire("big", "join", "output-true", "input-left"),
      wire("customers", "join", "output", "input-right"),
      wire("join", "sum", "output-match"),
      wire("sum", "sort"),
      wire("sort", "out"),
    ],
  };
}

/*  sales.csv ─────┐
 *  sales.parquet ─┼─► union ─► calculate (code, month, zone, score) ─► pivot ─► output (parquet)
 *  sales.csv ─────┘                                                                         */
function p3Workflow(data: BenchData, output: { id: string; type: string; config: unknown }) {
  return {
    meta: { workflow_id: "bench-p3" },
    tools: [
      { id: "a", type: "input", config: { source: data.salesCsv } },
      { id: "b", type: "input", config: { source: data.salesParquet } },
      { id: "c", type: "input", config: { source: data.salesCsv } },
      { id: "all", type: "union", config: { mode: "by_name" } },
      {
        id: "calc",
        type: "calculate",
        config: {
          columns: [
            { name: "code", expression: 'pl.col("product").str.to_uppercase().str.slice(0, 3)' },
            { name: "month", expression: 'pl.col("ts").str.slice(0, 7).str.replace("-", "/", literal=True)' },
            { name: "zone", expression: 'pl.col("region").str.to_uppercase()' },
            {
              name: "score",
              expression: 'pl.col("qty") + pl.col("note").fill_null("").str.len_chars().cast(pl.Int64)',
            },
          ],
        },
      },
      {
        id: "wide",
        type: "pivot",
        config: { index: ["month", "zone"], on: "code", values: "score", aggregate: "sum" },
      },
      output,
    ],
    wires: [
      wire("a", "all"),
      wire("b", "all"),
      wire("c", "all"),
      wire("all", "calc"),
      wire("calc", "wide"),
      wire("wide", "out"),
    ],
  };
}
