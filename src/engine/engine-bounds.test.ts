import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TEST_LIMITS } from "../../tests/helpers/tool-harness";
import { workflow, writeCsv } from "../../tests/helpers/workflows";
import { createEngine } from "./engine";
import type { EngineSettings } from "./job";
import type { PreviewBounds } from "./preview-cut";

/*
 * Each engine cuts previews by its own settings' bounds (passed down, not held by the
 * module): two engines in one process, created one after the other, keep theirs.
 */

const dir = mkdtempSync(join(tmpdir(), "weft-bounds-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const csv = writeCsv(join(dir, "long.csv"), ["s"], [["abcdefghijkl"], ["mnopqrstuvwx"], ["yz"]]);

function engineWith(name: string, previewBounds: PreviewBounds) {
  const settings: EngineSettings = {
    dataDir: join(dir, name),
    cache: { enabled: false, quotaBytes: 1024 ** 2, retentionDays: 1 },
    executionMode: "sequential",
    maxParallelTools: 1,
    maxPreviewRows: 1000,
    limits: TEST_LIMITS,
    previewBounds,
    fileAccess: { mode: "restricted", roots: [{ path: dir, readOnly: true }] },
  };
  return createEngine({ settings, claim: async () => "go", release: () => {} });
}

describe("each engine previews by its own bounds", () => {
  // A cut row's JSON (["abcde…[cut: 12 characters]"]) is 32 bytes: one row fits in 40, two do not.
  const five = engineWith("five", { maxValueChars: 5, maxBytes: 40 });
  const eight = engineWith("eight", { maxValueChars: 8, maxBytes: 20_000_000 });
  const flow = workflow("w-bounds", [{ id: "in", type: "input", config: { source: csv } }]);

  test("tool previews, source previews and profiles of the first engine, made before the second", async () => {
    const tool = await five.run({ kind: "tool_preview", workflow: flow, toolId: "in", previewLimit: 10 });
    expect(tool.outputs.output).toMatchObject({
      data: [["abcde…[cut: 12 characters]"]],
      row_count: 1,
      has_more: true,
      bytes_limited: true,
    });
    const source = await five.run({ kind: "source_preview", source: csv, options: {}, maxRows: 10, offset: 0 });
    expect(source.data).toEqual([["abcde…[cut: 12 characters]"]]);
    const profile = await five.run({ kind: "profile", workflow: flow, toolId: "in", metrics: ["top_values"] });
    expect(profile.columns.s?.top_values).toEqual([["abcde…[cut: 12 characters]", 1]]);
  });

  test("and the second engine's, with its own", async () => {
    const tool = await eight.run({ kind: "tool_preview", workflow: flow, toolId: "in", previewLimit: 10 });
    expect(tool.outputs.output?.data).toEqual([
      ["abcdefgh…[cut: 12 characters]"],
      ["mnopqrst…[cut: 12 characters]"],
      ["yz"],
    ]);
    const source = await eight.run({ kind: "source_preview", source: csv, options: {}, maxRows: 10, offset: 0 });
    expect(source.preview_rows).toBe(3);
  });
});
