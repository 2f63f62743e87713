import type { Plan, PlannedTool } from "./plan";

// What a full run (`/workflow/execute`) stores and what it recomputes (decisions.md, "Cache
// policy" and "Database Inputs").

/**
 * Which blocking tools a full run keeps in the cache. Storing a result costs a full write and
 * loses projection pushdown upstream (measured: materializing a 5M-row join doubled the
 * run), so a full run streams straight through and keeps only the last blocking result
 * before each Output or shown tool (written at full width anyway, and what a re-run with
 * changed outputs needs) and any result read by several tools (computed once instead of
 * twice). Previews keep every blocking result, since the analyst edits downstream next.
 */
export function storedInFullRun(plan: Plan, shown: Set<string>): Set<string> {
  const keep = new Set<string>();
  for (const tool of plan.tools.values()) {
    if (!tool.blocking) continue;
    const readers = Object.values(tool.consumers).flat();
    if (readers.length > 1 || shown.has(tool.id)) {
      keep.add(tool.id);
      continue;
    }
    // Follow non-blocking tools downstream; reaching an Output or a shown tool keeps it.
    const pending = [...readers];
    const seen = new Set<string>();
    while (pending.length > 0) {
      const id = pending.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      const next = plan.tools.get(id) as PlannedTool;
      if (next.blocking) continue;
      if (next.type === "output" || shown.has(id)) {
        keep.add(tool.id);
        break;
      }
      pending.push(...Object.values(next.consumers).flat());
    }
  }
  return keep;
}

/**
 * The tools a full run computes afresh: every blocking source (a database read, which the
 * lineage hash cannot see change) and every tool downstream of one, so nothing downstream
 * is served from a cache entry made from older data.
 */
export function freshInFullRun(plan: Plan, isSource: (tool: PlannedTool) => boolean): Set<string> {
  const fresh = new Set<string>();
  for (const id of plan.order) {
    const tool = plan.tools.get(id) as PlannedTool;
    const upstreamFresh = Object.values(tool.inputs).some((refs) => refs.some((ref) => fresh.has(ref.tool)));
    if (upstreamFresh || (tool.blocking && isSource(tool))) fresh.add(id);
  }
  return fresh;
}
