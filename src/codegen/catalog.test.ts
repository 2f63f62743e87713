import { describe, expect, test } from "bun:test";
import { TOOL_CATALOG } from "../tools/catalog";
import { TOOLS } from "../tools/registry";
import { TOOL_TYPES } from "../tools/types";
import { CODEGEN_CATALOG } from "./catalog";
import { PYTHON_GENERATORS } from "./generators";

describe("the code generation catalogue", () => {
  test.each([...TOOL_TYPES])("%s: the tool's sockets, config schema, palette name and a generator", (type) => {
    const entry = CODEGEN_CATALOG[type];
    expect(entry.inputs).toEqual(TOOLS[type].inputs);
    expect(entry.outputs).toEqual(TOOLS[type].outputs);
    expect(entry.config).toBe(TOOLS[type].config);
    // Scripts name each block after the palette name, read from the catalogue.
    expect(TOOL_CATALOG[type].label).toBe(TOOLS[type].label);
    expect(entry.blocking).toBe(false);
    expect(typeof PYTHON_GENERATORS[type]).toBe("function");
  });
});
