import type { Workflow } from "../../src/shared/workflow";
import { bearer, type TestApp } from "./test-app";

/** One cell of preview data as the API sends it (decisions.md "Preview data"). */
export type Cell = string | number | boolean | null;
/** Rows of cells in column order, as in `outputs[socket].data`. */
export type Rows = Cell[][];

/** One output socket's preview, as the API answers it. */
export interface Preview {
  columns: { name: string; dtype: string }[];
  data: Rows;
  row_count: number;
  has_more: boolean;
}

/** The most rows a preview may hold (`max_preview_rows` default): golden tests stay under it. */
export const ALL_ROWS = 1000;

/** A status and a parsed JSON body. */
export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
  body: any;
}

/** POSTs JSON to `/api/workflow/<path>` of a test app and parses the answer. */
export async function postWorkflow(t: TestApp, path: string, body: unknown): Promise<Answer> {
  const res = await t.app.request(`/api/workflow/${path}`, {
    method: "POST",
    headers: { ...bearer(t.token), "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/**
 * Every output socket of one tool, previewed with up to ALL_ROWS rows; fails (with the
 * server's detail) unless the answer is a 200 and no socket was cut short.
 */
export async function toolOutputs(t: TestApp, toolId: string, w: Workflow): Promise<Record<string, Preview>> {
  const { status, body } = await postWorkflow(t, "tool/execute", {
    tool_id: toolId,
    workflow: w,
    preview_limit: ALL_ROWS,
  });
  if (status !== 200) throw new Error(`tool/execute ${toolId}: ${status} ${JSON.stringify(body)}`);
  const outputs = body.outputs as Record<string, Preview>;
  for (const [socket, preview] of Object.entries(outputs)) {
    if (preview.has_more)
      throw new Error(`${toolId}:${socket} has more than ${ALL_ROWS} rows: make the test data smaller`);
  }
  return outputs;
}

/** `[[name, dtype], ...]` as preview columns (an array, since names like "1" reorder object keys). */
export function columns(spec: [string, string][]): Preview["columns"] {
  return spec.map(([name, dtype]) => ({ name, dtype }));
}

/**
 * Polars' order of two cells: numbers by value, strings by their UTF-8 bytes (which is not
 * JavaScript's UTF-16 order once characters outside the BMP, like emoji, take part).
 * Nulls are not handled here: see `compareNullable`.
 */
export function compareValues(a: Exclude<Cell, null>, b: Exclude<Cell, null>): number {
  if (typeof a === "string" && typeof b === "string") return Buffer.compare(Buffer.from(a), Buffer.from(b));
  return Number(a) - Number(b);
}

/** Order of two nullable cells, ascending or descending, nulls placed apart from the direction. */
export function compareNullable(a: Cell, b: Cell, descending = false, nullsLast = true): number {
  if (a === null || b === null) {
    if (a === b) return 0;
    return (a === null ? 1 : -1) * (nullsLast ? 1 : -1);
  }
  return compareValues(a, b) * (descending ? -1 : 1);
}

/** A copy of the rows in one canonical order, for outputs whose row order is not part of the contract. */
export function unordered(rows: Rows): Rows {
  return [...rows].sort((a, b) => {
    const x = JSON.stringify(a);
    const y = JSON.stringify(b);
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

/**
 * The rows with every non-integer number cut to 12 significant digits: a float computed in
 * TypeScript and one computed by Polars may differ in the last bits (summation order).
 */
export function rounded(rows: Rows): Rows {
  return rows.map((row) =>
    row.map((v) => (typeof v === "number" && !Number.isInteger(v) ? Number(v.toPrecision(12)) : v)),
  );
}

/** Polars' text form of a Float64 (what a cast to String gives): 2 → "2.0", 1.5 → "1.5". */
export function floatText(x: number): string {
  return Number.isInteger(x) ? `${x}.0` : String(x);
}
