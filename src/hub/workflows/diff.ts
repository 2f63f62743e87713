import { canonicalJson } from "../../shared/hash";
import type { ToolNode, Wire, Workflow } from "../../shared/workflow";

/** A wire as a diff names it: its two ends (a wire's own `id` is not what it connects). */
export interface WireEnds {
  source: string;
  source_socket: string;
  target: string;
  target_socket: string;
}

/** A tool present in both revisions whose content changed beyond its position. */
export interface ToolChange {
  id: string;
  /** The tool's type in the newer revision (`to`). */
  type: string;
  /** Top-level config keys added, removed or given another value, sorted. */
  config_keys_changed: string[];
  /** Other fields that changed (`type`, `label`, `engine`, and `position` when it moved too), sorted. */
  fields_changed: string[];
}

/** What changed from one revision's workflow to another's, tool by tool id. */
export interface WorkflowDiff {
  /** Ids of the tools only `to` has, in its order. */
  tools_added: string[];
  /** Ids of the tools only `from` has, in its order. */
  tools_removed: string[];
  /** Tools in both whose type, label, engine or config changed, in `to`'s order. */
  tools_changed: ToolChange[];
  /** Tools in both whose only change is their position on the canvas, in `to`'s order. */
  tools_moved: string[];
  wires_added: WireEnds[];
  wires_removed: WireEnds[];
}

/** The fields of a tool compared one by one (config by key, id is the match, position apart). */
const TOOL_FIELDS = ["type", "label", "engine"] as const;

const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

function configKeysChanged(before: ToolNode["config"], after: ToolNode["config"]): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((key) => !same(before[key], after[key])).sort();
}

function toolChange(before: ToolNode, after: ToolNode): { change?: ToolChange; moved: boolean } {
  const fields: string[] = TOOL_FIELDS.filter((field) => before[field] !== after[field]);
  const configKeys = configKeysChanged(before.config, after.config);
  const moved = !same(before.position, after.position);
  if (fields.length === 0 && configKeys.length === 0) return { moved };
  if (moved) fields.push("position");
  return {
    change: { id: after.id, type: after.type, config_keys_changed: configKeys, fields_changed: fields.sort() },
    moved: false,
  };
}

const ends = (wire: Wire): WireEnds => ({
  source: wire.source,
  source_socket: wire.source_socket,
  target: wire.target,
  target_socket: wire.target_socket,
});

/**
 * The wires of `a` that `b` lacks, counted as a multiset (a union may take the same wire
 * twice), in `a`'s order.
 */
function wiresMissing(a: Wire[], b: Wire[]): WireEnds[] {
  const left = new Map<string, number>();
  for (const wire of b) {
    const key = canonicalJson(ends(wire));
    left.set(key, (left.get(key) ?? 0) + 1);
  }
  const missing: WireEnds[] = [];
  for (const wire of a) {
    const key = canonicalJson(ends(wire));
    const count = left.get(key) ?? 0;
    if (count > 0) left.set(key, count - 1);
    else missing.push(ends(wire));
  }
  return missing;
}

/**
 * The diff from `from` to `to`, matching tools by id: a tool whose id is in one only is
 * added or removed (a renamed id is one of each); a tool in both is changed (its type, label,
 * engine or config keys differ) or moved (only its position differs), never both. Wires are
 * matched by their ends.
 */
export function diffWorkflows(from: Workflow, to: Workflow): WorkflowDiff {
  const before = new Map(from.tools.map((tool) => [tool.id, tool]));
  const after = new Map(to.tools.map((tool) => [tool.id, tool]));
  const diff: WorkflowDiff = {
    tools_added: to.tools.filter((tool) => !before.has(tool.id)).map((tool) => tool.id),
    tools_removed: from.tools.filter((tool) => !after.has(tool.id)).map((tool) => tool.id),
    tools_changed: [],
    tools_moved: [],
    wires_added: wiresMissing(to.wires, from.wires),
    wires_removed: wiresMissing(from.wires, to.wires),
  };
  for (const tool of to.tools) {
    const old = before.get(tool.id);
    if (!old) continue;
    const { change, moved } = toolChange(old, tool);
    if (change) diff.tools_changed.push(change);
    else if (moved) diff.tools_moved.push(tool.id);
  }
  return diff;
}
