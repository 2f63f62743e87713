import type { ToolNode } from "../../../../src/shared/workflow";
import { canonical, type ToolDiff } from "./revision-diff";

/** One line of a tool's settings side by side: a field or config key, its two values. */
export interface CompareRow {
  /** `type`, `label`, `engine`, `position`, or a config key. */
  key: string;
  section: "tool" | "config";
  /** The value as text (indented JSON for lists and objects); undefined when not set there. */
  before?: string;
  after?: string;
  changed: boolean;
}

/** Indented JSON, but a string as itself (an expression reads better without quotes and escapes). */
export function showValue(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "string") return value;
  return JSON.stringify(value, null, 2);
}

const showPosition = (p: ToolNode["position"]) => (p ? `x ${Math.round(p.x)}, y ${Math.round(p.y)}` : undefined);

/** Keys of both objects: the first one's order, then the keys only the second has. */
function keysOf(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])];
}

/**
 * A tool's settings before and after, one row per field and config key (fields unset in
 * both left out), each marked changed or not, as the diff decided (same rule: key order alone
 * is no change). An added tool has only `after` values, a removed one only `before`.
 */
export function compareRows(tool: ToolDiff): CompareRow[] {
  const { before, after } = tool;
  const rows: CompareRow[] = [];
  const fieldRow = (key: string, a: string | undefined, b: string | undefined, changed: boolean) => {
    if (a !== undefined || b !== undefined) rows.push({ key, section: "tool", before: a, after: b, changed });
  };
  const both = before !== undefined && after !== undefined;
  for (const field of ["type", "label", "engine"] as const) {
    fieldRow(field, before?.[field], after?.[field], both && tool.fields.includes(field));
  }
  fieldRow("position", showPosition(before?.position), showPosition(after?.position), both && tool.moved);
  const a = before?.config ?? {};
  const b = after?.config ?? {};
  for (const key of keysOf(a, b)) {
    rows.push({
      key,
      section: "config",
      before: before ? showValue(a[key]) : undefined,
      after: after ? showValue(b[key]) : undefined,
      changed: both && canonical(a[key]) !== canonical(b[key]),
    });
  }
  return rows;
}
