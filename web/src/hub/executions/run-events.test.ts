import { describe, expect, test } from "bun:test";
import { type RunMemory, recordRunEvent } from "./run-events";

const tool = (id: string, tool_id: string, tool_status: string) => ({
  type: "execution.tool",
  data: { execution_id: id, status: "running", tool_id, tool_status },
});
const log = (id: string, line: string) => ({
  type: "execution.log",
  data: { execution_id: id, status: "running", line },
});

describe("the area's memory of runs' live events", () => {
  test("tool reports and log lines are kept per run; other events are not", () => {
    const memory = new Map<string, RunMemory>();
    expect(recordRunEvent(memory, tool("e1", "in", "running"))).toBe(true);
    expect(recordRunEvent(memory, log("e1", "tool in: running"))).toBe(true);
    expect(recordRunEvent(memory, tool("e1", "in", "success"))).toBe(true);
    expect(recordRunEvent(memory, { type: "execution.updated", data: { execution_id: "e1", status: "failed" } })).toBe(
      false,
    );
    expect(recordRunEvent(memory, { type: "stream.open", data: {} })).toBe(false);
    expect(recordRunEvent(memory, tool("e1", "in", "odd"))).toBe(false);
    expect(memory.get("e1")).toEqual({
      tools: [
        { tool_id: "in", tool_status: "running", duration_ms: undefined, rows: undefined },
        { tool_id: "in", tool_status: "success", duration_ms: undefined, rows: undefined },
      ],
      lines: ["tool in: running"],
    });
  });

  test("bounded: the run heard from least recently goes first, and a run's lines stop at the bound", () => {
    const memory = new Map<string, RunMemory>();
    const limits = { runs: 2, lines: 2 };
    recordRunEvent(memory, log("e1", "a"), limits);
    recordRunEvent(memory, log("e2", "a"), limits);
    recordRunEvent(memory, log("e1", "b"), limits);
    recordRunEvent(memory, log("e3", "a"), limits);
    expect([...memory.keys()]).toEqual(["e1", "e3"]);
    recordRunEvent(memory, log("e1", "c"), limits);
    expect(memory.get("e1")?.lines).toEqual(["a", "b"]);
  });
});
