import { type ToolType, toolDef } from "./tools";
import type { ToolNode, WorkflowDoc } from "./workflow";

/**
 * Whether a tool is set up enough to ask the Server about it: its input sockets wired and
 * the settings it cannot work without filled in. A tool that is not is "needs setup" (a
 * neutral state, not an error): the UI says what to set and sends no check, preview or run
 * for it (a fresh tool would only earn a 400 in the console and a red badge).
 *
 * The Server's config schemas say which settings are required only in part (`minLength`,
 * `minItems`); "keys unless a cross join", "group by or aggregate" and an expression's
 * emptiness are checked in the tools' code. So the rules are here, one per tool type, and
 * tests/e2e/catalog.test.ts holds them against the Server: a config these rules call set up
 * builds, and the palette's fresh configs they call unfinished are refused.
 */

type Config = Record<string, unknown>;

const blank = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === "string" && value.trim() === "") ||
  (Array.isArray(value) && value.length === 0);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : blank(value) ? [] : [value]);
const items = (value: unknown): Config[] => list(value).filter((v): v is Config => !!v && typeof v === "object");
const DATABASES = new Set(["postgresql", "mysql", "sqlite", "mssql"]);

/** The first setting a tool of each type still needs, in the words the panel asks for it. */
const CONFIG_NEEDS: Partial<Record<ToolType, (c: Config) => string | undefined>> = {
  input(c) {
    if (!DATABASES.has(String(c.source_type))) return blank(c.source) ? "Choose a file to read" : undefined;
    if (blank(c.connection_id) && !c.connection) return "Choose a database connection";
    if (blank(c.table) && blank(c.query)) return "Choose a table or write a query";
    return undefined;
  },
  output: (c) => (blank(c.path) ? "Choose where to write the file" : undefined),
  filter(c) {
    if (c.mode === "basic") return blank(c.column) ? "Choose a column to filter on" : undefined;
    return blank(c.expression) ? "Write the condition rows must meet" : undefined;
  },
  sort: (c) =>
    items(c.by).length === 0 || items(c.by).some((b) => blank(b.column)) ? "Choose a column to sort by" : undefined,
  formula(c) {
    const formulas = items(c.formulas);
    if (formulas.some((f) => blank(f.function))) return "Choose a function for each new column";
    if (formulas.some((f) => blank(f.output))) return "Name each new column";
    return undefined;
  },
  join(c) {
    if (c.how === "cross") return undefined;
    if (list(c.left_on).length === 0 || list(c.left_on).some(blank)) return "Choose the left input's key columns";
    if (list(c.right_on).length === 0 || list(c.right_on).some(blank)) return "Choose the right input's key columns";
    return undefined;
  },
  summarize(c) {
    const aggregations = items(c.aggregations);
    if (list(c.group_by).length === 0 && aggregations.length === 0)
      return "Choose columns to group by or add an aggregation";
    if (list(c.group_by).some(blank)) return "Choose a column for each group";
    if (aggregations.some((a) => blank(a.column))) return "Choose the column of each aggregation";
    return undefined;
  },
  calculate(c) {
    const columns = items(c.columns);
    if (columns.length === 0) return "Add a column and its expression";
    if (columns.some((col) => blank(col.name))) return "Name each new column";
    if (columns.some((col) => blank(col.expression))) return "Write an expression for each new column";
    return undefined;
  },
  pivot(c) {
    if (list(c.index).length === 0) return "Choose the columns that stay (one row per combination)";
    if (blank(c.on)) return "Choose the column whose values become columns";
    if (list(c.values).length === 0) return "Choose the column that fills the cells";
    return undefined;
  },
};

/** What a tool still needs before it can work (its first missing wire or setting), or undefined. */
export function setupNeed(doc: WorkflowDoc, tool: ToolNode): string | undefined {
  const def = toolDef(tool.type);
  if (!def) return undefined;
  for (const socket of def.inputs) {
    if (!doc.wires.some((w) => w.target === tool.id && w.target_socket === socket.id)) {
      const side = socket.id.replace(/^input-?/, ""); // Join: "left", "right"
      return `Connect a tool to its ${side ? `${side} ` : ""}input`;
    }
  }
  return CONFIG_NEEDS[def.type]?.(tool.config ?? {});
}

/** A tool that cannot be asked about: `tool` (itself or one upstream) needs `need`. */
export interface Unready {
  tool: string;
  need: string;
}

/** Every tool that needs setup, and every tool downstream of one (which waits for it). */
export function unreadyTools(doc: WorkflowDoc): Map<string, Unready> {
  const out = new Map<string, Unready>();
  const pending: string[] = [];
  for (const tool of doc.tools) {
    const need = setupNeed(doc, tool);
    if (need === undefined) continue;
    out.set(tool.id, { tool: tool.id, need });
    pending.push(tool.id);
  }
  while (pending.length > 0) {
    const id = pending.pop() as string;
    const cause = out.get(id) as Unready;
    for (const wire of doc.wires) {
      if (wire.source !== id || out.has(wire.target)) continue;
      out.set(wire.target, cause);
      pending.push(wire.target);
    }
  }
  return out;
}

/** The workflow without the tools that need setup and those downstream of them (what previews may ask for). */
export function readyPart(doc: WorkflowDoc, unready: ReadonlyMap<string, Unready>): WorkflowDoc {
  return {
    meta: doc.meta,
    tools: doc.tools.filter((t) => !unready.has(t.id)),
    wires: doc.wires.filter((w) => !unready.has(w.source) && !unready.has(w.target)),
  };
}
