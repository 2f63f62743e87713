/**
 * The designer's tool catalogue (web/src/model/tools.ts, reshaped from the tools' metas in
 * src/tools/catalog.ts) against the Server's registry (src/tools/registry.ts): the same 13
 * types, the same socket ids, the same multi-wire inputs. A socket lost in the reshaping would
 * draw wires the Server refuses. And the designer's "needs setup" rules against what the
 * Server's tools accept.
 */
import { describe, expect, test } from "bun:test";
import { TOOLS as SERVER_TOOLS } from "../../src/tools/registry";
import type { ToolType } from "../../src/tools/types";
import { setupNeed } from "../../web/src/model/setup";
import { TOOLS as WEB_TOOLS } from "../../web/src/model/tools";
import { pl, runTool } from "../helpers/tool-harness";

describe("the designer's tool catalogue matches the Server's registry", () => {
  test("the same tool types", () => {
    const serverTypes: string[] = Object.keys(SERVER_TOOLS);
    const webTypes: string[] = WEB_TOOLS.map((t) => t.type);
    expect(webTypes.sort()).toEqual(serverTypes.sort());
  });

  for (const server of Object.values(SERVER_TOOLS)) {
    test(`${server.type}: the same sockets`, () => {
      const web = WEB_TOOLS.find((t) => t.type === server.type);
      expect(web).toBeDefined();
      expect(web?.inputs.map((s) => ({ id: s.id, multiple: s.multiple === true }))).toEqual(
        server.inputs.map((s) => ({ id: s.id, multiple: s.multiple })),
      );
      expect(web?.outputs.map((s) => s.id)).toEqual([...server.outputs]);
    });
  }
});

/** A tool of `type` with `config` on every input socket of which a frame (a: text, b: int, c: float) arrives. */
function webNeed(type: string, config: Record<string, unknown>): string | undefined {
  const def = WEB_TOOLS.find((t) => t.type === type);
  const tool = { id: "t", type, config, position: { x: 0, y: 0 } };
  const wires = (def?.inputs ?? []).map((s) => ({
    id: s.id,
    source: "in",
    source_socket: "output",
    target: "t",
    target_socket: s.id,
  }));
  return setupNeed({ meta: { workflow_id: "w", name: "w" }, tools: [tool], wires }, tool);
}

function serverRefusal(type: ToolType, config: unknown): string | undefined {
  const def = SERVER_TOOLS[type];
  const frame = pl.DataFrame({ a: ["x", "y"], b: [1, 2], c: [0.5, 1.5] });
  try {
    runTool(def, Object.fromEntries(def.inputs.map((s) => [s.id, [frame]])), config);
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

describe("the designer's 'needs setup' rules (web/src/model/setup.ts) agree with the Server", () => {
  // Input and Output read and write files: only their configs' schemas are asked.
  for (const web of WEB_TOOLS.filter((t) => t.type === "input" || t.type === "output")) {
    test(`${web.type}: a fresh one needs setup, and the Server refuses its config`, () => {
      expect(webNeed(web.type, web.defaultConfig())).toBeDefined();
      expect(SERVER_TOOLS[web.type].config.safeParse(web.defaultConfig()).success).toBe(false);
    });
  }
  const cases: [ToolType, Record<string, unknown>][] = [
    ...WEB_TOOLS.filter((t) => t.type !== "input" && t.type !== "output").map(
      (t): [ToolType, Record<string, unknown>] => [t.type, t.defaultConfig()],
    ),
    ["filter", { mode: "basic", column: "", operator: "is_null" }],
    ["filter", { mode: "basic", column: "a", operator: "is_null" }],
    ["filter", { mode: "expression", expression: " " }],
    ["filter", { mode: "expression", expression: 'pl.col("b") > 1' }],
    ["sort", { by: [{ column: "a" }] }],
    ["sort", { by: [{ column: "a" }, { column: "" }] }],
    ["formula", { formulas: [{ output: "x", function: "" }] }],
    ["formula", { formulas: [{ output: "x", function: "upper", args: [{ column: "a" }] }] }],
    ["join", { how: "cross" }],
    ["join", { how: "inner", left_on: ["a"], right_on: [] }],
    ["join", { how: "left", left_on: "a", right_on: "a" }],
    ["summarize", { group_by: ["a"], aggregations: [] }],
    ["summarize", { group_by: [], aggregations: [{ column: "", function: "sum" }] }],
    ["summarize", { group_by: [], aggregations: [{ column: "b", function: "sum" }] }],
    ["calculate", { columns: [{ name: "x", expression: "" }] }],
    ["calculate", { columns: [{ name: "x", expression: 'pl.col("b") * 2' }] }],
    ["pivot", { index: ["a"], on: "", values: ["b"], aggregate: "sum" }],
    ["pivot", { index: ["a"], on: "c", values: ["b"], aggregate: "sum" }],
  ];
  for (const [type, config] of cases) {
    test(`${type} ${JSON.stringify(config)}: set up exactly when the Server builds it`, () => {
      const need = webNeed(type, config);
      const refusal = serverRefusal(type, config);
      expect({ needsSetup: need !== undefined, refused: refusal }).toEqual(
        need === undefined
          ? { needsSetup: false, refused: undefined }
          : { needsSetup: true, refused: expect.any(String) },
      );
    });
  }
});
