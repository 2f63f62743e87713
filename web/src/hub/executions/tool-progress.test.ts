import { describe, expect, test } from "bun:test";
import { toolEventOf, toolProgress } from "./tool-progress";

describe("a run's per-tool progress", () => {
  const tools = [
    { id: "in", type: "input" },
    { id: "out", type: "output" },
  ];

  test("before any event every tool waits; live events move them", () => {
    expect(toolProgress({ tools, events: [], metrics: undefined, ended: false }).map((t) => t.state)).toEqual([
      "waiting",
      "waiting",
    ]);
    const events = [
      { tool_id: "in", tool_status: "running" as const },
      { tool_id: "in", tool_status: "success" as const, duration_ms: 12, rows: 3 },
      { tool_id: "out", tool_status: "running" as const, duration_ms: null, rows: null },
    ];
    expect(toolProgress({ tools, events, metrics: undefined, ended: false })).toEqual([
      { id: "in", type: "input", state: "success", durationMs: 12, rows: 3 },
      { id: "out", type: "output", state: "running" },
    ]);
  });

  test("the final metrics win; an ended run's silent tools did not report", () => {
    const metrics = [{ tool_id: "in", status: "success" as const, duration_ms: 20, rows: 3 }];
    const events = [{ tool_id: "out", tool_status: "running" as const }];
    expect(toolProgress({ tools, events, metrics, ended: true })).toEqual([
      { id: "in", type: "input", state: "success", durationMs: 20, rows: 3 },
      { id: "out", type: "output", state: "unknown" },
    ]);
  });

  test("a tool the revision does not list still shows (events of a tool are its own evidence)", () => {
    const rows = toolProgress({
      tools: [],
      events: [{ tool_id: "x", tool_status: "error" }],
      metrics: [],
      ended: true,
    });
    expect(rows).toEqual([{ id: "x", state: "error" }]);
  });

  test("only tool events are read as such", () => {
    expect(toolEventOf({ tool_id: "in", tool_status: "success", rows: 2 })).toEqual({
      tool_id: "in",
      tool_status: "success",
      duration_ms: undefined,
      rows: 2,
    });
    expect(toolEventOf({ line: "hello" })).toBeUndefined();
    expect(toolEventOf({ tool_id: "in", tool_status: "odd" })).toBeUndefined();
    expect(toolEventOf(null)).toBeUndefined();
  });
});
