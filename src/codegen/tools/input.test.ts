import { describe, expect, test } from "bun:test";
import { acceptedFunctions } from "../../expr/functions";
import { generatePython } from "../generate";

const functions = acceptedFunctions();

/** The generated Python for one Input reading `source`. */
function inputCode(source: string): string {
  const tools = [{ id: "in", type: "input", config: { source } }];
  return generatePython({ meta: { workflow_id: "w" }, tools, wires: [] }, { functions });
}

describe("Input codegen for workbooks", () => {
  test("an .xls says which Excel versions calamine reads, since Weft reads older ones too", () => {
    const code = inputCode("/data/OLD.XLS");
    expect(code).toContain("# calamine reads .xls of Excel 5.0/95 and 97-2003 (BIFF5, BIFF8)");
    expect(code).toContain("# which Weft reads, must be saved again (e.g. as .xlsx) for this script.");
    expect(code).toContain('pl.read_excel(\n        "/data/OLD.XLS",');
    expect(code).toContain('engine="calamine"');
  });

  test("an .xlsx or .ods does not", () => {
    for (const source of ["/data/book.xlsx", "/data/sheet.ods"]) {
      const code = inputCode(source);
      expect(code).toContain("pl.read_excel(");
      expect(code).not.toContain("calamine reads .xls");
    }
  });
});
