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

/**
 * `stored` and every blocking tool a full run would otherwise compute more than once. Each
 * Output's write and each shown socket's preview collects the lazy plan above it, and every
 * collection reaching a blocking result not stored computes it again: an Output that is
 * also previewed, two Outputs, or two sorts below one filter. `collected` lists the sockets
 * of a tool that the run collects itself (once per collection). A stored result is computed
 * once per socket it keeps (read back from its file).
 */
export function storedOnce(
  plan: Plan,
  collected: (tool: PlannedTool) => readonly string[],
  stored: ReadonlySet<string>,
): Set<string> {
  const keep = new Set(stored);
  /** How often each tool's inputs are computed: once per collection of any of its sockets. */
  const computed = new Map<string, number>();
  for (const id of [...plan.order].reverse()) {
    const tool = plan.tools.get(id) as PlannedTool;
    const perSocket = new Map<string, number>();
    const add = (socket: string, times: number) => perSocket.set(socket, (perSocket.get(socket) ?? 0) + times);
    for (const socket of collected(tool)) add(socket, 1);
    for (const [socket, readers] of Object.entries(tool.consumers))
      for (const reader of readers) add(socket, computed.get(reader) ?? 0);
    const counts = [...perSocket.values()].filter((n) => n > 0);
    if (tool.blocking && counts.some((n) => n > 1)) keep.add(id);
    computed.set(id, keep.has(id) ? counts.length : counts.reduce((a, b) => a + b, 0));
  }
  return keep;
}
