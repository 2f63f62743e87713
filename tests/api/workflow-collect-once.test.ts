import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { Workflow } from "../../src/shared/workflow";
import { canWatchOpens, watchOpens } from "../helpers/file-opens";
import { postWorkflow } from "../helpers/golden";
import { makeTestApp, type TestApp } from "../helpers/test-app";
import { workflow, writeCsv } from "../helpers/workflows";

/*
 * A full run computes each result once, whether the cache is on or off: the work is counted
 * as the opens of the source file (by the kernel, across the engine processes), never timed.
 * The reference is the plainest run, [in] → [sum] → [out] with the cache on: it stores the
 * summary once and writes and previews the Output from it. Every shape below, in both
 * settings, must read its source as often as that run does.
 */

const summarize = { group_by: ["g"], aggregations: [{ column: "x", function: "sum" }] };
const keep = { mode: "basic", column: "x_sum", operator: ">", value: 0 };
type Shape = (id: string, source: string, out: (name: string) => string) => Workflow;

const shapes: Record<string, Shape> = {
  "one Output": (id, source, out) =>
    workflow(
      id,
      [
        { id: "in", type: "input", config: { source } },
        { id: "sum", type: "summarize", config: summarize },
        { id: "out", type: "output", config: { path: out("out.csv") } },
      ],
      ["in -> sum", "sum -> out"],
    ),
  "two Outputs from one summary": (id, source, out) =>
    workflow(
      id,
      [
        { id: "in", type: "input", config: { source } },
        { id: "sum", type: "summarize", config: summarize },
        { id: "a", type: "output", config: { path: out("a.csv") } },
        { id: "b", type: "output", config: { path: out("b.parquet") } },
      ],
      ["in -> sum", "sum -> a", "sum -> b"],
    ),
  "an Output and a filter below it": (id, source, out) =>
    workflow(
      id,
      [
        { id: "in", type: "input", config: { source } },
        { id: "sum", type: "summarize", config: summarize },
        { id: "out", type: "output", config: { path: out("out.csv") } },
        { id: "f", type: "filter", config: keep },
      ],
      ["in -> sum", "sum -> out", "out -> f"],
    ),
  "a filter feeding two sorts": (id, source, out) =>
    workflow(
      id,
      [
        { id: "in", type: "input", config: { source } },
        { id: "sum", type: "summarize", config: summarize },
        { id: "f", type: "filter", config: keep },
        { id: "up", type: "sort", config: { by: [{ column: "x_sum" }] } },
        { id: "down", type: "sort", config: { by: [{ column: "x_sum", descending: true }] } },
        { id: "a", type: "output", config: { path: out("up.csv") } },
        { id: "b", type: "output", config: { path: out("down.csv") } },
      ],
      ["in -> sum", "sum -> f", "f:output-true -> up", "f:output-true -> down", "up -> a", "down -> b"],
    ),
};

const apps: Record<"on" | "off", TestApp> = {} as never;
let reference: number;

beforeAll(async () => {
  [apps.on, apps.off] = await Promise.all([
    makeTestApp({ env: { CACHE_ENABLED: "true" } }),
    makeTestApp({ env: { CACHE_ENABLED: "false" } }),
  ]);
  if (canWatchOpens) reference = await opensOfRun(apps.on, "one Output", "reference");
});
afterAll(() => Promise.all(Object.values(apps).map((app) => app.close())));

/** Every file below `root` (none when it does not exist). */
function filesUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** How often a full run of `shape` opens its source (a fresh file, so nothing is known of it yet). */
async function opensOfRun(app: TestApp, shape: string, name: string): Promise<number> {
  const files = join(app.dataDir, "files", name);
  mkdirSync(files, { recursive: true });
  const rows = Array.from({ length: 1000 }, (_, i) => [i % 7, i]);
  const source = writeCsv(join(files, "source.csv"), ["g", "x"], rows);
  const watch = watchOpens(source);
  try {
    const run = (shapes[shape] as Shape)(name, source, (file) => join(files, file));
    const { status, body } = await postWorkflow(app, "execute", { workflow: run });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.written.length).toBeGreaterThan(0);
    return watch.opens();
  } finally {
    watch.close();
  }
}

describe.if(canWatchOpens)("a full run reads its source once", () => {
  test("the reference run opens its source", () => {
    expect(reference).toBeGreaterThan(0);
  });

  test("with the cache off, the copy a run makes of the summary is gone when the run ends, also when it fails", async () => {
    const app = apps.off;
    const files = join(app.dataDir, "files", "copies");
    mkdirSync(files, { recursive: true });
    const source = writeCsv(
      join(files, "source.csv"),
      ["g", "x"],
      [
        [1, 2],
        [1, 3],
        [2, 4],
      ],
    );
    const run = (shapes["one Output"] as Shape)("copies", source, (file) => join(files, file));
    const ok = await postWorkflow(app, "execute", { workflow: run });
    expect(ok.status).toBe(200);
    // Counted from the copy: the summary's rows are known, and it was not served from a cache.
    expect(ok.body.metrics.tools.find((m: { tool_id: string }) => m.tool_id === "sum")).toMatchObject({
      cache: "off",
      rows: 2,
    });
    expect(ok.body.outputs.out.output.data).toEqual([
      [1, 5],
      [2, 4],
    ]);
    expect(filesUnder(join(app.dataDir, "cache"))).toEqual([]);

    // The Output refuses to replace its file after the summary's copy was made.
    const failing = structuredClone(run);
    (failing.tools[2] as { config: Record<string, unknown> }).config.if_exists = "fail";
    const refused = await postWorkflow(app, "execute", { workflow: failing });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toContain('if_exists is "fail"');
    expect(filesUnder(join(app.dataDir, "cache"))).toEqual([]);
  });

  for (const setting of ["on", "off"] as const) {
    for (const shape of Object.keys(shapes)) {
      test(`${shape}, cache ${setting}`, async () => {
        const name = `${shape.replaceAll(" ", "-")}-${setting}`;
        expect(await opensOfRun(apps[setting], shape, name)).toBe(reference);
      });
    }
  }
});
