import { describe, expect, test } from "bun:test";
import { emptyWorkflow, namedAfterFile, nameFromFileName, UNTITLED } from "./workflow";

describe("a workflow named after its file", () => {
  test("the file's name without .weft.json or .json", () => {
    expect(nameFromFileName("revenue-by-segment.weft.json")).toBe("revenue-by-segment");
    expect(nameFromFileName("sales flow (1).json")).toBe("sales flow (1)");
    expect(nameFromFileName(".weft.json")).toBe(".weft.json");
  });

  test("an untitled or blank workflow takes it; a name someone gave is kept", () => {
    const untitled = emptyWorkflow();
    expect(untitled.meta.name).toBe(UNTITLED);
    const named = namedAfterFile(untitled, "revenue-by-segment.weft.json");
    expect(named.meta).toEqual({ workflow_id: untitled.meta.workflow_id, name: "revenue-by-segment" });
    expect(untitled.meta.name).toBe(UNTITLED);
    expect(namedAfterFile(emptyWorkflow("  "), "a.weft.json").meta.name).toBe("a");
    const mine = emptyWorkflow("Sales by region");
    expect(namedAfterFile(mine, "other.weft.json")).toBe(mine);
  });
});
