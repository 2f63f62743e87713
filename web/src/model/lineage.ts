import type { WorkflowDoc } from "./workflow";

/**
 * What a tool's result depends on, as the client sees it: itself and every tool upstream of
 * it. The live previews use the keys to tell which results a change made stale; the config
 * panel uses them (and the cut-down workflow) when it asks the Server about one tool, so an
 * unfinished tool elsewhere does not fail the request, and an answer is known stale when the
 * tool's key changed.
 */

/**
 * A client-side lineage key per tool: a hash of its type, its config and, in wire order,
 * the keys and sockets of what feeds it (the same idea as the Server's lineage hash, which
 * the client cannot compute). A tool whose key changed since a result was computed is
 * "affected": its preview, row count and run metrics are out of date. Positions and labels
 * do not enter the key, so moving a tool affects nothing; nor does editing a tool that is
 * not upstream of it.
 */
export function lineageKeys(doc: WorkflowDoc): Map<string, string> {
  const byId = new Map(doc.tools.map((t) => [t.id, t]));
  const keys = new Map<string, string>();
  const visiting = new Set<string>();

  const keyOf = (id: string): string => {
    const known = keys.get(id);
    if (known !== undefined) return known;
    const tool = byId.get(id);
    // A wire from a missing tool, or a loop (the editor refuses both): a key that still differs.
    if (!tool || visiting.has(id)) return `missing:${id}`;
    visiting.add(id);
    const inputs = doc.wires
      .filter((w) => w.target === id)
      .map((w) => `${w.target_socket}<${keyOf(w.source)}:${w.source_socket}`);
    visiting.delete(id);
    const key = hash53(`${tool.type}|${stableJson(tool.config)}|${inputs.join(",")}`);
    keys.set(id, key);
    return key;
  };
  for (const tool of doc.tools) keyOf(tool.id);
  return keys;
}

/** One tool's lineage key (lineageKeys): it changes exactly when what `toolId` computes may change. */
export function lineageKey(doc: WorkflowDoc, toolId: string): string {
  return lineageKeys(doc).get(toolId) ?? `missing:${toolId}`;
}

/** The ids of `toolId` and of every tool upstream of it. */
export function upstreamIds(doc: WorkflowDoc, toolId: string): Set<string> {
  const seen = new Set<string>();
  const pending = [toolId];
  while (pending.length > 0) {
    const id = pending.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const wire of doc.wires) if (wire.target === id) pending.push(wire.source);
  }
  return seen;
}

/** The workflow cut down to `toolId` and its upstream tools (with the wires among them). */
export function upstreamWorkflow(doc: WorkflowDoc, toolId: string): WorkflowDoc {
  const ids = upstreamIds(doc, toolId);
  return {
    meta: doc.meta,
    tools: doc.tools.filter((t) => ids.has(t.id)),
    wires: doc.wires.filter((w) => ids.has(w.source) && ids.has(w.target)),
  };
}

/** The ids whose key differs between two key maps (changed, added; removed ones are gone). */
export function affectedTools(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): Set<string> {
  const affected = new Set<string>();
  for (const [id, key] of after) if (before.get(id) !== key) affected.add(id);
  return affected;
}

/** JSON with object keys sorted, so that a config's key order does not change its key. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** cyrb53: a fast 53-bit string hash (keys only need to differ, not to be secret). */
function hash53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}
