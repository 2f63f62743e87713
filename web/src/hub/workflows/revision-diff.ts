import type { ToolNode, Wire, Workflow } from "../../../../src/shared/workflow";

/**
 * What changed from one revision of a workflow to another, in the shape the diff canvas draws:
 * every tool of either revision with its kind of change, every wire of either with its own.
 * The rules are the Hub's (src/hub/workflows/diff.ts, `GET /workflows/{id}/diff`, and a test
 * holds the two to the same answers): tools match by id (ids are stable across revisions;
 * labels are labels), wires by their two ends. Pure: no DOM, no Hub.
 */

/** `same`: in both revisions, nothing changed. */
export type ToolDiffKind = "added" | "removed" | "changed" | "moved" | "same";
export type WireDiffKind = "added" | "removed" | "same";

export interface ToolDiff {
  id: string;
  kind: ToolDiffKind;
  /** The tool in the older revision (absent when added). */
  before?: ToolNode;
  /** The tool in the newer revision (absent when removed). */
  after?: ToolNode;
  /** Top-level config keys added, removed or given another value, sorted (changed tools only). */
  configKeys: string[];
  /** `type`, `label`, `engine` that changed, sorted (changed tools only). */
  fields: string[];
  /** Its position changed: the whole change of a moved tool, or part of a changed one's. */
  moved: boolean;
}

/** A wire as a diff names it: its ends (a wire's own `id` is not what it connects). */
export type WireEnds = Pick<Wire, "source" | "source_socket" | "target" | "target_socket">;

export interface WireDiff {
  kind: WireDiffKind;
  ends: WireEnds;
  /** Unique in the diff (a union may take the same wire twice: `#2` tells them apart). */
  key: string;
}

export interface RevisionDiff {
  /** The newer revision's tools in its order, then the removed ones in the older one's order. */
  tools: ToolDiff[];
  /** The newer revision's wires in its order (added or same), then the removed ones. */
  wires: WireDiff[];
  counts: { added: number; removed: number; changed: number; moved: number; wiresAdded: number; wiresRemoved: number };
}

/** The fields of a tool compared one by one (config by key, id is the match, position apart). */
const TOOL_FIELDS = ["type", "label", "engine"] as const;

/** JSON with keys sorted at every level: key order alone is no change (the Hub's canonicalJson). */
export function canonical(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== "object") return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const member = (value as Record<string, unknown>)[key];
    if (member !== undefined) sorted[key] = sortKeys(member);
  }
  return sorted;
}

const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** The top-level config keys whose value differs (present in one only, or another value), sorted. */
export function configKeysChanged(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((key) => !same(before[key], after[key])).sort();
}

function compareTool(before: ToolNode, after: ToolNode): ToolDiff {
  const fields = TOOL_FIELDS.filter((field) => before[field] !== after[field]).sort();
  const configKeys = configKeysChanged(before.config ?? {}, after.config ?? {});
  const moved = !same(before.position, after.position);
  const changed = fields.length > 0 || configKeys.length > 0;
  const kind: ToolDiffKind = changed ? "changed" : moved ? "moved" : "same";
  return { id: after.id, kind, before, after, configKeys, fields, moved };
}

const endsOf = (wire: WireEnds): WireEnds => ({
  source: wire.source,
  source_socket: wire.source_socket,
  target: wire.target,
  target_socket: wire.target_socket,
});

/** `a.output → b.input`: a wire's ends as one string (its identity in a diff). */
export const wireName = (w: WireEnds) => `${w.source}.${w.source_socket} → ${w.target}.${w.target_socket}`;

/**
 * The wires of both revisions: each of `after`'s is `same` while an equal one (same ends) of
 * `before` is left to match it, else `added`; the ones of `before` left over are `removed`.
 * Counted as a multiset, as the Hub counts them.
 */
function diffWires(before: readonly Wire[], after: readonly Wire[]): WireDiff[] {
  const left = new Map<string, number>();
  for (const wire of before) {
    const name = wireName(wire);
    left.set(name, (left.get(name) ?? 0) + 1);
  }
  const seen = new Map<string, number>();
  const keyOf = (name: string) => {
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n === 1 ? name : `${name} #${n}`;
  };
  const result: WireDiff[] = after.map((wire) => {
    const name = wireName(wire);
    const count = left.get(name) ?? 0;
    if (count > 0) left.set(name, count - 1);
    return { kind: count > 0 ? "same" : "added", ends: endsOf(wire), key: keyOf(name) };
  });
  for (const wire of before) {
    const name = wireName(wire);
    const count = left.get(name) ?? 0;
    if (count === 0) continue;
    left.set(name, count - 1);
    result.push({ kind: "removed", ends: endsOf(wire), key: keyOf(name) });
  }
  return result;
}

/**
 * The diff from `before` to `after`: a tool in one only is added or removed (a tool whose id
 * changed is one of each); a tool in both is changed (type, label, engine or a config key
 * differs; `moved` too when its position did), moved (only its position), or the same. A
 * rewire is a wire removed and a wire added.
 */
export function diffRevisions(before: Pick<Workflow, "tools" | "wires">, after: Pick<Workflow, "tools" | "wires">) {
  const old = new Map(before.tools.map((tool) => [tool.id, tool]));
  const kept = new Set(after.tools.map((tool) => tool.id));
  const tools: ToolDiff[] = after.tools.map((tool) => {
    const was = old.get(tool.id);
    return was
      ? compareTool(was, tool)
      : { id: tool.id, kind: "added", after: tool, configKeys: [], fields: [], moved: false };
  });
  for (const tool of before.tools) {
    if (!kept.has(tool.id)) {
      tools.push({ id: tool.id, kind: "removed", before: tool, configKeys: [], fields: [], moved: false });
    }
  }
  const wires = diffWires(before.wires ?? [], after.wires ?? []);
  const count = (kind: ToolDiffKind) => tools.filter((t) => t.kind === kind).length;
  const diff: RevisionDiff = {
    tools,
    wires,
    counts: {
      added: count("added"),
      removed: count("removed"),
      changed: count("changed"),
      moved: count("moved"),
      wiresAdded: wires.filter((w) => w.kind === "added").length,
      wiresRemoved: wires.filter((w) => w.kind === "removed").length,
    },
  };
  return diff;
}

/** Whether the two revisions differ at all (for "no difference" instead of an empty legend). */
export function hasChanges(diff: RevisionDiff): boolean {
  return Object.values(diff.counts).some((n) => n > 0);
}
