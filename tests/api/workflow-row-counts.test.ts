import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { ExecuteResult, ToolMetric } from "../../src/engine/job";
import type { RunStreamLine } from "../../src/server/run-stream";
import { bearer, makeTestApp, type TestApp } from "../helpers/test-app";
import { workflow, writeCsv, writeEmptySqlite, writeNumbers } from "../helpers/workflows";

/*
 * A full run counts the rows of every tool's output sockets (src/engine/row-counts.ts):
 * metrics.tools[].sockets, `rows` the main socket's, and a `rows` event per tool in the stream.
 *
 *   [in: 50,000 numbers] → [keep: n < 33181] ─true─→ [out]
 *                                └──false─→ [sorted desc] → [first 10] → [out2]
 */

const ROWS = 50_000;
const KEPT = 33_181;
let t: TestApp;
let files: string;
let numbers: string;
/** `n` 0 .. ROWS-1 and its `region`, one of 7. */
let regions: string;

const post = (body: unknown, accept?: string) =>
  t.app.request("/api/workflow/execute", {
    method: "POST",
    headers: { ...bearer(t.token), "content-type": "application/json", ...(accept ? { accept } : {}) },
    body: JSON.stringify(body),
  });

const split = (id: string, folder = files, source = numbers) =>
  workflow(
    id,
    [
      { id: "in", type: "input", config: { source } },
      { id: "keep", type: "filter", config: { mode: "basic", column: "n", operator: "<", value: KEPT } },
      { id: "out", type: "output", config: { path: join(folder, `${id}-kept.csv`) } },
      { id: "sorted", type: "sort", config: { by: [{ column: "n", descending: true }] } },
      { id: "first", type: "sample", config: { method: "first", n: 10 } },
      { id: "out2", type: "output", config: { path: join(folder, `${id}-first.csv`) } },
    ],
    ["in -> keep", "keep:output-true -> out", "keep:output-false -> sorted", "sorted -> first", "first -> out2"],
  );

const countsOf = (metrics: ToolMetric[]) =>
  Object.fromEntries(metrics.map((m) => [m.tool_id, { rows: m.rows, sockets: m.sockets }]));

const EXPECTED = {
  in: { rows: ROWS, sockets: { output: ROWS } },
  keep: { rows: KEPT, sockets: { "output-true": KEPT, "output-false": ROWS - KEPT } },
  out: { rows: KEPT, sockets: { output: KEPT } },
  sorted: { rows: ROWS - KEPT, sockets: { output: ROWS - KEPT } },
  first: { rows: 10, sockets: { output: 10 } },
  out2: { rows: 10, sockets: { output: 10 } },
};

beforeAll(async () => {
  t = await makeTestApp();
  files = join(t.dataDir, "files");
  mkdirSync(files, { recursive: true });
  numbers = writeNumbers(join(files, "numbers.csv"), ROWS);
  regions = writeCsv(
    join(files, "regions.csv"),
    ["n", "region"],
    Array.from({ length: ROWS }, (_, i) => [i, `region ${i % 7}`]),
  );
});
afterAll(() => t.close());

describe("row counts of a full run", () => {
  test("every tool's sockets, a filter's true and false outputs included, in the JSON answer", async () => {
    const res = await post({ workflow: split("w-counts") });
    expect(res.status).toBe(200);
    const body = (await res.json()) as ExecuteResult;
    expect(countsOf(body.metrics.tools)).toEqual(EXPECTED);
  });

  test("the same counts when the sort comes from the cache, and each tool's in a rows event of the stream", async () => {
    const res = await post({ workflow: split("w-counts") }, "application/x-ndjson");
    const lines = (await res.text())
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as RunStreamLine);
    const result = lines.at(-1) as Extract<RunStreamLine, { event: "result" }>;
    expect(result.event).toBe("result");
    expect(result.metrics.tools.find((m) => m.tool_id === "sorted")?.cache).toBe("hit");
    expect(countsOf(result.metrics.tools)).toEqual(EXPECTED);
    const events = lines.filter((l): l is Extract<RunStreamLine, { event: "rows" }> => l.event === "rows");
    const lastRows = Object.fromEntries(events.map((e) => [e.tool_id, { rows: e.rows, sockets: e.sockets }]));
    expect(lastRows).toEqual(EXPECTED);
  });

  test("a summary the run streamed into a sort has the count the Output wrote, passed up through the sort", async () => {
    // The summary is not stored (the sort is, as the last blocking tool before the Output):
    // the sort keeps its rows, so the summary has the 7 the Output wrote.
    const res = await post({
      workflow: workflow(
        "w-unstored",
        [
          { id: "in", type: "input", config: { source: regions } },
          {
            id: "sum",
            type: "summarize",
            config: { group_by: ["region"], aggregations: [{ column: "n", function: "sum" }] },
          },
          { id: "sorted", type: "sort", config: { by: [{ column: "n_sum" }] } },
          { id: "out", type: "output", config: { path: join(files, "unstored.csv") } },
        ],
        ["in -> sum", "sum -> sorted", "sorted -> out"],
      ),
    });
    expect(res.status).toBe(200);
    const { metrics } = (await res.json()) as ExecuteResult;
    expect(countsOf(metrics.tools)).toEqual({
      in: { rows: ROWS, sockets: { output: ROWS } },
      sum: { rows: 7, sockets: { output: 7 } },
      sorted: { rows: 7, sockets: { output: 7 } },
      out: { rows: 7, sockets: { output: 7 } },
    });
  });

  test("a database Input's rows are counted as the run reads them, though only the sort below is stored", async () => {
    const db = writeEmptySqlite(join(files, "empty.sqlite"));
    const query = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000) SELECT x FROM c";
    const res = await post(
      {
        workflow: workflow(
          "w-database",
          [
            { id: "db", type: "input", config: { source_type: "sqlite", connection: { uri: db }, query } },
            { id: "keep", type: "filter", config: { mode: "basic", column: "x", operator: "<=", value: 300 } },
            { id: "sorted", type: "sort", config: { by: [{ column: "x", descending: true }] } },
            { id: "out", type: "output", config: { path: join(files, "database.csv") } },
          ],
          ["db -> keep", "keep:output-true -> sorted", "sorted -> out"],
        ),
      },
      "application/x-ndjson",
    );
    const lines = (await res.text())
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as RunStreamLine);
    // In the read's own event, as it ends: not left for the counting after the writes.
    expect(lines).toContainEqual(
      expect.objectContaining({ event: "tool", tool_id: "db", status: "success", rows: 1000 }),
    );
    const result = lines.at(-1) as Extract<RunStreamLine, { event: "result" }>;
    expect(countsOf(result.metrics.tools)).toEqual({
      db: { rows: 1000, sockets: { output: 1000 } },
      keep: { rows: 300, sockets: { "output-true": 300 } },
      sorted: { rows: 300, sockets: { output: 300 } },
      out: { rows: 300, sockets: { output: 300 } },
    });
  });

  test("a Union has the sum of its inputs' rows, a socket wired into it twice counted twice", async () => {
    // [in] ─► [keep] ═true═/─false─► [all] ◄─ [sorted] ◄─ [in]    [all] ─► [count] ─► [out]
    // Only the count is stored: the sort's rows are the Input's, the Union's the sum.
    const res = await post({
      workflow: workflow(
        "w-union",
        [
          { id: "in", type: "input", config: { source: numbers } },
          { id: "keep", type: "filter", config: { mode: "basic", column: "n", operator: "<", value: KEPT } },
          { id: "sorted", type: "sort", config: { by: [{ column: "n", descending: true }] } },
          { id: "all", type: "union", config: {} },
          {
            id: "count",
            type: "summarize",
            config: { group_by: [], aggregations: [{ column: "n", function: "count" }] },
          },
          { id: "out", type: "output", config: { path: join(files, "union.csv") } },
        ],
        [
          "in -> keep",
          "in -> sorted",
          "keep:output-true -> all",
          "sorted -> all",
          "keep:output-false -> all",
          "keep:output-true -> all",
          "all -> count",
          "count -> out",
        ],
      ),
    });
    expect(res.status).toBe(200);
    const { metrics, outputs } = (await res.json()) as ExecuteResult;
    const union = 2 * KEPT + ROWS + (ROWS - KEPT);
    expect(outputs.out?.output?.data).toEqual([[union]]);
    const counts = countsOf(metrics.tools);
    expect(counts.sorted).toEqual({ rows: ROWS, sockets: { output: ROWS } });
    expect(counts.all).toEqual({ rows: union, sockets: { output: union } });
  });
});

/*
 * Every tool and every wired socket of the benchmark's pipeline, counted exactly: the join
 * and the summary stream into the sort the run stores, so neither is stored; with the join's
 * unmatched rows wired too, the join is read by three tools and stored.
 *
 *   [sales] → [big: qty > 5] ─true─→ [join] ←── [customers]
 *                  └─false─→ [small]   │ ├─left─→ [lonely]   (sales of unknown customers)
 *                                      │ └─right─→ [idle]    (customers without big sales)
 *                                      └─match─→ [sum by segment, qty] → [sorted] → [out]
 */
const SALES = 20_000;
const sales = Array.from({ length: SALES }, (_, i) => ({ id: i, customer_id: i % 1000, qty: i % 10 }));
const customers = Array.from({ length: 850 }, (_, i) => ({ customer_id: i < 800 ? i : i + 200, segment: i % 3 }));

/** What each socket holds, computed here in plain JS. */
function expectedPipeline(unmatched: boolean) {
  const big = sales.filter((s) => s.qty > 5);
  const segmentOf = new Map(customers.map((c) => [c.customer_id, c.segment]));
  const matched = big.filter((s) => segmentOf.has(s.customer_id));
  const bought = new Set(matched.map((s) => s.customer_id));
  const idle = customers.filter((c) => !bought.has(c.customer_id)).length;
  const groups = new Set(matched.map((s) => `${segmentOf.get(s.customer_id)} ${s.qty}`)).size;
  const one = (rows: number) => ({ rows, sockets: { output: rows } });
  const join = { "output-match": matched.length };
  return {
    sales: one(SALES),
    customers: one(customers.length),
    big: { rows: big.length, sockets: { "output-true": big.length, "output-false": SALES - big.length } },
    small: one(SALES - big.length),
    join: {
      rows: matched.length,
      sockets: unmatched ? { ...join, "output-left": big.length - matched.length, "output-right": idle } : join,
    },
    ...(unmatched ? { lonely: one(big.length - matched.length), idle: one(idle) } : {}),
    sum: one(groups),
    sorted: one(groups),
    out: one(groups),
  };
}

function pipeline(dir: string, unmatched: boolean) {
  const out = (name: string) => ({ path: join(dir, name) });
  return workflow(
    `w-pipeline-${unmatched}`,
    [
      { id: "sales", type: "input", config: { source: join(dir, "sales.csv") } },
      { id: "customers", type: "input", config: { source: join(dir, "customers.csv") } },
      { id: "big", type: "filter", config: { mode: "basic", column: "qty", operator: ">", value: 5 } },
      { id: "small", type: "output", config: out("small.csv") },
      { id: "join", type: "join", config: { how: "inner", left_on: ["customer_id"], right_on: ["customer_id"] } },
      ...(unmatched
        ? [
            { id: "lonely", type: "output", config: out("lonely.csv") },
            { id: "idle", type: "output", config: out("idle.csv") },
          ]
        : []),
      {
        id: "sum",
        type: "summarize",
        config: { group_by: ["segment", "qty"], aggregations: [{ column: "id", function: "count" }] },
      },
      { id: "sorted", type: "sort", config: { by: [{ column: "id_count", descending: true }] } },
      { id: "out", type: "output", config: out("out.parquet") },
    ],
    [
      "sales -> big",
      "big:output-true -> join:input-left",
      "big:output-false -> small",
      "customers -> join:input-right",
      ...(unmatched ? ["join:output-left -> lonely", "join:output-right -> idle"] : []),
      "join:output-match -> sum",
      "sum -> sorted",
      "sorted -> out",
    ],
  );
}

describe.each(["true", "false"])("every tool of a pipeline with CACHE_ENABLED=%s", (cache) => {
  let app: TestApp;
  let dir: string;
  beforeAll(async () => {
    app = await makeTestApp({ env: { CACHE_ENABLED: cache } });
    dir = join(app.dataDir, "files");
    mkdirSync(dir, { recursive: true });
    writeCsv(
      join(dir, "sales.csv"),
      ["id", "customer_id", "qty"],
      sales.map((s) => [s.id, s.customer_id, s.qty]),
    );
    writeCsv(
      join(dir, "customers.csv"),
      ["customer_id", "segment"],
      customers.map((c) => [c.customer_id, c.segment]),
    );
  });
  afterAll(() => app.close());

  /** A full run streamed: its result and the rows events, by tool. */
  async function run(workflow: unknown) {
    const res = await app.app.request("/api/workflow/execute", {
      method: "POST",
      headers: { ...bearer(app.token), "content-type": "application/json", accept: "application/x-ndjson" },
      body: JSON.stringify({ workflow }),
    });
    const lines = (await res.text())
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as RunStreamLine);
    const result = lines.at(-1) as Extract<RunStreamLine, { event: "result" }>;
    expect(result.event, JSON.stringify(result)).toBe("result");
    const events = lines.filter((l): l is Extract<RunStreamLine, { event: "rows" }> => l.event === "rows");
    return { metrics: result.metrics, counted: new Map(events.map((e) => [e.tool_id, e.sockets])) };
  }

  test("the join and the summary, neither stored, counted after the writes", async () => {
    const { metrics, counted } = await run(pipeline(dir, false));
    const expected = expectedPipeline(false);
    expect(countsOf(metrics.tools)).toEqual(expected);
    // Counted after the writes, not as stored results.
    expect(counted.get("join")).toEqual(expected.join.sockets);
    expect(counted.get("sum")).toEqual(expected.sum.sockets);
  });

  test("the join's unmatched rows too when they are wired", async () => {
    const { metrics } = await run(pipeline(dir, true));
    expect(countsOf(metrics.tools)).toEqual(expectedPipeline(true));
  });
});

describe("row counts: all, or only the known ones (ROW_COUNTS, meta.row_counts)", () => {
  /** What a run knows without a counting pass: what it wrote and stored, passed through the tools keeping rows. */
  const KNOWN = {
    in: { rows: undefined, sockets: undefined },
    keep: EXPECTED.keep,
    out: EXPECTED.out,
    sorted: EXPECTED.sorted,
    first: EXPECTED.first,
    out2: EXPECTED.out2,
  };
  let known: TestApp;
  let knownFiles: string;
  beforeAll(async () => {
    known = await makeTestApp({ env: { ROW_COUNTS: "known" } });
    knownFiles = join(known.dataDir, "files");
    mkdirSync(knownFiles, { recursive: true });
    writeNumbers(join(knownFiles, "numbers.csv"), ROWS);
  });
  afterAll(() => known.close());

  const execute = async (app: TestApp, body: unknown) => {
    const res = await app.app.request("/api/workflow/execute", {
      method: "POST",
      headers: { ...bearer(app.token), "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as ExecuteResult & { detail?: string } };
  };
  const withCounts = (id: string, rowCounts?: string, app = t) => {
    const folder = app === t ? files : knownFiles;
    const w = split(id, folder, join(folder, "numbers.csv"));
    return { ...w, meta: { ...w.meta, ...(rowCounts ? { row_counts: rowCounts } : {}) } };
  };

  test("a workflow's meta.row_counts known skips the counting pass: the Input's rows, known to none, are left out", async () => {
    const { status, body } = await execute(t, { workflow: withCounts("w-known", "known"), force_refresh: true });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.metrics.row_counts).toBe("known");
    expect(countsOf(body.metrics.tools)).toEqual(KNOWN);
  });

  test("ROW_COUNTS=known is the Server's default, and a workflow's meta.row_counts all overrides it", async () => {
    const byServer = await execute(known, {
      workflow: withCounts("w-server-known", undefined, known),
      force_refresh: true,
    });
    expect(byServer.body.metrics.row_counts).toBe("known");
    expect(countsOf(byServer.body.metrics.tools).in).toEqual(KNOWN.in);
    const byWorkflow = await execute(known, { workflow: withCounts("w-all", "all", known), force_refresh: true });
    expect(byWorkflow.body.metrics.row_counts).toBe("all");
    expect(countsOf(byWorkflow.body.metrics.tools)).toEqual(EXPECTED);
  });

  test("a meta.row_counts other than all or known is a 400 naming the field", async () => {
    const { status, body } = await execute(t, { workflow: withCounts("w-odd", "some") });
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain("row_counts");
    expect(JSON.stringify(body)).toContain("expected one of: all, known");
  });
});
