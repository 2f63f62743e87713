import { describe, expect, test } from "bun:test";
import type { PreviewData, ToolMetric } from "../lib/api";
import { deriveStatus, formatDuration, formatRows, mainSocket } from "./tool-status";

const preview = (rows: number, hasMore: boolean): PreviewData => ({
  columns: [{ name: "a", dtype: "Int64" }],
  data: Array.from({ length: rows }, (_, i) => [i]),
  row_count: rows,
  has_more: hasMore,
});
const metric = (extra: Partial<ToolMetric> = {}): ToolMetric => ({
  tool_id: "t",
  status: "success",
  duration_ms: 12,
  cache: "miss",
  hash: "h",
  ...extra,
});
const base = { key: "k1", running: false, refreshing: false };

describe("deriveStatus", () => {
  test("during a full run a tool waits, runs, then shows its time, rows and cache use from its events", () => {
    const stale = { key: "k1", value: { outputs: { output: preview(3, false) } } };
    const running = { ...base, running: true, preview: stale };
    expect(deriveStatus(running)).toEqual({ state: "running", waiting: true });
    expect(deriveStatus({ ...running, runEvent: { event: "tool", tool_id: "t", status: "running" } })).toEqual({
      state: "running",
    });
    const done = deriveStatus({
      ...running,
      runEvent: { event: "tool", tool_id: "t", status: "success", duration_ms: 840, cache: "miss", rows: 2_000_000 },
    });
    expect(done).toEqual({ state: "ok", rows: 2_000_000, cached: false, durationMs: 840 });
    const cached = deriveStatus({
      ...running,
      runEvent: { event: "tool", tool_id: "t", status: "success", duration_ms: 1, cache: "hit" },
    });
    expect(cached).toEqual({ state: "ok", rows: undefined, cached: true, durationMs: 1 });
  });

  test("a tool failing in a run shows the error, with the run's message once it came", () => {
    const failed = { ...base, running: true, runEvent: { event: "tool", tool_id: "t", status: "error" } as const };
    expect(deriveStatus(failed)).toEqual({ state: "error", message: "Failed in this run", status: 0 });
    const failure = { key: "k1", value: { message: "Unknown column", status: 400 } };
    expect(deriveStatus({ ...failed, failure })).toEqual({ state: "error", message: "Unknown column", status: 400 });
    // A failure of an earlier version of the tool is not this run's.
    expect(deriveStatus({ ...failed, failure: { ...failure, key: "k0" } })).toMatchObject({ status: 0 });
  });

  test("an affected tool shows running while its refresh is on the way, then idle if none is", () => {
    const stale = { key: "k0", value: { outputs: { output: preview(3, false) } } };
    expect(deriveStatus({ ...base, refreshing: true, preview: stale })).toEqual({ state: "running" });
    expect(deriveStatus({ ...base, preview: stale })).toEqual({ state: "idle" });
  });

  test("a tool needing setup says what to set, even over an old error; one waiting for it is idle", () => {
    const failure = { key: "k1", value: { message: "Unknown column", status: 400 } };
    expect(deriveStatus({ ...base, refreshing: true, failure, setup: "Choose a file to read" })).toEqual({
      state: "setup",
      need: "Choose a file to read",
    });
    expect(deriveStatus({ ...base, refreshing: true, blocked: true })).toEqual({ state: "idle" });
  });

  test("an unaffected tool keeps its status during a refresh", () => {
    const fresh = { key: "k1", value: { outputs: { output: preview(100, true) } } };
    expect(deriveStatus({ ...base, refreshing: true, preview: fresh })).toMatchObject({
      state: "ok",
      rows: 100,
      rowsAtLeast: true,
    });
  });

  test("exact rows and cache use from a metric of the same lineage", () => {
    const fresh = { key: "k1", value: { outputs: { output: preview(100, true) } } };
    const status = deriveStatus({
      ...base,
      preview: fresh,
      metric: { key: "k1", value: metric({ rows: 5000, cache: "hit" }) },
    });
    expect(status).toEqual({ state: "ok", rows: 5000, rowsAtLeast: undefined, cached: true, durationMs: 12 });
    const old = deriveStatus({
      ...base,
      preview: fresh,
      metric: { key: "k0", value: metric({ rows: 5000, cache: "hit" }) },
    });
    expect(old).toMatchObject({ rows: 100, rowsAtLeast: true, cached: false });
  });

  test("a preview error, and a run failure naming the tool", () => {
    const failed = { key: "k1", value: { outputs: {}, error: { message: "bad", status: 400 } } };
    expect(deriveStatus({ ...base, preview: failed })).toEqual({ state: "error", message: "bad", status: 400 });
    const fresh = { key: "k1", value: { outputs: { output: preview(1, false) } } };
    const failure = { key: "k1", value: { message: "exists", status: 400 } };
    expect(deriveStatus({ ...base, preview: fresh, failure })).toEqual({
      state: "error",
      message: "exists",
      status: 400,
    });
    expect(deriveStatus({ ...base, preview: fresh, failure: { ...failure, key: "k0" } })).toMatchObject({
      state: "ok",
    });
  });
});

describe("helpers", () => {
  test("mainSocket", () => {
    expect(mainSocket({ output: 1 })).toBe("output");
    expect(mainSocket({ "output-left": 1, "output-match": 1, "output-right": 1 })).toBe("output-match");
    expect(mainSocket({ "output-true": 1, "output-false": 1 })).toBe("output-true");
    expect(mainSocket({})).toBeUndefined();
  });
  test("formatRows", () => {
    expect(formatRows({ state: "ok", rows: 1234, cached: false })).toBe("1,234 rows");
    expect(formatRows({ state: "ok", rows: 100, rowsAtLeast: true, cached: false })).toBe("100+ rows");
    expect(formatRows({ state: "ok", rows: 1, cached: false })).toBe("1 row");
    expect(formatRows({ state: "running" })).toBe("");
  });
  test("formatDuration", () => {
    expect(formatDuration(0.42)).toBe("0.42 ms");
    expect(formatDuration(850)).toBe("850 ms");
    expect(formatDuration(2400)).toBe("2.4 s");
    expect(formatDuration(65_000)).toBe("1 min 5 s");
  });
});
