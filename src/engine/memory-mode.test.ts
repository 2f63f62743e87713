import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seededRandom } from "../../tests/helpers/seeded-random";
import { TEST_LIMITS } from "../../tests/helpers/tool-harness";
import { workflow } from "../../tests/helpers/workflows";
import type { MemoryMode, Workflow } from "../shared/workflow";
import { createEngine } from "./engine";
import type { EngineSettings, RunEvent } from "./job";
import { memoryModeOf } from "./memory-mode";

/*
 *  sales.csv ─► qty > 5 ─► join ◄─ customers.csv
 *                           └─► summarize (segment, product) ─► sort ─► output
 *  sales.csv ─► output (every row, as read)
 *
 * The same workflow run in both modes writes the same bytes. sales.csv is about 5 MiB, so a
 * bounded run reads it in parts (formats/csv/split.ts), and has quoted fields with commas,
 * doubled quotes and line breaks that a cut must not split.
 */

const dir = mkdtempSync(join(tmpdir(), "weft-memory-mode-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const random = seededRandom(7);
const NOTES = ["", "plain", '"quoted, with a comma"', '"two\nlines"', '"a ""doubled"" quote"'];
const sales = join(dir, "sales.csv");
const lines = ["id,customer_id,segment_hint,qty,price,note"];
for (let i = 0; i < 150_000; i++) {
  const note = NOTES[Math.floor(random() * NOTES.length)];
  lines.push(
    `${i},${1 + Math.floor(random() * 500)},x,${1 + Math.floor(random() * 20)},${(random() * 1000).toFixed(2)},${note}`,
  );
}
writeFileSync(sales, `${lines.join("\n")}\n`);
const customers = join(dir, "customers.csv");
writeFileSync(
  customers,
  `customer_id,segment,product\n${Array.from({ length: 500 }, (_, i) => `${i + 1},s${i % 4},p${i % 7}`).join("\n")}\n`,
);

function pipeline(out: string, format: "parquet" | "csv" | "xlsx", memory?: MemoryMode): Workflow {
  const flow = workflow(
    "w-memory",
    [
      { id: "sales", type: "input", config: { source: sales } },
      { id: "customers", type: "input", config: { source: customers } },
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
          ],
        },
      },
      { id: "sort", type: "sort", config: { by: [{ column: "qty_sum", descending: true }, { column: "segment" }] } },
      { id: "out", type: "output", config: { path: join(out, `summary.${format}`) } },
      { id: "copy", type: "output", config: { path: join(out, "copy.csv") } },
    ],
    [
      "sales -> big",
      "big:output-true -> join:input-left",
      "customers -> join:input-right",
      "join:output-match -> sum",
      "sum -> sort",
      "sort -> out",
      "sales -> copy",
    ],
  );
  return memory ? { ...flow, meta: { ...flow.meta, memory } } : flow;
}

function engine(name: string, memoryMode?: MemoryMode, log: string[] = []) {
  const settings: EngineSettings = {
    dataDir: join(dir, name),
    cache: { enabled: true, quotaBytes: 1024 ** 3, retentionDays: 1 },
    executionMode: "parallel",
    maxParallelTools: 4,
    memoryMode,
    maxPreviewRows: 1000,
    limits: TEST_LIMITS,
    previewBounds: { maxValueChars: 10_000, maxBytes: 20_000_000 },
    fileAccess: { mode: "restricted", roots: [{ path: dir, readOnly: false }] },
  };
  const claim = async (key: string) => {
    log.push(`claim ${key.slice(-8)}`);
    return "go" as const;
  };
  const release = (key: string) => log.push(`release ${key.slice(-8)}`);
  return { settings, engine: createEngine({ settings, claim, release }) };
}

function run(
  name: string,
  format: "parquet" | "csv" | "xlsx",
  memory?: MemoryMode,
  serverMode?: MemoryMode,
  onEvent?: (event: RunEvent, dataDir: string) => void,
) {
  const out = join(dir, `out-${name}`);
  mkdirSync(out, { recursive: true });
  const { engine: e, settings } = engine(name, serverMode);
  const job = { kind: "execute" as const, workflow: pipeline(out, format, memory), previewLimit: 10 };
  return { out, settings, result: e.run(job, undefined, (event) => onEvent?.(event, settings.dataDir)) };
}

describe("bounded memory mode", () => {
  test("a bounded run writes exactly the files a default run writes, and says which mode it ran in", async () => {
    for (const format of ["parquet", "csv"] as const) {
      const plain = run(`default-${format}`, format);
      const bounded = run(`bounded-${format}`, format, "bounded");
      const [a, b] = [await plain.result, await bounded.result];
      expect(a.metrics.memory_mode).toBe("default");
      expect(b.metrics.memory_mode).toBe("bounded");
      for (const file of [`summary.${format}`, "copy.csv"])
        expect(readFileSync(join(bounded.out, file))).toEqual(readFileSync(join(plain.out, file)));
      expect(b.written).toEqual(a.written.map((w) => ({ ...w, path: w.path.replace(plain.out, bounded.out) })));
      expect(b.metrics.tools.map((t) => [t.tool_id, t.rows])).toEqual(a.metrics.tools.map((t) => [t.tool_id, t.rows]));
      expect(a.written.find((w) => w.tool_id === "copy")?.rows).toBe(150_000);
    }
  });

  test("a bounded run reads its CSV input in parts in a spill folder of the data directory, then removes it", async () => {
    const plain = run("spill-default", "parquet");
    await plain.result;
    expect(existsSync(join(plain.settings.dataDir, "spill"))).toBe(false);
    // Once the sales Input is built (its parts copied), while the run goes on.
    const parts: string[] = [];
    const bounded = run("spill-bounded", "parquet", "bounded", undefined, (event, dataDir) => {
      if (event.event !== "tool" || event.tool_id !== "sales" || event.status !== "success") return;
      for (const folder of readdirSync(join(dataDir, "spill")))
        parts.push(...readdirSync(join(dataDir, "spill", folder)));
    });
    await bounded.result;
    // One folder (customers.csv, under a part's size, is read whole), 2 MiB parts.
    expect(parts.sort()).toEqual(["part-000000.csv", "part-000001.csv", "part-000002.csv"]);
    // Made for the run (by createSpillDir only), emptied when it ended.
    expect(readdirSync(join(bounded.settings.dataDir, "spill"))).toEqual([]);
  });

  test("ENGINE_MEMORY_MODE=bounded applies to a workflow that does not say; the workflow's meta.memory wins", async () => {
    expect((await run("server-bounded", "csv", undefined, "bounded").result).metrics.memory_mode).toBe("bounded");
    expect((await run("workflow-default", "csv", "default", "bounded").result).metrics.memory_mode).toBe("default");
  });

  test("a bounded run refuses to write a format held whole in memory, before writing anything", async () => {
    const bounded = run("xlsx-bounded", "xlsx", "bounded");
    expect(bounded.result).rejects.toThrow(
      /Tool "out" \(output\): excel files are written from the whole table in memory, which bounded memory mode does not allow; write csv, parquet, ipc, json/,
    );
    await bounded.result.catch(() => {});
    expect(readdirSync(bounded.out)).toEqual([]);
    const plain = run("xlsx-default", "xlsx");
    expect((await plain.result).written.map((w) => w.tool_id).sort()).toEqual(["copy", "out"]);
  });

  /*  customers.csv ─► sort by segment ─► a.csv
   *               └─► sort by product ─► b.csv      (two stored results in one level) */
  test("a bounded run computes one blocking result at a time; a default run computes a level's together", async () => {
    const sorts = (memory: MemoryMode) =>
      workflow(
        `w-sorts-${memory}`,
        [
          { id: "in", type: "input", config: { source: customers } },
          { id: "s1", type: "sort", config: { by: [{ column: "segment" }, { column: "customer_id" }] } },
          { id: "s2", type: "sort", config: { by: [{ column: "product" }, { column: "customer_id" }] } },
          { id: "a", type: "output", config: { path: join(dir, `a-${memory}.csv`) } },
          { id: "b", type: "output", config: { path: join(dir, `b-${memory}.csv`) } },
        ],
        ["in -> s1", "in -> s2", "s1 -> a", "s2 -> b"],
      );
    const order: Record<MemoryMode, string[]> = { default: [], bounded: [] };
    for (const memory of ["default", "bounded"] as const) {
      const { engine: e } = engine(`sorts-${memory}`, undefined, order[memory]);
      const flow = sorts(memory);
      await e.run({ kind: "execute", workflow: { ...flow, meta: { ...flow.meta, memory } }, previewLimit: 1 });
    }
    const kinds = (log: string[]) => log.map((line) => line.split(" ")[0]);
    expect(kinds(order.default)).toEqual(["claim", "claim", "release", "release"]);
    expect(kinds(order.bounded)).toEqual(["claim", "release", "claim", "release"]);
  });

  test("only full runs take the workflow's mode: a preview of a bounded workflow is a default job", () => {
    const flow = pipeline(dir, "csv", "bounded");
    const settings = { memoryMode: "default" as const };
    expect(memoryModeOf({ kind: "execute", workflow: flow, previewLimit: 1 }, settings)).toBe("bounded");
    expect(memoryModeOf({ kind: "tool_preview", workflow: flow, toolId: "out", previewLimit: 1 }, settings)).toBe(
      "default",
    );
  });
});
