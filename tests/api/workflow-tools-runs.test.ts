// Full runs through the API: one workflow whose Output tools write CSV, Parquet, Arrow IPC and
// NDJSON (read back with nodejs-polars only to compare with expectations computed in plain
// TypeScript), and the same workflow answered alike in sequential and parallel mode.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import pl from "nodejs-polars";
import type { Workflow } from "../../src/shared/workflow";
import { ALL_ROWS, type Cell, compareNullable, postWorkflow, type Rows, rounded } from "../helpers/golden";
import { seededRandom } from "../helpers/seeded-random";
import { makeTestApp, type TestApp } from "../helpers/test-app";
import { workflow, writeCsv } from "../helpers/workflows";

interface Sale {
  id: number;
  région: string | null;
  qty: number | null;
  price: number;
}

const REGIONS = ["north", "süd", "東京", "😀"];
const random = seededRandom(31);
const SALES: Sale[] = Array.from({ length: 700 }, (_, i) => ({
  id: i + 1,
  région: random() < 0.05 ? null : (REGIONS[Math.floor(random() * REGIONS.length)] as string),
  qty: random() < 0.1 ? null : Math.floor(random() * 10),
  // Whole cents from 1.00 to 100.99: prices repeat, so the sort's second key matters.
  price: 1 + Math.floor(random() * 10_000) / 100,
}));
const HEADER = ["id", "région", "qty", "price"];
const asRows = (sales: Sale[]): Rows => sales.map((s) => [s.id, s.région, s.qty, s.price]);

/** Rows of a frame read back from a file, in column order. */
const rowsOf = (frame: pl.DataFrame): Rows => frame.rows() as Rows;

/** Rows sorted by price descending, then id: the order of the `sorted` tool below. */
const byPrice = (sales: Sale[]) => [...sales].sort((a, b) => b.price - a.price || a.id - b.id);

/** Per région (sorted, null last): [région, sum of qty, count of ids, mean price]. */
function perRegion(sales: Sale[]): Rows {
  const groups = [...new Set(sales.map((s) => s.région))].sort((a, b) => compareNullable(a, b));
  return groups.map((région) => {
    const rows = sales.filter((s) => s.région === région);
    const qty = rows.map((s) => s.qty).filter((q): q is number => q !== null);
    return [
      région,
      qty.length ? qty.reduce((a, b) => a + b, 0) : null,
      rows.length,
      rows.reduce((a, s) => a + s.price, 0) / rows.length,
    ];
  });
}
const PER_REGION = {
  group_by: ["région"],
  aggregations: [
    { column: "qty", function: "sum" },
    { column: "id", function: "count", output: "orders" },
    { column: "price", function: "mean" },
  ],
};

const prepare = async (env: Record<string, string>) => {
  const app = await makeTestApp({ env });
  const files = join(app.dataDir, "files");
  mkdirSync(files, { recursive: true });
  writeCsv(join(files, "sales.csv"), HEADER, asRows(SALES));
  return app;
};
const filesOf = (app: TestApp) => join(app.dataDir, "files");

let parallel: TestApp;
let sequential: TestApp;
beforeAll(async () => {
  [parallel, sequential] = await Promise.all([
    prepare({ EXECUTION_MODE: "parallel" }),
    prepare({ EXECUTION_MODE: "sequential" }),
  ]);
});
afterAll(() => Promise.all([parallel.close(), sequential.close()]));

describe("a full run writes every format", () => {
  //                               output-true                                 ┌─► csv_out (big.csv)
  // sales ─► big (filter qty >= 5) ══════════► sorted (sort price desc, id) ──┤
  //               ║ output-false                                              └─► top (sample first 25) ─► ndjson_out (top.ndjson)
  //               ╚══► slim (select id, région→region, qty as String) ─► ipc_out (small.arrow)
  // sales ─► per_region (summarize by région) ─► parquet_out (regions.parquet)
  const fourFormats = (files: string): Workflow =>
    workflow(
      "w-formats",
      [
        { id: "sales", type: "input", config: { source: join(files, "sales.csv") } },
        { id: "big", type: "filter", config: { mode: "basic", column: "qty", operator: ">=", value: 5 } },
        { id: "sorted", type: "sort", config: { by: [{ column: "price", descending: true }, { column: "id" }] } },
        { id: "csv_out", type: "output", config: { path: join(files, "out", "big.csv") } },
        { id: "top", type: "sample", config: { method: "first", n: 25 } },
        { id: "ndjson_out", type: "output", config: { path: join(files, "out", "top.ndjson") } },
        {
          id: "slim",
          type: "select",
          config: {
            columns: [{ name: "id" }, { name: "région", rename: "region" }, { name: "qty", dtype: "String" }],
          },
        },
        { id: "ipc_out", type: "output", config: { path: join(files, "out", "small.arrow") } },
        { id: "per_region", type: "summarize", config: PER_REGION },
        { id: "parquet_out", type: "output", config: { path: join(files, "out", "regions.parquet") } },
      ],
      [
        "sales -> big",
        "big:output-true -> sorted",
        "sorted -> csv_out",
        "sorted -> top",
        "top -> ndjson_out",
        "big:output-false -> slim",
        "slim -> ipc_out",
        "sales -> per_region",
        "per_region -> parquet_out",
      ],
    );

  test("csv, parquet, ipc (.arrow) and ndjson hold what the tools compute", async () => {
    const files = filesOf(parallel);
    const { status, body } = await postWorkflow(parallel, "execute", {
      workflow: fourFormats(files),
      preview_limit: 5,
    });
    expect(status).toBe(200);
    expect(body.status).toBe("success");

    const big = byPrice(SALES.filter((s) => s.qty !== null && s.qty >= 5));
    const small = SALES.filter((s) => !(s.qty !== null && s.qty >= 5));
    const top = big.slice(0, 25);
    const regions = perRegion(SALES);
    const out = (name: string) => join(files, "out", name);
    expect([...body.written].sort((a, b) => a.tool_id.localeCompare(b.tool_id))).toEqual([
      { tool_id: "csv_out", path: out("big.csv"), rows: big.length },
      { tool_id: "ipc_out", path: out("small.arrow"), rows: small.length },
      { tool_id: "ndjson_out", path: out("top.ndjson"), rows: 25 },
      { tool_id: "parquet_out", path: out("regions.parquet"), rows: regions.length },
    ]);
    // Without a target the answer previews every tool that has no downstream tool.
    expect(Object.keys(body.outputs).sort()).toEqual(["csv_out", "ipc_out", "ndjson_out", "parquet_out"]);
    expect(body.outputs.csv_out.output.data).toEqual(asRows(big.slice(0, 5)));

    const csv = pl.readCSV(out("big.csv"));
    expect(csv.columns).toEqual(HEADER);
    expect(rowsOf(csv)).toEqual(asRows(big));

    const ndjson = pl.readJSON(readFileSync(out("top.ndjson")), { format: "lines" });
    expect(ndjson.columns).toEqual(HEADER);
    expect(rowsOf(ndjson)).toEqual(asRows(top));

    const ipc = pl.readIPC(readFileSync(out("small.arrow")));
    expect(ipc.columns).toEqual(["id", "region", "qty"]);
    expect(ipc.schema.qty?.variant).toBe("String");
    expect(rowsOf(ipc)).toEqual(small.map((s) => [s.id, s.région, s.qty === null ? null : String(s.qty)]));

    const parquet = pl.readParquet(out("regions.parquet"));
    expect(parquet.columns).toEqual(["région", "qty_sum", "orders", "price_mean"]);
    expect(rounded(rowsOf(parquet))).toEqual(rounded(regions));
  });
});

describe("execution modes", () => {
  //           ┌─► by_price (sort price desc, id) ─► top (sample first 20)
  // sales ────┤
  //           └─► per_region (summarize by région)
  // by_price and per_region are blocking tools at the same level.
  const twoBranches = (app: TestApp): Workflow =>
    workflow(
      "w-modes",
      [
        { id: "sales", type: "input", config: { source: join(filesOf(app), "sales.csv") } },
        { id: "by_price", type: "sort", config: { by: [{ column: "price", descending: true }, { column: "id" }] } },
        { id: "top", type: "sample", config: { method: "first", n: 20 } },
        { id: "per_region", type: "summarize", config: PER_REGION },
      ],
      ["sales -> by_price", "by_price -> top", "sales -> per_region"],
    );

  test("sequential and parallel give identical answers for two blocking branches", async () => {
    const run = (app: TestApp) => postWorkflow(app, "execute", { workflow: twoBranches(app), preview_limit: ALL_ROWS });
    const [par, seq] = await Promise.all([run(parallel), run(sequential)]);
    for (const { status, body } of [par, seq]) {
      expect(status).toBe(200);
      const blocking = body.metrics.tools.filter((m: { tool_id: string }) =>
        ["by_price", "per_region"].includes(m.tool_id),
      );
      expect(blocking.map((m: { status: string; cache: string }) => [m.status, m.cache])).toEqual([
        ["success", "miss"],
        ["success", "miss"],
      ]);
    }
    expect(seq.body.outputs).toEqual(par.body.outputs);
    expect(par.body.outputs.top.output.data).toEqual(asRows(byPrice(SALES).slice(0, 20)));
    expect(rounded(par.body.outputs.per_region.output.data as Cell[][])).toEqual(rounded(perRegion(SALES)));
  });
});
