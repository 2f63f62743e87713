import pl from "nodejs-polars";
import type { Frame, ToolOutputs } from "../tools/types";
import type { Built } from "./build-frames";
import type { ToolMetric } from "./job";
import type { Plan, PlannedTool, SourceRef } from "./plan";

/** The socket a tool's `rows` counts: the main output, a join's matches, a filter's true rows. */
export function mainSocket(sockets: readonly string[]): string | undefined {
  return ["output", "output-match", "output-true"].find((id) => sockets.includes(id)) ?? sockets[0];
}

/**
 * Counts the rows of a full run's output sockets (each tool's main socket and every socket a
 * wire reads) into the metrics' `sockets`, and `rows` from the main one; answers the metrics
 * that gained counts. Every such socket ends with its exact count, at the least cost:
 * 1. What the run already counted is taken as it is: results stored in the cache or read from
 *    a database (counted as they were made) and written files.
 * 2. Counts pass, free, through the tools that keep their inputs' rows (`keepsRows`: a sort,
 *    select, formula, calculate or Output has its input's rows, a Union the sum of its
 *    inputs'), both ways: an Output that wrote N rows gives N to the sort above it, and the
 *    sort to the summary above that.
 * 3. The rest are counted in one query: each frame's `len()`, concatenated, so Polars reads
 *    each source once for all of them (common subplan elimination) and only the columns the
 *    steps need (a filter and its length become a sum of its condition; a join's length
 *    reads its keys and one more column, a summary's its groups). A socket that follows from others
 *    counted there (a sort below a join) is left to step 2. This recomputes blocking steps
 *    the run streamed through without storing them (storing them would cost more: see
 *    full-run.ts), for their lengths only. Measured with a 5,000,000-row CSV in
 *    Input → Filter → Output: the write takes 550 ms, counting the Input and both Filter
 *    outputs 190 ms more. On the engine benchmark's pipeline (scripts/bench/row-counts.ts:
 *    5,000,000 sales → filter → join 100,000 customers → summarize → sort → Parquet), the
 *    summary's and sort's counts come free from the Output's, but the join's is computed
 *    again: on a busy 2-core machine the write took 3.8-6.3 s, counting the Input and Filter
 *    1.5-2.2 s, and with the join 3.1-4.1 s (+1.2-2.3 s, the sales' keys read and joined
 *    again). Counting the join from each side's rows per key (l×r matches per key) measured
 *    no cheaper (3.9 against 4.1 s), so the join's own length is counted.
 *    Polars cannot count inside the write's own query (nodejs-polars 0.26 has no multi-sink
 *    collect, and a write concatenated with the lengths was not shared: measured slower than
 *    the two queries), so this pass costs what it reads. With `countMore` false (ROW_COUNTS
 *    `known`) it is skipped: steps 1 and 2 only.
 * `remembered` holds counts of earlier runs by lineage hash (CountedSockets): taken in step 1
 * and kept for the next run, for every tool `reusable` allows.
 */
export function countSocketRows(plan: Plan, built: Built, how: CountingOptions): ToolMetric[] {
  const { writers, keepsRows, countMore = true, remembered, reusable = () => true } = how;
  const rowsOf = (ref: SourceRef) => built.tools.get(ref.tool)?.metric.sockets?.[ref.socket];
  /** Records a socket's rows; false when its tool was not built. */
  const known = (ref: SourceRef, rows: number) => {
    const metric = built.tools.get(ref.tool)?.metric;
    if (metric) metric.sockets = { ...metric.sockets, [ref.socket]: rows };
    return metric !== undefined;
  };
  const before = new Map([...built.tools].map(([id, t]) => [id, JSON.stringify(t.metric.sockets ?? {})]));
  const reused = (id: string) => remembered !== undefined && reusable(plan.tools.get(id) as PlannedTool);
  for (const [id, { outputs }] of built.tools) {
    if (!reused(id)) continue;
    const { hash } = plan.tools.get(id) as PlannedTool;
    for (const socket of Object.keys(outputs)) {
      const rows = remembered?.get(hash, socket);
      if (rows !== undefined && rowsOf({ tool: id, socket }) === undefined) known({ tool: id, socket }, rows);
    }
  }
  for (const id of writers) {
    const rows = built.tools.get(id)?.metric.rows;
    if (rows !== undefined) known({ tool: id, socket: "output" }, rows);
  }
  const passThrough = () => propagate(plan, keepsRows, rowsOf, known);
  passThrough();

  const counting = new Set<string>();
  const pending: { ref: SourceRef; frame: Frame }[] = [];
  for (const id of countMore ? plan.order : []) {
    const tool = plan.tools.get(id) as PlannedTool;
    const outputs = built.tools.get(id)?.outputs ?? {};
    const main = mainSocket(Object.keys(outputs));
    const inputs = Object.values(tool.inputs).flat();
    const follows = keepsRows(tool) && inputs.every((ref) => rowsOf(ref) !== undefined || counting.has(key(ref)));
    for (const [socket, frame] of Object.entries(outputs)) {
      const ref = { tool: id, socket };
      const wanted = socket === main || socket in tool.consumers;
      if (!wanted || follows || rowsOf(ref) !== undefined) continue;
      counting.add(key(ref));
      pending.push({ ref, frame });
    }
  }
  countAll(pending.map((p) => p.frame)).forEach((rows, i) => {
    if (rows !== undefined) known((pending[i] as (typeof pending)[number]).ref, rows);
  });
  passThrough();

  const changed: ToolMetric[] = [];
  for (const [id, { metric, outputs }] of built.tools) {
    if (!metric.sockets) continue;
    const main = mainSocket(Object.keys(outputs));
    const rows = main === undefined ? undefined : metric.sockets[main];
    if (rows !== undefined) metric.rows = rows;
    if (before.get(id) !== JSON.stringify(metric.sockets)) changed.push(metric);
    if (reused(id))
      for (const [socket, n] of Object.entries(metric.sockets))
        remembered?.set((plan.tools.get(id) as PlannedTool).hash, socket, n);
  }
  return changed;
}

export interface CountingOptions {
  /** The Outputs, whose written rows are their output's. */
  writers: ReadonlySet<string>;
  /** Tools whose output has their inputs' rows (a sort, an Output, a Union the sum). */
  keepsRows: (tool: PlannedTool) => boolean;
  /** Whether to count what nothing else gives (ROW_COUNTS `all`); true by default. */
  countMore?: boolean;
  remembered?: CountedSockets;
  /** Tools whose counts may be taken from `remembered` and kept there (not those of fresh database reads). */
  reusable?: (tool: PlannedTool) => boolean;
}

/**
 * Socket counts by lineage hash, so a run whose blocking results come from the cache does not
 * count again what is upstream of them: measured on the P1 pipeline at 1M rows, a re-run
 * with the sort served from the cache took 4 ms to build and 70-98 ms to count the Input,
 * Filter and Join it no longer computes. The hash names the data as the cache's does (a
 * file's size and time are in it), so the same hash has the same rows. Per executor
 * process; the oldest goes first once `capacity` are held.
 */
export class CountedSockets {
  private readonly rows = new Map<string, number>();
  constructor(private readonly capacity = 4096) {}

  get(hash: string, socket: string): number | undefined {
    return this.rows.get(`${hash} ${socket}`);
  }

  set(hash: string, socket: string, rows: number): void {
    const key = `${hash} ${socket}`;
    this.rows.delete(key);
    if (this.rows.size >= this.capacity) this.rows.delete(this.rows.keys().next().value as string);
    this.rows.set(key, rows);
  }
}

const key = (ref: SourceRef) => `${ref.tool} ${ref.socket}`;

/**
 * Fills, until nothing more follows, the counts that tools keeping their inputs' rows imply:
 * the output's from its inputs', or an input's from the output's and the other inputs'.
 */
function propagate(
  plan: Plan,
  keepsRows: (tool: PlannedTool) => boolean,
  rowsOf: (ref: SourceRef) => number | undefined,
  known: (ref: SourceRef, rows: number) => boolean,
): void {
  const sum = (refs: SourceRef[]) => refs.reduce((total, ref) => total + (rowsOf(ref) ?? 0), 0);
  for (let more = true; more; ) {
    more = false;
    for (const id of plan.order) {
      const tool = plan.tools.get(id) as PlannedTool;
      if (!keepsRows(tool)) continue;
      const output = { tool: id, socket: "output" };
      const inputs = Object.values(tool.inputs).flat();
      const unknown = inputs.filter((ref) => rowsOf(ref) === undefined);
      const rows = rowsOf(output);
      const [first] = unknown;
      if (rows === undefined && !first) more = known(output, sum(inputs)) || more;
      // One socket not yet known, wired in once or more (a Union may read it twice).
      else if (rows !== undefined && first && unknown.every((ref) => key(ref) === key(first)))
        more = known(first, (rows - sum(inputs)) / unknown.length) || more;
    }
  }
}

/** The rows of each of a tool's output frames (those counting fails left out). */
export function socketRows(outputs: ToolOutputs): Record<string, number> {
  const sockets = Object.keys(outputs);
  const counts = countAll(sockets.map((socket) => outputs[socket] as Frame));
  return Object.fromEntries(sockets.flatMap((socket, i) => (counts[i] === undefined ? [] : [[socket, counts[i]]])));
}

/**
 * Rows of each frame, in one query; should that fail (Polars failing on data only an unread
 * socket computes), each alone, and a frame that still fails stays uncounted.
 */
export function countAll(frames: Frame[]): (number | undefined)[] {
  const lengths = (some: Frame[]) =>
    (
      pl
        .concat(
          some.map((frame, i) => frame.select(pl.len().alias(`n${i}`))),
          { how: "horizontal" },
        )
        .collectSync({ engine: "streaming" } as never)
        .row(0) as unknown[]
    ).map(Number);
  if (frames.length === 0) return [];
  try {
    return lengths(frames);
  } catch {
    return frames.map((frame) => {
      try {
        return lengths([frame])[0];
      } catch {
        return undefined;
      }
    });
  }
}
