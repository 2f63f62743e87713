import { describe, expect, test } from "bun:test";
import { acceptedFunctions } from "../expr/functions";
import { ToolConfigError } from "../shared/errors";
import type { Workflow } from "../shared/workflow";
import { generatePython } from "./generate";

const functions = acceptedFunctions();

/** Python's own parser: throws with Python's message when the code is not valid Python. */
function pythonParses(code: string): void {
  const ran = Bun.spawnSync(["python3", "-c", "import ast, sys; ast.parse(sys.stdin.read())"], {
    stdin: Buffer.from(code),
    stderr: "pipe",
  });
  if (ran.exitCode !== 0) throw new Error(ran.stderr.toString());
}

const tool = (id: string, type: string, config: Record<string, unknown>, label?: string) => ({
  id,
  type,
  config,
  ...(label === undefined ? {} : { label }),
});
const wire = (source: string, target: string, source_socket = "output", target_socket = "input") => ({
  source,
  source_socket,
  target,
  target_socket,
});

describe("generatePython", () => {
  test("does not load Polars (the Server process has none)", () => {
    const program = [
      'await import("./src/codegen/generate.ts");',
      'await import("./src/server/schemas/workflow.ts");',
      'console.log(Object.keys(require.cache).filter((k) => k.includes("nodejs-polars")).length);',
    ].join("\n");
    const ran = Bun.spawnSync([process.execPath, "-e", program], { cwd: `${import.meta.dir}/../..`, stderr: "pipe" });
    expect(ran.stderr.toString()).toBe("");
    expect(ran.stdout.toString().trim()).toBe("0");
  });

  test("blocks in plan order named after labels; writes after every block; previews of the leaves", () => {
    const workflow: Workflow = {
      meta: { workflow_id: "w1" },
      // Listed out of order: the plan orders them.
      tools: [
        tool("out", "output", { path: "/tmp/out.csv" }, "Result"),
        tool("f", "filter", { mode: "basic", column: "qty", operator: "is_null" }, "No qty"),
        tool("in", "input", { source: "/tmp/in.csv" }, "Orders"),
        tool("s", "sort", { by: [{ column: "qty" }] }),
      ],
      wires: [wire("in", "f"), wire("f", "out", "output-false"), wire("in", "s")],
    };
    const code = generatePython(workflow, { functions });
    pythonParses(code);
    const order = ["# ── Input", "# ── Filter", "# ── Output", "# ── Sort", "# ── Write the outputs", "# ── Preview"];
    const at = order.map((marker) => code.indexOf(marker));
    expect(at.every((position) => position > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(code).toContain("    no_qty_true = orders.filter(condition)\n    no_qty_false = orders.filter(~condition)");
    expect(code).toContain("    result = no_qty_false\n");
    expect(code).toContain(
      'write_file("/tmp/out.csv", lambda temp: result.sink_csv(temp, separator=",", include_header=True))',
    );
    // As Weft's run answers the tools without a downstream tool: the sort is previewed; the filter
    // (its False output is read) is not, and the Output is written, not previewed.
    expect(code).toContain('show("Sort s", sort_s)');
    expect(code.match(/^ {4}show\(/gm)).toHaveLength(1);
    // Only the modules and helpers used: no filter_condition for is_null, no random without a sample.
    expect(code).not.toContain("def filter_condition");
    expect(code).not.toContain("import random");
    expect(code).toMatch(/^import os\nimport shutil\nimport tempfile\n\nimport polars as pl\n/m);
    expect(code.endsWith('if __name__ == "__main__":\n    main()\n')).toBe(true);
  });

  test("an expression keeps its text; lines inside a triple-quoted string are not indented", () => {
    const expression = '(pl.col("note").str.contains("""a\n  b""")\n| pl.col("x").is_null())';
    const workflow: Workflow = {
      meta: { workflow_id: "w2" },
      tools: [tool("in", "input", { source: "/tmp/in.csv" }), tool("f", "filter", { mode: "expression", expression })],
      wires: [wire("in", "f")],
    };
    const code = generatePython(workflow, { functions });
    pythonParses(code);
    expect(code).toContain(`    condition = (${expression}).fill_null(False)\n`);
  });

  test("an expression holding invisible or bidirectional characters is printed anew, escaped", () => {
    const expression = 'pl.col("a\u202eb") ==\t"x\u00a0"';
    const workflow: Workflow = {
      meta: { workflow_id: "w3" },
      tools: [tool("in", "input", { source: "/tmp/in.csv" }), tool("f", "filter", { mode: "expression", expression })],
      wires: [wire("in", "f")],
    };
    const code = generatePython(workflow, { functions });
    pythonParses(code);
    expect(code).toContain('condition = (pl.col("a\\u202eb") == "x\\xa0").fill_null(False)');
    expect(code).not.toMatch(/[\u202e\u00a0\t]/);
  });

  test("a workflow the plan refuses is the plan's error", () => {
    const cycle: Workflow = {
      meta: { workflow_id: "w4" },
      tools: [tool("a", "sort", { by: [{ column: "x" }] }), tool("b", "sort", { by: [{ column: "x" }] })],
      wires: [wire("a", "b"), wire("b", "a")],
    };
    expect(() => generatePython(cycle, { functions })).toThrow(ToolConfigError);
    expect(() => generatePython(cycle, { functions })).toThrow("is on a cycle");
  });

  test("a workflow without tools is still a script", () => {
    const code = generatePython({ meta: { workflow_id: "empty" }, tools: [], wires: [] }, { functions });
    pythonParses(code);
    expect(code).toContain('def main() -> None:\n    print("The workflow has no tools.")');
  });
});
