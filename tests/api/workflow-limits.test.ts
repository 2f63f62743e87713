import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { bearer, makeTestApp, type TestApp } from "../helpers/test-app";
import { waitUntil } from "../helpers/wait";
import { countingInput, countingMs, SLOW_COUNT, workflow, writeCsv, writeEmptySqlite } from "../helpers/workflows";

/** MAX_EXECUTION_TIME_SECONDS here: long enough for a small request to end inside it on a busy machine. */
const LIMIT_MS = 2_000;

describe("limits of a run", () => {
  let t: TestApp;
  let db: string;
  const post = (path: string, body: unknown) =>
    t.app.request(`/api/workflow/${path}`, {
      method: "POST",
      headers: { ...bearer(t.token), "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    t = await makeTestApp({
      env: { MAX_EXECUTION_TIME_SECONDS: String(LIMIT_MS / 1000), ENGINE_PROCESSES: "1" },
    });
    mkdirSync(join(t.dataDir, "files"));
    db = writeEmptySqlite(join(t.dataDir, "files", "empty.db"));
  });
  afterAll(() => t.close());

  test("a run past MAX_EXECUTION_TIME_SECONDS stops with a 504, and the next request is served", async () => {
    // Without the limit, the count would go on for far longer than the test may (hours), on any machine.
    expect(countingMs(SLOW_COUNT)).toBeGreaterThan(100 * LIMIT_MS);
    const count = (n: number) => workflow("w-count", [countingInput("c", db, n)]);
    const res = await post("tool/execute", { tool_id: "c", workflow: count(SLOW_COUNT) });
    expect(res.status).toBe(504);
    expect((await res.json()).detail).toContain("MAX_EXECUTION_TIME_SECONDS");
    expect((await t.app.request("/api/health/")).status).toBe(200);
    // The killed executor is replaced. Its start-up counts against the limit of the next
    // request, so wait until it is ready (a busy machine takes seconds to load Polars).
    await waitUntil(() => t.engine?.stats().idle === 1, "the new executor to be ready");
    // A small request on the same pool of one works.
    const ok = await post("tool/execute", { tool_id: "c", workflow: count(1000) });
    expect(ok.status).toBe(200);
    expect((await ok.json()).outputs.output.data).toEqual([[1000]]);
  }, 30_000);

  test("a pivot past MAX_PIVOT_COLUMNS and an unpivot past MAX_UNPIVOT_CELLS fail fast; the Server stays healthy", async () => {
    const small = await makeTestApp({ env: { MAX_PIVOT_COLUMNS: "50", MAX_UNPIVOT_CELLS: "1000" } });
    try {
      mkdirSync(join(small.dataDir, "files"));
      const rows = Array.from({ length: 600 }, (_, i) => [i % 3, `k${i % 200}`, i, i * 2]);
      const source = writeCsv(join(small.dataDir, "files", "p.csv"), ["g", "key", "v", "w"], rows);
      const run = (id: string, type: string, config: Record<string, unknown>) =>
        small.app.request("/api/workflow/tool/execute", {
          method: "POST",
          headers: { ...bearer(small.token), "content-type": "application/json" },
          body: JSON.stringify({
            tool_id: id,
            workflow: workflow(
              "w-safety",
              [
                { id: "in", type: "input", config: { source } },
                { id, type, config },
              ],
              [`in -> ${id}`],
            ),
          }),
        });
      const pivot = await run("p", "pivot", { index: ["g"], on: "key", values: "v", aggregate: "sum" });
      expect(pivot.status).toBe(422);
      const pivotDetail = (await pivot.json()).detail as string;
      expect(pivotDetail).toContain("200");
      expect(pivotDetail).toContain("50");
      expect(pivotDetail).toContain("MAX_PIVOT_COLUMNS");
      const unpivot = await run("u", "unpivot", { index: ["g"] });
      expect(unpivot.status).toBe(422);
      const unpivotDetail = (await unpivot.json()).detail as string;
      expect(unpivotDetail).toContain("1800");
      expect(unpivotDetail).toContain("1000");
      expect(unpivotDetail).toContain("MAX_UNPIVOT_CELLS");
      expect((await small.app.request("/api/health/")).status).toBe(200);
    } finally {
      await small.close();
    }
  });

  test("a cross join past MAX_CROSS_JOIN_ROWS is a 422 safety-limit error", async () => {
    const small = await makeTestApp({ env: { MAX_CROSS_JOIN_ROWS: "1000" } });
    try {
      mkdirSync(join(small.dataDir, "files"));
      const source = writeCsv(
        join(small.dataDir, "files", "n.csv"),
        ["n"],
        Array.from({ length: 40 }, (_, i) => [i]),
      );
      const res = await small.app.request("/api/workflow/tool/execute", {
        method: "POST",
        headers: { ...bearer(small.token), "content-type": "application/json" },
        body: JSON.stringify({
          tool_id: "x",
          workflow: workflow(
            "w-cross",
            [
              { id: "a", type: "input", config: { source } },
              { id: "x", type: "join", config: { how: "cross", suffix: "_b" } },
            ],
            ["a -> x:input-left", "a -> x:input-right"],
          ),
        }),
      });
      expect(res.status).toBe(422);
      const detail = (await res.json()).detail as string;
      expect(detail).toContain("1600");
      expect(detail).toContain("MAX_CROSS_JOIN_ROWS");
    } finally {
      await small.close();
    }
  });
});
