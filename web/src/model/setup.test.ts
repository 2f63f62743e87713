import { describe, expect, test } from "bun:test";
import { readyPart, setupNeed, unreadyTools } from "./setup";
import { TOOLS } from "./tools";
import type { ToolNode, Wire, WorkflowDoc } from "./workflow";

const at = { x: 0, y: 0 };
const tool = (id: string, type: string, config: Record<string, unknown>): ToolNode => ({
  id,
  type,
  config,
  position: at,
});
const wire = (source: string, target: string, target_socket = "input", source_socket = "output"): Wire => ({
  id: `w_${source}_${target}_${target_socket}`,
  source,
  source_socket,
  target,
  target_socket,
});
const doc = (tools: ToolNode[], wires: Wire[] = []): WorkflowDoc => ({
  meta: { workflow_id: "w", name: "w" },
  tools,
  wires,
});
const input = tool("in", "input", { source: "/data/a.csv" });

/** A tool of `type` with `config`, wired from a set-up Input on every input socket. */
function needOf(type: string, config: Record<string, unknown>): string | undefined {
  const def = TOOLS.find((t) => t.type === type);
  const t = tool("t", type, config);
  return setupNeed(
    doc(
      [input, t],
      (def?.inputs ?? []).map((s) => wire("in", "t", s.id)),
    ),
    t,
  );
}

describe("setupNeed", () => {
  test("an unwired input socket comes first, named by its side on a Join", () => {
    expect(setupNeed(doc([tool("f", "filter", { mode: "expression", expression: "" })]), tool("f", "filter", {}))).toBe(
      "Connect a tool to its input",
    );
    const join = tool("j", "join", { how: "inner", left_on: ["a"], right_on: ["a"] });
    expect(setupNeed(doc([input, join], [wire("in", "j", "input-left")]), join)).toBe(
      "Connect a tool to its right input",
    );
  });

  test("each tool type's fresh config says what to set, in a person's words", () => {
    const fresh = Object.fromEntries(TOOLS.map((t) => [t.type, needOf(t.type, t.defaultConfig())]));
    expect(fresh).toEqual({
      input: "Choose a file to read",
      output: "Choose where to write the file",
      filter: "Write the condition rows must meet",
      select: undefined,
      sort: "Choose a column to sort by",
      formula: undefined,
      sample: undefined,
      join: "Choose the left input's key columns",
      union: undefined,
      summarize: "Choose columns to group by or add an aggregation",
      calculate: "Add a column and its expression",
      pivot: "Choose the columns that stay (one row per combination)",
      unpivot: undefined,
    });
  });

  test("settings that are filled in, or not needed in the chosen mode, need nothing", () => {
    expect(needOf("filter", { mode: "basic", column: "", operator: "==" })).toBe("Choose a column to filter on");
    expect(needOf("filter", { mode: "basic", column: "a", operator: "is_null" })).toBeUndefined();
    expect(needOf("filter", { mode: "expression", expression: "  " })).toBe("Write the condition rows must meet");
    expect(needOf("join", { how: "cross" })).toBeUndefined();
    expect(needOf("join", { how: "left", left_on: "a", right_on: [""] })).toBe("Choose the right input's key columns");
    expect(needOf("summarize", { group_by: ["a"], aggregations: [] })).toBeUndefined();
    expect(needOf("summarize", { group_by: [], aggregations: [{ column: "", function: "sum" }] })).toBe(
      "Choose the column of each aggregation",
    );
    expect(needOf("sort", { by: [{ column: "a" }, { column: "" }] })).toBe("Choose a column to sort by");
    expect(needOf("formula", { formulas: [{ output: "x", function: "" }] })).toBe(
      "Choose a function for each new column",
    );
    expect(needOf("calculate", { columns: [{ name: "x", expression: "" }] })).toBe(
      "Write an expression for each new column",
    );
    expect(needOf("input", { source_type: "postgresql", connection_id: "c1" })).toBe("Choose a table or write a query");
    expect(needOf("input", { source_type: "sqlite", connection_id: "c1", table: "t" })).toBeUndefined();
    expect(needOf("pivot", { index: ["a"], on: "b", values: "c", aggregate: "sum" })).toBeUndefined();
  });
});

describe("unreadyTools and readyPart", () => {
  test("a tool downstream of one that needs setup waits for it; the rest stays", () => {
    const sort = tool("s", "sort", { by: [] });
    const out = tool("o", "output", { path: "/data/out.csv" });
    const other = tool("o2", "output", { path: "/data/b.csv" });
    const d = doc([input, sort, out, other], [wire("in", "s"), wire("s", "o"), wire("in", "o2")]);
    const unready = unreadyTools(d);
    expect(Object.fromEntries(unready)).toEqual({
      s: { tool: "s", need: "Choose a column to sort by" },
      o: { tool: "s", need: "Choose a column to sort by" },
    });
    const part = readyPart(d, unready);
    expect(part.tools.map((t) => t.id)).toEqual(["in", "o2"]);
    expect(part.wires.map((w) => w.target)).toEqual(["o2"]);
  });
});
