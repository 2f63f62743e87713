import type { WorkflowDoc } from "../model/workflow";

/**
 * The part of a workflow one tool depends on: itself and every tool upstream of it. What
 * the panel sends when it asks the Server about a tool (so an unfinished tool elsewhere
 * does not fail the request) and, as text, the key that tells whether an answer is stale
 * (moving tools or editing a downstream tool leaves it unchanged).
 */

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

/** A text that changes exactly when what `toolId` computes may change. */
export function lineageKey(doc: WorkflowDoc, toolId: string): string {
  const part = upstreamWorkflow(doc, toolId);
  const tools = part.tools
    .map((t) => [t.id, t.type, t.config])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  const wires = part.wires.map((w) => [w.source, w.source_socket, w.target, w.target_socket]);
  return JSON.stringify([tools, wires]);
}
