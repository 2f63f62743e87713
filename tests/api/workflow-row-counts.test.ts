import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { ExecuteResult, ToolMetric } from "../../src/engine/job";
import type { RunStreamLine } from "../../src/server/run-stream";
import { bearer, makeTestApp, type TestApp } from "../helpers/test-app";
import { workflow, writeNumbers } from "../helpers/workflows";

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

const post = (body: unknown, accept?: string) =>
  t.app.request("/api/workflow/execute", {
    method: "POST",
    headers: { ...bearer(t.token), "content-type": "application/json", ...(accept ? { accept } : {}) },
    body: JSON.stringify(body),
  });

const split = (id: string) =>
  workflow(
    id,
    [
      { id: "in", type: "input", config: { source: numbers } },
      { id: "keep", type: "filter", config: { mode: "basic", column: "n", operator: "<", value: KEPT } },
      { id: "out", type: "output", config: { path: join(files, `${id}-kept.csv`) } },
      { id: "sorted", type: "sort", config: { by: [{ column: "n", descending: true }] } },
      { id: "first", type: "sample", config: { method: "first", n: 10 } },
      { id: "out2", type: "output", config: { path: join(files, `${id}-first.csv`) } },
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

  test("a blocking step the run did not store is not computed again to count it", async () => {
    // The summary streams into the sort, which is stored (the last blocking tool before the
    // Output); counting the summary would run the group-by a second time.
    const res = await post({
      workflow: workflow(
        "w-unstored",
        [
          { id: "in", type: "input", config: { source: numbers } },
          {
            id: "sum",
            type: "summarize",
            config: { group_by: [], aggregations: [{ column: "n", function: "sum" }] },
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
      sum: { rows: undefined, sockets: undefined },
      sorted: { rows: 1, sockets: { output: 1 } },
      out: { rows: 1, sockets: { output: 1 } },
    });
  });
});
