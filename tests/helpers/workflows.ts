import { writeFileSync } from "node:fs";
import type { Workflow } from "../../src/engine/workflow";

type ToolSpec = { id: string; type: string; config?: Record<string, unknown> };

/** A workflow from tools and `"from:socket -> to:socket"` wires (sockets default to output/input). */
export function workflow(id: string, tools: ToolSpec[], wires: string[] = []): Workflow {
  return {
    meta: { workflow_id: id },
    tools: tools.map((t) => ({ id: t.id, type: t.type, config: t.config ?? {} })),
    wires: wires.map((w) => {
      const [from = "", to = ""] = w.split("->").map((s) => s.trim());
      const [source = "", source_socket = "output"] = from.split(":");
      const [target = "", target_socket = "input"] = to.split(":");
      return { source, source_socket, target, target_socket };
    }),
  };
}

/** Writes rows of plain values as a CSV file (no quoting needed by the callers' values, except commas). */
export function writeCsv(path: string, columns: string[], rows: unknown[][]): string {
  const cell = (v: unknown) => {
    if (v === null || v === undefined) return "";
    const s = String(v);
    return /[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  writeFileSync(path, `${[columns.join(","), ...rows.map((r) => r.map(cell).join(","))].join("\n")}\n`);
  return path;
}

/**
 * A run that takes seconds to minutes of CPU, to test time limits: `source` (a CSV of one
 * column `n`) cross-joined with itself, then summed (tool `s` is the end; `x` the join).
 * 30,000 rows make 900M joined rows; the caller raises MAX_CROSS_JOIN_ROWS to allow it.
 */
export function slowCrossJoin(id: string, source: string): Workflow {
  return workflow(
    id,
    [
      { id: "a", type: "input", config: { source } },
      { id: "b", type: "input", config: { source } },
      { id: "x", type: "join", config: { how: "cross", suffix: "_b" } },
      {
        id: "s",
        type: "summarize",
        config: {
          group_by: [],
          aggregations: [
            { column: "n", function: "sum" },
            { column: "n_b", function: "max" },
          ],
        },
      },
    ],
    ["a -> x:input-left", "b -> x:input-right", "x:output-match -> s"],
  );
}

/** Writes `<path>`: a CSV of one column `n` holding 0 .. count-1. */
export function writeNumbers(path: string, count: number): string {
  return writeCsv(
    path,
    ["n"],
    Array.from({ length: count }, (_, i) => [i]),
  );
}
