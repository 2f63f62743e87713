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
