import { describe, expect, test } from "bun:test";
import type { RunEvent } from "../lib/api";
import { applyRunEvent, countEnded, progressRows, startProgress, totalCount } from "./run-progress";

const events: [RunEvent, number][] = [
  [{ event: "tool", tool_id: "in", status: "running" }, 5],
  [{ event: "tool", tool_id: "in", status: "success", duration_ms: 2, cache: "off" }, 7],
  [{ event: "tool", tool_id: "sort", status: "running" }, 8],
  [{ event: "tool", tool_id: "sort", status: "success", duration_ms: 900, cache: "miss", rows: 10 }, 910],
  [{ event: "tool", tool_id: "out", status: "running" }, 911],
  [{ event: "written", tool_id: "out", path: "/f/out.csv", rows: 10 }, 1200],
];

describe("run progress", () => {
  test("counts done tools against the tools sent, and lists started tools first", () => {
    let p = startProgress(["in", "out", "sort", "other"]);
    expect(progressRows(p).map((r) => r.state)).toEqual(["waiting", "waiting", "waiting", "waiting"]);
    for (const [event, at] of events) p = applyRunEvent(p, event, at);
    expect(countEnded(p, "success")).toBe(2);
    expect(countEnded(p, "error")).toBe(0);
    expect(totalCount(p)).toBe(4);
    expect(progressRows(p).map((r) => [r.toolId, r.state, r.startedAt])).toEqual([
      ["in", "success", 5],
      ["sort", "success", 8],
      ["out", "running", 911],
      ["other", "waiting", undefined],
    ]);
    expect(progressRows(p)[1]?.event).toMatchObject({ duration_ms: 900, rows: 10, cache: "miss" });
    expect(p.written).toEqual([{ event: "written", tool_id: "out", path: "/f/out.csv", rows: 10 }]);
  });

  test("an error ends a tool; the start time is the first event's", () => {
    let p = startProgress(["a"]);
    p = applyRunEvent(p, { event: "tool", tool_id: "a", status: "running" }, 1);
    p = applyRunEvent(p, { event: "tool", tool_id: "a", status: "error", duration_ms: 3 }, 4);
    expect(progressRows(p)).toEqual([
      {
        toolId: "a",
        state: "error",
        event: { event: "tool", tool_id: "a", status: "error", duration_ms: 3 },
        startedAt: 1,
      },
    ]);
    expect(countEnded(p, "success")).toBe(0);
    expect(countEnded(p, "error")).toBe(1);
  });

  test("a tool the run reports beyond those sent still counts", () => {
    const p = applyRunEvent(startProgress(["a"]), { event: "tool", tool_id: "b", status: "running" }, 0);
    expect(totalCount(p)).toBe(2);
    expect(progressRows(p).map((r) => r.toolId)).toEqual(["b", "a"]);
  });
});
