import { describe, expect, test } from "bun:test";
import type { ExecutionSummary } from "./executions-api";
import { liveListAction, patchStatus } from "./live-list";

const run = (id: string, status: ExecutionSummary["status"], workflow_id = "w1"): ExecutionSummary => ({
  id,
  workflow_id,
  revision: 1,
  user_id: "u1",
  server_id: null,
  schedule_id: null,
  scheduled_for: null,
  occurrences_covered: 1,
  status,
  created_at: "2026-11-28T10:00:00Z",
  started_at: null,
  finished_at: null,
  error: null,
});
const event = (type: string, data: Record<string, unknown>) => ({ id: 1, type, data });

describe("the executions list follows the live feed", () => {
  const shown = [run("e1", "running"), run("e2", "succeeded")];

  test("a (re)connection and a reset reload the page: what happened before is unknown", () => {
    expect(liveListAction({ type: "stream.open", data: {} }, shown, {})).toEqual({ kind: "reload" });
    expect(liveListAction(event("stream.reset", {}), shown, {})).toEqual({ kind: "reload" });
  });

  test("a shown run's new status is patched in place", () => {
    const moved = event("execution.updated", { execution_id: "e1", status: "succeeded", workflow_id: "w1" });
    expect(liveListAction(moved, shown, {})).toEqual({ kind: "patch", id: "e1", status: "succeeded" });
    const rows = patchStatus(shown, "e1", "succeeded");
    expect(rows.map((r) => r.status)).toEqual(["succeeded", "succeeded"]);
    expect(shown[0]?.status).toBe("running");
    expect(patchStatus(shown, "nope", "failed")).toBe(shown);
  });

  test("a new run reloads only when the filters would show it", () => {
    const created = event("execution.created", {
      execution_id: "e3",
      status: "queued",
      workflow_id: "w1",
      schedule_id: null,
    });
    expect(liveListAction(created, shown, {})).toEqual({ kind: "reload" });
    expect(liveListAction(created, shown, { workflow_id: "w1", status: "queued" })).toEqual({ kind: "reload" });
    expect(liveListAction(created, shown, { workflow_id: "w2" })).toEqual({ kind: "none" });
    expect(liveListAction(created, shown, { status: "failed" })).toEqual({ kind: "none" });
    expect(liveListAction(created, shown, { schedule_id: "s1" })).toEqual({ kind: "none" });
  });

  test("a run not shown that now matches the status filter reloads; tool and log events do nothing", () => {
    const failed = event("execution.updated", { execution_id: "e9", status: "failed", workflow_id: "w1" });
    expect(liveListAction(failed, shown, { status: "failed" })).toEqual({ kind: "reload" });
    expect(liveListAction(failed, shown, { status: "succeeded" })).toEqual({ kind: "none" });
    expect(liveListAction(failed, shown, {})).toEqual({ kind: "none" });
    const tool = event("execution.tool", { execution_id: "e1", status: "running", tool_id: "in" });
    expect(liveListAction(tool, shown, {})).toEqual({ kind: "none" });
    expect(liveListAction(event("execution.updated", { execution_id: "e1", status: "odd" }), shown, {})).toEqual({
      kind: "none",
    });
  });
});
