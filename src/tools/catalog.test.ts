import { describe, expect, test } from "bun:test";
import { TOOL_CATALOG, toolMeta } from "./catalog";
import { TOOL_GROUPS, TOOL_TYPES } from "./tool-meta";

describe("the tool catalog", () => {
  test("holds each tool type once, under its own type", () => {
    expect(Object.keys(TOOL_CATALOG)).toEqual([...TOOL_TYPES]);
    for (const [type, meta] of Object.entries(TOOL_CATALOG))
      expect(meta.type).toBe(type as (typeof TOOL_TYPES)[number]);
    expect(new Set(Object.values(TOOL_CATALOG).map((m) => m.label)).size).toBe(TOOL_TYPES.length);
  });

  test.each([...TOOL_TYPES])("%s: a palette group, words, a glyph, and marks only on its own sockets", (type) => {
    const meta = TOOL_CATALOG[type];
    expect(TOOL_GROUPS).toContain(meta.group);
    expect(meta.description.length).toBeGreaterThan(0);
    expect(meta.glyph.length).toBeGreaterThan(0);
    const sockets = [...meta.inputs.map((s) => s.id), ...meta.outputs];
    for (const id of Object.keys(meta.socketLabels ?? {})) expect(sockets).toContain(id);
    // A fresh config each time: two tools dropped on the canvas do not share one object.
    expect(meta.defaultConfig()).not.toBe(meta.defaultConfig());
  });

  test("toolMeta finds a type and nothing else", () => {
    expect(toolMeta("join")).toBe(TOOL_CATALOG.join);
    expect(toolMeta("nope")).toBeUndefined();
    expect(toolMeta("toString")).toBeUndefined();
  });
});
