import { ToolConfigError } from "../shared/errors";
import { DEFAULT_ENGINE, type ToolNode, type Workflow } from "../shared/workflow";
import type { ToolMeta } from "./tool-meta";

/**
 * The structural checks of a workflow, which need each tool type's sockets and nothing that
 * runs: the engine's plan calls them before it builds anything, and the Hub calls them on a
 * workflow it stores (it never imports the engine). Like the tools' descriptions, this file
 * loads neither Polars nor Node (imports.test.ts walks it).
 */

/** What the graph checks need of each tool type: its sockets. */
export type GraphCatalog = Readonly<Record<string, Pick<ToolMeta, "inputs" | "outputs">>>;

/** "Tool "f1" (filter)", the way every message names a tool. */
export function toolLabel(tool: Pick<ToolNode, "id" | "type">): string {
  return `Tool "${tool.id}" (${tool.type})`;
}

/**
 * Checks a workflow's graph as a whole: unique ids, known types and engines, wires between
 * existing tools and sockets, single sockets with one wire, and no cycles. Every failure is
 * a 400 naming the tool at fault. Required inputs and configs are checked per plan
 * (plan.ts), since a workflow being drawn may hold unfinished tools elsewhere.
 */
export function validateGraph(workflow: Workflow, catalog: GraphCatalog): Map<string, ToolNode> {
  const tools = new Map<string, ToolNode>();
  for (const tool of workflow.tools) {
    if (tools.has(tool.id)) throw new ToolConfigError(tool.id, `Duplicate tool id "${tool.id}"`);
    tools.set(tool.id, tool);
    if (!Object.hasOwn(catalog, tool.type)) {
      const known = Object.keys(catalog).join(", ");
      throw new ToolConfigError(tool.id, `${toolLabel(tool)}: unknown tool type "${tool.type}" (known: ${known})`);
    }
    const engine = tool.engine;
    if (engine !== undefined && engine !== DEFAULT_ENGINE && engine !== `${DEFAULT_ENGINE}::${tool.type}`) {
      throw new ToolConfigError(tool.id, `${toolLabel(tool)}: unknown engine "${engine}" (known: ${DEFAULT_ENGINE})`);
    }
  }
  const wiredSingle = new Set<string>();
  for (const [index, wire] of workflow.wires.entries()) {
    const name = wire.id ? `Wire "${wire.id}"` : `Wire ${index + 1}`;
    const source = tools.get(wire.source);
    const target = tools.get(wire.target);
    if (!source) {
      const at = target ? target.id : wire.target;
      throw new ToolConfigError(
        at,
        `${name} into tool "${wire.target}" comes from tool "${wire.source}", which is not in the workflow`,
      );
    }
    if (!target) {
      throw new ToolConfigError(
        source.id,
        `${name} from tool "${wire.source}" goes to tool "${wire.target}", which is not in the workflow`,
      );
    }
    const outputs = catalog[source.type]?.outputs ?? [];
    if (!outputs.includes(wire.source_socket)) {
      throw new ToolConfigError(
        source.id,
        `${toolLabel(source)} has no output socket "${wire.source_socket}" (sockets: ${outputs.join(", ")})`,
      );
    }
    const inputs = catalog[target.type]?.inputs ?? [];
    const socket = inputs.find((s) => s.id === wire.target_socket);
    if (!socket) {
      const names = inputs.map((s) => s.id).join(", ") || "none";
      throw new ToolConfigError(
        target.id,
        `${toolLabel(target)} has no input socket "${wire.target_socket}" (sockets: ${names})`,
      );
    }
    const key = `${target.id}\u0000${socket.id}`;
    if (!socket.multiple && wiredSingle.has(key)) {
      throw new ToolConfigError(
        target.id,
        `${toolLabel(target)}: input socket "${socket.id}" takes one wire, but has several`,
      );
    }
    wiredSingle.add(key);
  }
  rejectCycles(workflow, tools);
  return tools;
}

function rejectCycles(workflow: Workflow, tools: Map<string, ToolNode>): void {
  const next = new Map<string, string[]>();
  for (const wire of workflow.wires) next.set(wire.source, [...(next.get(wire.source) ?? []), wire.target]);
  const state = new Map<string, "open" | "done">();
  // Iterative depth-first search: a workflow may be deep, and recursion would overflow.
  for (const start of tools.keys()) {
    if (state.has(start)) continue;
    const stack: { id: string; i: number }[] = [{ id: start, i: 0 }];
    state.set(start, "open");
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as { id: string; i: number };
      const children = next.get(top.id) ?? [];
      if (top.i < children.length) {
        const child = children[top.i++] as string;
        const seen = state.get(child);
        if (seen === "open") {
          const tool = tools.get(child) as ToolNode;
          throw new ToolConfigError(
            child,
            `${toolLabel(tool)} is on a cycle: a workflow must not feed a tool's output back into itself`,
          );
        }
        if (!seen) {
          state.set(child, "open");
          stack.push({ id: child, i: 0 });
        }
      } else {
        state.set(top.id, "done");
        stack.pop();
      }
    }
  }
}
