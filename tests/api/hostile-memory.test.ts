import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { ExecutorPool } from "../../src/engine/executor/pool";
import { bearer, makeTestApp, type TestApp } from "../helpers/test-app";
import { type ToolSpec, workflow, writeCsv } from "../helpers/workflows";

/*
 * Issue 14, item 2: an executor's memory had no bound. A 32 KB CSV of 6,000 names and a
 * quadratic expression reached 8.5 GB; 30 Unions each reading the one before twice grew an
 * executor to 15 GB. Now an executor past ENGINE_MEMORY_LIMIT_MB is stopped (422) and
 * replaced, and a tool reached by more than MAX_PLAN_PATHS paths is refused before it is built.
 */

const LIMIT_MB = 300;

describe("an executor's memory is bounded", () => {
  let t: TestApp;
  let names: string;
  beforeAll(async () => {
    t = await makeTestApp({ env: { ENGINE_PROCESSES: "1", ENGINE_MEMORY_LIMIT_MB: String(LIMIT_MB) } });
    mkdirSync(join(t.dataDir, "files"));
    names = writeCsv(
      join(t.dataDir, "files", "names.csv"),
      ["name"],
      Array.from({ length: 6000 }, (_, i) => [`name${i}`]),
    );
  });
  afterAll(() => t.close());

  const execute = async (toolId: string, tools: ToolSpec[], wires: string[]) => {
    const res = await t.app.request("/api/workflow/tool/execute", {
      method: "POST",
      headers: { ...bearer(t.token), "content-type": "application/json" },
      body: JSON.stringify({ tool_id: toolId, workflow: workflow("w-memory", tools, wires) }),
    });
    return { status: res.status, body: (await res.json()) as { detail?: string } };
  };
  const calculate = (expression: string) =>
    execute(
      "calc",
      [
        { id: "in", type: "input", config: { source: names } },
        { id: "calc", type: "calculate", config: { columns: [{ name: "n", expression }] } },
      ],
      ["in -> calc"],
    );

  test("a run past ENGINE_MEMORY_LIMIT_MB is stopped with 422; the next runs on a fresh executor", async () => {
    const engine = t.engine as ExecutorPool;
    const ok = await calculate('pl.col("name").str.len_chars()');
    expect(ok.status).toBe(200);
    const [before] = engine.stats().pids;
    // The names joined are 34,890 characters (under MAX_EXPR_STRING_LENGTH), split into one
    // string each on every one of the 6,000 rows: 209 million strings, gigabytes by construction.
    const joined = Array.from({ length: 6000 }, (_, i) => `name${i}`).join("").length;
    expect(joined * 6000).toBeGreaterThan(200_000_000);
    const res = await calculate('pl.col("name").str.join("").str.split("").list.len()');
    expect(res.status).toBe(422);
    expect(res.body.detail).toMatch(
      /^The run used [\d,]+ MB of memory, over the limit of 300 MB \(setting ENGINE_MEMORY_LIMIT_MB\), and was stopped$/,
    );
    const reached = Number((res.body.detail?.match(/used ([\d,]+) MB/)?.[1] ?? "0").replaceAll(",", ""));
    expect(reached).toBeGreaterThan(LIMIT_MB);
    const after = await calculate('pl.col("name").str.len_chars()');
    expect(after.status).toBe(200);
    expect(engine.stats().pids).not.toContain(before as number);
    const health = (await (await t.app.request("/api/health/")).json()) as { status: string };
    expect(health.status).toBe("ok");
  });

  test("30 Unions each reading the one before twice are refused with the paths counted", async () => {
    const tools: ToolSpec[] = [{ id: "in", type: "input", config: { source: names } }];
    const wires: string[] = [];
    for (let i = 1; i <= 30; i++) {
      const from = i === 1 ? "in" : `u${i - 1}`;
      tools.push({ id: `u${i}`, type: "union", config: {} });
      wires.push(`${from} -> u${i}`, `${from} -> u${i}`);
    }
    const res = await execute("u30", tools, wires);
    expect(res.status).toBe(422);
    // u13 is reached by 8,192 paths, u14 by 16,384: the first past the default limit of 10,000.
    expect(res.body.detail).toBe(
      'Tool "u14" (union) is reached by 16,384 paths from its sources, over the limit of 10,000 (setting MAX_PLAN_PATHS): its upstream work would be planned once per path',
    );
    const after = await execute("u3", tools, wires);
    expect(after.status).toBe(200);
  });
});
