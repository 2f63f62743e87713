import { SafetyLimitError, ToolConfigError, WeftError } from "../shared/errors";
import { canonicalJson, sha256Hex } from "../shared/hash";
import { DEFAULT_ENGINE, type ToolNode, type Workflow } from "../shared/workflow";
import { describeZodError } from "../shared/zod-detail";
import { toolLabel, validateGraph } from "../tools/validate-graph";
import { type ToolCatalog, unknownToolError } from "./validate";

/** Bumped when the meaning of a cached result changes, so old entries stop matching. */
const LINEAGE_VERSION = "weft-lineage-1";

/** Where one input socket's data comes from. */
export interface SourceRef {
  tool: string;
  socket: string;
}

/** A tool in a plan: its parsed config, its wiring, its level and its lineage hash. */
export interface PlannedTool {
  readonly id: string;
  readonly type: string;
  readonly node: ToolNode;
  readonly config: unknown;
  readonly blocking: boolean;
  /** Input socket → sources, in wire order. */
  readonly inputs: Readonly<Record<string, readonly SourceRef[]>>;
  /** Output socket → the planned tools that read it. */
  readonly consumers: Readonly<Record<string, readonly string[]>>;
  /** 0 for tools without inputs; otherwise one more than the deepest source. */
  readonly level: number;
  /** sha256 of type, engine, config, source fingerprint and the upstream hashes. */
  readonly hash: string;
  /**
   * How many paths lead to it from source tools (1 for a source). Its lazy plan holds its
   * upstream once per path: a chain of tools each reading the one before twice doubles it.
   */
  readonly paths: number;
}

/** An immutable plan: the tools needed for the targets, in dependency order and by level. */
export interface Plan {
  readonly workflowId: string;
  readonly targets: readonly string[];
  readonly order: readonly string[];
  readonly levels: readonly (readonly string[])[];
  readonly tools: ReadonlyMap<string, PlannedTool>;
}

export interface PlanOptions {
  /** The tools whose results are wanted; all tools when absent. */
  targets?: readonly string[];
  /** The identity of what a tool reads from outside (e.g. a file's size and mtime). */
  fingerprint?(tool: ToolNode, config: unknown): string | undefined;
  /**
   * Given (preview_all): a tool that cannot be planned (an unwired input, a bad config, a
   * source that cannot be read) is left out with its error here, and so is every tool
   * downstream of it (424); the others are planned. Absent: the first such error throws.
   */
  unplanned?: Map<string, { detail: string; status: number }>;
  /** MAX_PLAN_PATHS: a tool reached by more paths is refused (422); no limit when absent. */
  maxPaths?: number;
}

/**
 * Validates the workflow and plans the tools the targets need (docs/server-api.md execution rule 1):
 * each needed tool's config is parsed by its own schema, required inputs must be wired,
 * and each tool gets its level and lineage hash.
 */
export function buildPlan(workflow: Workflow, catalog: ToolCatalog, options: PlanOptions = {}): Plan {
  const nodes = validateGraph(workflow, catalog);
  const targets = options.targets ?? [...nodes.keys()];
  for (const id of targets) if (!nodes.has(id)) throw unknownToolError(id);

  const inputsOf = new Map<string, Record<string, SourceRef[]>>();
  for (const wire of workflow.wires) {
    const inputs = inputsOf.get(wire.target) ?? {};
    append(inputs, wire.target_socket, { tool: wire.source, socket: wire.source_socket });
    inputsOf.set(wire.target, inputs);
  }

  const needed = new Set<string>();
  const pending = [...targets];
  while (pending.length > 0) {
    const id = pending.pop() as string;
    if (needed.has(id)) continue;
    needed.add(id);
    for (const refs of Object.values(inputsOf.get(id) ?? {})) for (const ref of refs) pending.push(ref.tool);
  }

  const order = topologicalOrder(workflow, needed);
  const planned = new Map<string, PlannedTool>();
  const consumers = new Map<string, Record<string, string[]>>();
  const unplanned = options.unplanned;
  for (const id of order) {
    const node = nodes.get(id) as ToolNode;
    const def = catalog[node.type] as ToolCatalog[string];
    const inputs = inputsOf.get(id) ?? {};
    const missing =
      unplanned &&
      Object.values(inputs)
        .flat()
        .find((ref) => !planned.has(ref.tool));
    if (missing && unplanned) {
      unplanned.set(id, { detail: `Tool "${missing.tool}" upstream of this tool failed`, status: 424 });
      continue;
    }
    const paths = pathsTo(inputs, planned);
    let parsed: { data: unknown; source: string | undefined };
    try {
      checkPaths(node, paths, options.maxPaths);
      parsed = checkTool(node, def, inputs, options);
    } catch (err) {
      if (!unplanned || !(err instanceof WeftError)) throw err;
      unplanned.set(id, { detail: err.message, status: err.status });
      continue;
    }
    let level = 0;
    const upstream: Record<string, [string, string][]> = {};
    for (const [socket, refs] of Object.entries(inputs)) {
      upstream[socket] = refs.map((ref) => {
        const source = planned.get(ref.tool) as PlannedTool;
        level = Math.max(level, source.level + 1);
        const uses = consumers.get(ref.tool) ?? {};
        append(uses, ref.socket, id);
        consumers.set(ref.tool, uses);
        return [source.hash, ref.socket];
      });
    }
    const hash = sha256Hex(
      canonicalJson({
        v: LINEAGE_VERSION,
        type: node.type,
        engine: DEFAULT_ENGINE,
        config: parsed.data,
        source: parsed.source,
        upstream,
      }),
    );
    planned.set(id, {
      id,
      type: node.type,
      node,
      config: parsed.data,
      blocking: def.blockingFor?.(parsed.data) ?? def.blocking,
      inputs,
      consumers: {},
      level,
      hash,
      paths,
    });
  }
  for (const [id, tool] of planned) planned.set(id, Object.freeze({ ...tool, consumers: consumers.get(id) ?? {} }));

  const levels: string[][] = [];
  const plannedOrder = order.filter((id) => planned.has(id));
  for (const id of plannedOrder) {
    const level = (planned.get(id) as PlannedTool).level;
    levels[level] = [...(levels[level] ?? []), id];
  }
  return Object.freeze({
    workflowId: workflow.meta.workflow_id,
    targets: Object.freeze([...targets]),
    order: Object.freeze(plannedOrder),
    levels: Object.freeze(levels.map((level) => Object.freeze(level))),
    tools: planned,
  });
}

/** A tool's wiring and config checked, its config parsed and its source's identity taken. */
function checkTool(
  node: ToolNode,
  def: ToolCatalog[string],
  inputs: Record<string, SourceRef[]>,
  options: PlanOptions,
): { data: unknown; source: string | undefined } {
  for (const socket of def.inputs) {
    if (socket.required && !(inputs[socket.id]?.length ?? 0)) {
      throw new ToolConfigError(node.id, `${toolLabel(node)}: input socket "${socket.id}" is not connected`);
    }
  }
  const parsed = def.config.safeParse(node.config);
  if (!parsed.success)
    throw new ToolConfigError(node.id, `${toolLabel(node)}: ${describeZodError(parsed.error, "config")}`);
  return { data: parsed.data, source: options.fingerprint?.(node, parsed.data) };
}

/** The paths from sources to a tool: the sum over its wires of its sources' paths (1 without inputs). */
function pathsTo(inputs: Record<string, SourceRef[]>, planned: ReadonlyMap<string, PlannedTool>): number {
  const refs = Object.values(inputs).flat();
  if (refs.length === 0) return 1;
  return refs.reduce((sum, ref) => sum + (planned.get(ref.tool)?.paths ?? 0), 0);
}

/**
 * Refuses a tool whose plan would repeat its upstream work exponentially often (30 Unions
 * each reading the one before twice: 2^30 copies of the source in the lazy plan; Polars
 * spent over a second building 2^16 and an executor grew to 15 GB on the 30).
 */
function checkPaths(node: ToolNode, paths: number, max: number | undefined): void {
  if (max === undefined || paths <= max) return;
  const count = (n: number) => n.toLocaleString("en-US");
  throw new SafetyLimitError(
    `${toolLabel(node)} is reached by ${count(paths)} paths from its sources, over the limit of ${count(max)} (setting MAX_PLAN_PATHS): its upstream work would be planned once per path`,
    max,
    paths,
  );
}

/** Kahn's algorithm over the needed tools; ties keep the workflow's tool order (stable plans). */
function topologicalOrder(workflow: Workflow, needed: Set<string>): string[] {
  const indegree = new Map<string, number>();
  const next = new Map<string, string[]>();
  for (const tool of workflow.tools) if (needed.has(tool.id)) indegree.set(tool.id, 0);
  for (const wire of workflow.wires) {
    if (!needed.has(wire.target)) continue;
    indegree.set(wire.target, (indegree.get(wire.target) ?? 0) + 1);
    next.set(wire.source, [...(next.get(wire.source) ?? []), wire.target]);
  }
  const position = new Map(workflow.tools.map((tool, i) => [tool.id, i]));
  const ready = [...indegree].filter(([, n]) => n === 0).map(([id]) => id);
  const order: string[] = [];
  while (ready.length > 0) {
    ready.sort((a, b) => (position.get(a) ?? 0) - (position.get(b) ?? 0));
    const id = ready.shift() as string;
    order.push(id);
    for (const child of next.get(id) ?? []) {
      const left = (indegree.get(child) ?? 0) - 1;
      indegree.set(child, left);
      if (left === 0) ready.push(child);
    }
  }
  return order;
}

function append<T>(lists: Record<string, T[]>, key: string, item: T): void {
  const list = lists[key];
  if (list) list.push(item);
  else lists[key] = [item];
}
