import type { ToolDef } from "../model/tools";

/** Whether a tool matches every word of a search (label, type, group or description). */
export function matchesSearch(tool: ToolDef, query: string): boolean {
  const text = `${tool.label} ${tool.type} ${tool.group} ${tool.description}`.toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => text.includes(word));
}
