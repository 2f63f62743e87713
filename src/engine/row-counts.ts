import pl from "nodejs-polars";
import type { Frame } from "../tools/types";
import type { Built } from "./build-frames";
import type { ToolMetric } from "./job";
import type { Plan } from "./plan";

/** The socket a tool's `rows` counts: the main output, a join's matches, a filter's true rows. */
export function mainSocket(sockets: readonly string[]): string | undefined {
  return ["output", "output-match", "output-true"].find((id) => sockets.includes(id)) ?? sockets[0];
}

/**
 * Counts the rows of a full run's output sockets (each tool's main socket and every socket a
 * wire reads) into the metrics' `sockets`, and `rows` from the main one; answers the metrics
 * that gained counts. What the run already counted is taken as it is: results stored in the
 * cache (the store counts them) and written files (the socket an Output reads holds as many
 * rows). The rest are counted only where that is cheap: sockets computed from files and from
 * results the cache holds by lazy steps (filters, formulas, selects...), never by recomputing
 * a blocking step (a join, sort or database read not stored in this run keeps its rows
 * unknown). Those are counted in one query: each frame's `len()`, concatenated, so Polars
 * reads each source once for all of them (common subplan elimination) and only the columns
 * the steps need (a filter and its length become a sum of its condition). Measured with a
 * 5,000,000-row CSV in Input → Filter → Output: the write takes 550 ms, counting the Input
 * and both Filter outputs 190 ms more.
 */
export function countSocketRows(plan: Plan, built: Built, writers: ReadonlySet<string>): ToolMetric[] {
  const metricOf = (id: string) => built.tools.get(id)?.metric;
  const known = (id: string, socket: string, rows: number) => {
    const metric = metricOf(id);
    if (metric) metric.sockets = { ...metric.sockets, [socket]: rows };
  };
  const before = new Map([...built.tools].map(([id, t]) => [id, JSON.stringify(t.metric.sockets ?? {})]));
  for (const id of writers) {
    const rows = metricOf(id)?.rows;
    if (rows === undefined) continue;
    known(id, "output", rows);
    const [source, ...more] = Object.values(plan.tools.get(id)?.inputs ?? {}).flat();
    if (source && more.length === 0) known(source.tool, source.socket, rows);
  }

  /** Sockets whose frame reads only files and cached results through lazy steps: `tool socket`. */
  const cheap = new Set<string>();
  const pending: { metric: ToolMetric; socket: string; frame: Frame }[] = [];
  for (const id of plan.order) {
    const tool = plan.tools.get(id);
    const done = built.tools.get(id);
    if (!tool || !done) continue;
    const { outputs, metric } = done;
    const fromCache = metric.cache === "hit";
    const inputsCheap = Object.values(tool.inputs)
      .flat()
      .every((ref) => cheap.has(`${ref.tool} ${ref.socket}`));
    const sockets = Object.keys(outputs);
    const main = mainSocket(sockets);
    for (const socket of sockets) {
      // A stored socket is read back from the cache: as cheap as a hit.
      const isCheap = tool.blocking ? fromCache || metric.sockets?.[socket] !== undefined : inputsCheap;
      if (isCheap) cheap.add(`${id} ${socket}`);
      const frame = outputs[socket];
      const wanted = socket === main || socket in tool.consumers;
      if (isCheap && wanted && frame && metric.sockets?.[socket] === undefined) pending.push({ metric, socket, frame });
    }
  }
  countAll(pending.map((p) => p.frame)).forEach((rows, i) => {
    const { metric, socket } = pending[i] as (typeof pending)[number];
    if (rows !== undefined) metric.sockets = { ...metric.sockets, [socket]: rows };
  });

  const changed: ToolMetric[] = [];
  for (const [id, { metric }] of built.tools) {
    if (!metric.sockets) continue;
    const main = mainSocket(Object.keys(built.tools.get(id)?.outputs ?? metric.sockets));
    const rows = main === undefined ? undefined : metric.sockets[main];
    if (rows !== undefined) metric.rows = rows;
    if (before.get(id) !== JSON.stringify(metric.sockets)) changed.push(metric);
  }
  return changed;
}

/**
 * Rows of each frame, in one query; should that fail (Polars failing on data only an unread
 * socket computes), each alone, and a frame that still fails stays uncounted.
 */
function countAll(frames: Frame[]): (number | undefined)[] {
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
