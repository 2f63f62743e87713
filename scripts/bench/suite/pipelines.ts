import { P3_EXPRESSIONS, WEFT_CONFIGS } from "../peers/scenarios";
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
 * P3 (wide, string-heavy), as the peers define it (scripts/bench/peers/scenarios.ts, whose
 * Calculate expressions and Pivot config these repeat; keep the two the same): sales.csv read
 * by three inputs and unioned (3x the rows), then, in order (positions count characters from 0)
 *   product_code = upper(product[0:3])                                "WID"
 *   region_name  = upper(region[0:1]) + region[1:]                    "North"
 *   note_tag     = lower(note, a missing note as ""), " " → "_"       "gift_wrap", ""
 *   note_len     = characters of note_tag
 *   label        = product_code + "-" + note_tag                      "WID-gift_wrap", "WID-"
 * then a pivot: index label, on region_name, values qty and note_len, aggregate sum (columns
 * label, qty_Central … qty_West, note_len_Central … note_len_West), rows sorted by label
 * → CSV (48 rows × 11 columns: small, so the format costs nothing measurable).
 */
export type PipelineScenario = "P1" | "P2" | "P3";
export const PIPELINE_SCENARIOS: PipelineScenario[] = ["P1", "P2", "P3"];

/** Each scenario in a line, for its table's heading. */
export const PIPELINE_TITLES: Record<PipelineScenario, string> = {
  P1: "CSV → filter → join → summarize → sort → Parquet",
  P2: "the same pipeline from Parquet",
  P3: "wide and string-heavy: union of three inputs → string functions → pivot → CSV",
};

/** What a scenario reads, for the report's variant column. */
export function pipelineVariant(scenario: PipelineScenario, rows: number): string {
  const size = rowsLabel(rows);
  if (scenario === "P1") return `${size} rows, CSV`;
  if (scenario === "P2") return `${size} rows, Parquet`;
  return `${size} rows × 3 inputs, CSV`;
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

/** Where a subject writes a scenario's result in `dir`: Parquet, but CSV for P3 (as the peers do). */
export function outputPath(scenario: PipelineScenario, dir: string, subject: string): string {
  return `${dir}/${subject}.${scenario === "P3" ? "csv" : "parquet"}`;
}

/**
 * Weft in bounded-memory mode (a workflow's `meta.memory: "bounded"`: streaming writes, spill
 * instead of holding) also runs P1, so its peak memory and time are paired with the default
 * mode's, DuckDB's and Polars' in one table (the issue's target: peak ≤ DuckDB's at ≤ 1.3x the
 * default's time).
 */
export const BOUNDED_SCENARIOS: PipelineScenario[] = ["P1"];

/** What a Weft subject sets in its workflow's meta: bounded memory, or ROW_COUNTS=known (docs/server-api.md 15, 16). */
export interface WeftMeta {
  memory?: "default" | "bounded";
  row_counts?: "known";
}

/** The workflow Weft runs for a scenario, writing its answer to `out` (outputPath's), with `meta` added. */
export function weftWorkflow(scenario: PipelineScenario, data: BenchData, out: string, meta: WeftMeta = {}) {
  const workflow = weftWorkflowOf(scenario, data, out);
  return { ...workflow, meta: { ...workflow.meta, ...meta } };
}

function weftWorkflowOf(scenario: PipelineScenario, data: BenchData, out: string) {
  if (scenario === "P3") return p3Workflow(data, { id: "out", type: "output", config: { path: out } });
  const id = `bench-${scenario.toLowerCase()}`;
  if (scenario === "P2") return p1Workflow(id, data.salesParquet, data.customersParquet, out);
  return p1Workflow(id, data.salesCsv, data.customersCsv, out);
}

/**
 * P1's workflow over the files given (P2's when they are Parquet), writing zstd Parquet to `out`:
 *   sales ─► qty > 5 ─► join ◄─ customers
 *                        └─► summarize (segment, product) ─► sort ─► output (parquet)
 */
export function p1Workflow(workflowId: string, sales: string, customers: string, out: string) {
  return {
    meta: { workflow_id: workflowId },
    tools: [
      { id: "sales", type: "input", config: { source: sales } },
      { id: "customers", type: "input", config: { source: customers } },
      { id: "big", type: "filter", config: WEFT_CONFIGS.filter },
      { id: "join", type: "join", config: WEFT_CONFIGS.join },
      { id: "sum", type: "summarize", config: WEFT_CONFIGS.summarize },
      { id: "sort", type: "sort", config: WEFT_CONFIGS.sort },
      { id: "out", type: "output", config: { path: out, options: { compression: "zstd" } } },
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

/*  sales.csv ─┐
 *  sales.csv ─┼─► union ─► calculate (product_code, region_name, note_tag, note_len, label) ─► pivot ─► output (csv)
 *  sales.csv ─┘                                                                                          */
function p3Workflow(data: BenchData, output: { id: string; type: string; config: unknown }) {
  return {
    meta: { workflow_id: "bench-p3" },
    tools: [
      { id: "a", type: "input", config: { source: data.salesCsv } },
      { id: "b", type: "input", config: { source: data.salesCsv } },
      { id: "c", type: "input", config: { source: data.salesCsv } },
      { id: "all", type: "union", config: WEFT_CONFIGS.union },
      { id: "calc", type: "calculate", config: { columns: P3_EXPRESSIONS } },
      { id: "wide", type: "pivot", config: WEFT_CONFIGS.pivot },
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
