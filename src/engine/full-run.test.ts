import { describe, expect, test } from "bun:test";
import { z } from "zod";
import type { Workflow } from "../shared/workflow";
import { freshInFullRun, storedInFullRun, storedOnce } from "./full-run";
import { buildPlan } from "./plan";
import type { ToolCatalog } from "./validate";

// Sources that read a file (streaming) or a database (blocking), and steps downstream.
const one = [{ id: "input", required: true, multiple: false }];
const catalog: ToolCatalog = {
  file: { inputs: [], outputs: ["output"], blocking: false, config: z.strictObject({}) },
  db: { inputs: [], outputs: ["output"], blocking: true, config: z.strictObject({}) },
  step: { inputs: one, outputs: ["output"], blocking: false, config: z.strictObject({}) },
  heavy: { inputs: one, outputs: ["output"], blocking: true, config: z.strictObject({}) },
  output: { inputs: one, outputs: ["output"], blocking: false, config: z.strictObject({}) },
  pair: {
    inputs: [
      { id: "left", required: true, multiple: false },
      { id: "right", required: true, multiple: false },
    ],
    outputs: ["output"],
    blocking: true,
    config: z.strictObject({}),
  },
};
const isSource = (tool: { type: string }) => (catalog[tool.type]?.inputs.length ?? 0) === 0;

function plan(tools: [string, string][], wires: [string, string, string?][]) {
  const workflow: Workflow = {
    meta: { workflow_id: "w" },
    tools: tools.map(([id, type]) => ({ id, type, config: {} })),
    wires: wires.map(([source, target, socket]) => ({
      source,
      source_socket: "output",
      target,
      target_socket: socket ?? "input",
    })),
  };
  return buildPlan(workflow, catalog);
}

describe("freshInFullRun", () => {
  test("a database source and everything downstream of it, nothing else", () => {
    const p = plan(
      [
        ["csv", "file"],
        ["sales", "db"],
        ["clean", "step"],
        ["agg", "heavy"],
        ["both", "pair"],
        ["other", "heavy"],
        ["out", "output"],
      ],
      [
        ["sales", "clean"],
        ["clean", "agg"],
        ["agg", "both", "left"],
        ["csv", "both", "right"],
        ["csv", "other"],
        ["both", "out"],
      ],
    );
    expect([...freshInFullRun(p, isSource)].sort()).toEqual(["agg", "both", "clean", "out", "sales"]);
  });

  test("a workflow of files only recomputes nothing afresh", () => {
    const p = plan(
      [
        ["csv", "file"],
        ["agg", "heavy"],
      ],
      [["csv", "agg"]],
    );
    expect(freshInFullRun(p, isSource).size).toBe(0);
  });
});

describe("storedInFullRun", () => {
  test("keeps the last blocking result before an Output or a shown tool, and results read twice", () => {
    const p = plan(
      [
        ["csv", "file"],
        ["first", "heavy"],
        ["second", "heavy"],
        ["step", "step"],
        ["out", "output"],
        ["shared", "heavy"],
        ["a", "step"],
        ["b", "step"],
      ],
      [
        ["csv", "first"],
        ["first", "second"],
        ["second", "step"],
        ["step", "out"],
        ["csv", "shared"],
        ["shared", "a"],
        ["shared", "b"],
      ],
    );
    expect([...storedInFullRun(p, new Set(["a"]))].sort()).toEqual(["second", "shared"]);
  });
});

describe("storedOnce", () => {
  // What a full run collects: each Output's write and each shown tool's preview.
  const collected = (shown: string[]) => (tool: { id: string; type: string }) => [
    ...(tool.type === "output" ? ["output"] : []),
    ...(shown.includes(tool.id) ? ["output"] : []),
  ];

  test("keeps a result written and previewed, not the one above it, nor one previewed only", () => {
    const p = plan(
      [
        ["csv", "file"],
        ["first", "heavy"],
        ["second", "heavy"],
        ["out", "output"],
        ["lone", "heavy"],
      ],
      [
        ["csv", "first"],
        ["first", "second"],
        ["second", "out"],
        ["csv", "lone"],
      ],
    );
    expect([...storedOnce(p, collected(["out", "lone"]), new Set())]).toEqual(["second"]);
  });

  test("keeps a result that two stored results below one step read, beside those already stored", () => {
    const p = plan(
      [
        ["csv", "file"],
        ["sum", "heavy"],
        ["step", "step"],
        ["up", "heavy"],
        ["down", "heavy"],
        ["a", "output"],
        ["b", "output"],
      ],
      [
        ["csv", "sum"],
        ["sum", "step"],
        ["step", "up"],
        ["step", "down"],
        ["up", "a"],
        ["down", "b"],
      ],
    );
    const shown = ["a", "b"];
    expect([...storedInFullRun(p, new Set(shown))].sort()).toEqual(["down", "up"]);
    const stored = storedOnce(p, collected(shown), storedInFullRun(p, new Set(shown)));
    expect([...stored].sort()).toEqual(["down", "sum", "up"]);
  });
});
