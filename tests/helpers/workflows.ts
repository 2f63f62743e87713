import { Database } from "bun:sqlite";
import { writeFileSync } from "node:fs";
import type { Workflow } from "../../src/shared/workflow";

export type ToolSpec = { id: string; type: string; config?: Record<string, unknown> };

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

/** Writes `<path>`: a CSV of one column `n` holding 0 .. count-1. */
export function writeNumbers(path: string, count: number): string {
  return writeCsv(
    path,
    ["n"],
    Array.from({ length: count }, (_, i) => [i]),
  );
}

/**
 * Work that is slow by construction, to test time limits. SQLite makes a recursive CTE's rows
 * one at a time, each from the one before, and max() reads every one: counting to `n` takes n
 * steps on any machine, and no engine can take a shortcut. No table is read, and the whole
 * count is one step of the statement (its one row comes at the end).
 */
export const countingQuery = (n: number): string =>
  `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ${n}) SELECT max(x) AS last FROM c`;

/** A count that takes hours at SQLite's few million steps a second (countingMs tells how long here). */
export const SLOW_COUNT = 1e12;

/** A SQLite Input `id` counting to `n`: one row, column `last` = n. `db` is any SQLite file (writeEmptySqlite). */
export function countingInput(id: string, db: string, n: number): ToolSpec {
  return { id, type: "input", config: { source_type: "sqlite", connection: { uri: db }, query: countingQuery(n) } };
}

/** Creates an empty SQLite database file at `path`, for queries that read no table. */
export function writeEmptySqlite(path: string): string {
  new Database(path).close();
  return path;
}

/**
 * How long counting to `n` takes on this machine, now: the fastest of three counts to a
 * million in this process (the same SQLite the executors run), scaled. A time-limit test
 * asserts with it that its work would have outlasted the limit, however fast the machine.
 */
export function countingMs(n: number): number {
  const sample = 1_000_000;
  const db = new Database(":memory:");
  try {
    const query = db.query<{ last: number }, []>(countingQuery(sample));
    let fastest = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const { last } = query.get() as { last: number };
      fastest = Math.min(fastest, performance.now() - started);
      if (last !== sample) throw new Error(`counting to ${sample} gave ${last}`);
    }
    return (fastest * n) / sample;
  } finally {
    db.close();
  }
}
