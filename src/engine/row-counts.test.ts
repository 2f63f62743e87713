import { describe, expect, test } from "bun:test";
import pl from "nodejs-polars";
import { failingFrame } from "../../tests/helpers/format-samples";
import type { Built, BuiltTool } from "./build-frames";
import type { Plan, PlannedTool } from "./plan";
import { CountedSockets, countSocketRows } from "./row-counts";

/*   src (5 rows, or a frame that fails when read) ─► keep (a Filter: its kept rows)   */
function chain(src: pl.LazyDataFrame): { plan: Plan; built: Built } {
  const tool = (
    id: string,
    type: string,
    hash: string,
    inputs: PlannedTool["inputs"],
    consumers: PlannedTool["consumers"],
  ) =>
    ({
      id,
      type,
      hash,
      inputs,
      consumers,
      blocking: false,
      level: 0,
      paths: 1,
      config: {},
      node: {},
    }) as unknown as PlannedTool;
  const tools = new Map([
    ["src", tool("src", "input", "h-src", {}, { output: ["keep"] })],
    ["keep", tool("keep", "filter", "h-keep", { input: [{ tool: "src", socket: "output" }] }, {})],
  ]);
  const kept = src.filter(pl.col("a").gt(2));
  const metric = (tool_id: string) => ({ tool_id, status: "success", duration_ms: 0, cache: "off" }) as never;
  return {
    plan: { workflowId: "w", targets: [], order: ["src", "keep"], levels: [["src"], ["keep"]], tools },
    built: {
      tools: new Map<string, BuiltTool>([
        ["src", { outputs: { output: src }, metric: metric("src") }],
        ["keep", { outputs: { "output-true": kept }, metric: metric("keep") }],
      ]),
      failed: new Map(),
    },
  };
}
const rowsOf = (built: Built) => Object.fromEntries([...built.tools].map(([id, t]) => [id, t.metric.sockets]));
const base = { writers: new Set<string>(), keepsRows: () => false };
const five = () => pl.DataFrame({ a: [1, 2, 3, 4, 5] }).lazy();

describe("countSocketRows", () => {
  test("counts what nothing else gives, in one query", () => {
    const { plan, built } = chain(five());
    countSocketRows(plan, built, base);
    expect(rowsOf(built)).toEqual({ src: { output: 5 }, keep: { "output-true": 3 } });
  });

  test("countMore false (ROW_COUNTS known) reads nothing: the counts stay unknown", () => {
    const { plan, built } = chain(failingFrame());
    expect(countSocketRows(plan, built, { ...base, countMore: false })).toEqual([]);
    expect(rowsOf(built)).toEqual({ src: undefined, keep: undefined });
  });

  test("remembered counts of the same lineage hashes are taken without reading the data", () => {
    const remembered = new CountedSockets();
    const first = chain(five());
    countSocketRows(first.plan, first.built, { ...base, remembered });
    // The same hashes over a frame that fails when read: only remembered counts can answer.
    const again = chain(failingFrame());
    countSocketRows(again.plan, again.built, { ...base, remembered });
    expect(rowsOf(again.built)).toEqual({ src: { output: 5 }, keep: { "output-true": 3 } });
  });

  test("a tool reusable says no to (a fresh database read's) is counted again and not kept", () => {
    const remembered = new CountedSockets();
    const notSrc = (t: PlannedTool) => t.id !== "src";
    countSocketRows(chain(five()).plan, chain(five()).built, { ...base, remembered, reusable: notSrc });
    expect(remembered.get("h-src", "output")).toBeUndefined();
    expect(remembered.get("h-keep", "output-true")).toBe(3);
    const again = chain(pl.DataFrame({ a: [3, 4, 5, 6, 7, 8, 9] }).lazy());
    countSocketRows(again.plan, again.built, { ...base, remembered, reusable: notSrc });
    expect(rowsOf(again.built)).toEqual({ src: { output: 7 }, keep: { "output-true": 3 } });
  });
});

describe("CountedSockets", () => {
  test("keeps the newest `capacity` counts, a count set again being the newest", () => {
    const counted = new CountedSockets(2);
    counted.set("a", "output", 1);
    counted.set("b", "output", 2);
    counted.set("a", "output", 10);
    counted.set("c", "output", 3);
    expect([counted.get("a", "output"), counted.get("b", "output"), counted.get("c", "output")]).toEqual([
      10,
      undefined,
      3,
    ]);
  });
});
