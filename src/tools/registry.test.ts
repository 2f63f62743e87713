import { describe, expect, test } from "bun:test";
import { z } from "zod";
import { TOOL_CATALOG } from "./catalog";
import { TOOLS } from "./registry";
import { TOOL_TYPES } from "./types";

describe("the tool registry", () => {
  test("holds exactly the 13 tool types, each under its own type", () => {
    expect(Object.keys(TOOLS).sort()).toEqual([...TOOL_TYPES].sort());
    expect(TOOL_TYPES).toHaveLength(13);
    for (const [type, def] of Object.entries(TOOLS)) expect(def.type).toBe(type as (typeof TOOL_TYPES)[number]);
  });

  test.each([...TOOL_TYPES])("%s has a config schema, sockets, a builder and palette labels", (type) => {
    const def = TOOLS[type];
    expect(def.config).toBe(TOOL_CATALOG[type].config);
    expect(typeof def.build).toBe("function");
    expect(def.label.length).toBeGreaterThan(0);
    expect(def.description.length).toBeGreaterThan(0);
    expect(def.outputs.length).toBeGreaterThan(0);
    expect(new Set(def.inputs.map((s) => s.id)).size).toBe(def.inputs.length);
    // The JSON schema the API serves can be produced for every config.
    expect(() => z.toJSONSchema(def.config, { io: "input", unrepresentable: "any" })).not.toThrow();
  });

  test("socket ids are the spec's", () => {
    expect(TOOLS.filter.outputs).toEqual(["output-true", "output-false"]);
    expect(TOOLS.join.inputs.map((s) => s.id)).toEqual(["input-left", "input-right"]);
    expect(TOOLS.join.outputs).toEqual(["output-left", "output-match", "output-right"]);
    expect(TOOLS.union.inputs).toEqual([{ id: "input", required: true, multiple: true }]);
    expect(TOOLS.input.inputs).toEqual([]);
  });

  test("the blocking tools are the ones whose results the cache keeps", () => {
    const blocking = TOOL_TYPES.filter((t) => TOOLS[t].blocking).sort();
    expect(blocking).toEqual(["join", "pivot", "sort", "summarize", "unpivot"]);
    expect(TOOLS.input.blockingFor?.({ source_type: "postgresql", table: "t" })).toBe(true);
    expect(TOOLS.input.blockingFor?.({ source: "/x.csv" })).toBe(false);
  });

  test("the tools a run's row counts pass through keep their inputs' rows in their one output", () => {
    const keeping = TOOL_TYPES.filter((t) => TOOLS[t].keepsRows).sort();
    expect(keeping).toEqual(["calculate", "formula", "output", "select", "sort", "union"]);
    for (const type of keeping) expect(TOOLS[type].outputs).toEqual(["output"]);
  });
});
