import { createSignal } from "solid-js";
import type { Position, WorkflowDoc } from "../model/workflow";
import type { Editor } from "../state/editor";
import type { NodeSockets } from "./geometry";

/** One socket of one tool, as the DOM names it (data-tool, data-socket, data-side). */
export interface SocketRef {
  tool: string;
  socket: string;
  side: "in" | "out";
}

/** The socket under an element (a socket button or its label), if any. */
export function socketAt(el: Element | null): SocketRef | undefined {
  const hit = el?.closest<HTMLElement>("[data-socket]");
  if (!hit) return undefined;
  const { tool, socket, side } = hit.dataset;
  if (!tool || !socket || (side !== "in" && side !== "out")) return undefined;
  return { tool, socket, side };
}

export const sameSocket = (a: SocketRef | undefined, b: SocketRef | undefined) =>
  !!a && !!b && a.tool === b.tool && a.socket === b.socket && a.side === b.side;

/**
 * A wire being drawn: from a socket to the pointer, by dragging (press on a socket, release
 * on another) or by two clicks / Enter presses (arm a socket, then pick one). `connect`
 * asks the editor and answers its reason when the wire is refused.
 */
export function createWiring(editor: Editor) {
  const [from, setFrom] = createSignal<SocketRef>();
  const [pointer, setPointer] = createSignal<Position>({ x: 0, y: 0 });
  const [hover, setHover] = createSignal<SocketRef>();

  /** Whether `to` can end the wire being drawn (the other side, another tool). */
  const accepts = (to: SocketRef) => {
    const start = from();
    return !!start && start.side !== to.side && start.tool !== to.tool;
  };

  return {
    from,
    pointer,
    hover,
    accepts,
    start(socket: SocketRef, at: Position) {
      setFrom(socket);
      setPointer(at);
      setHover(undefined);
    },
    track(at: Position, over: SocketRef | undefined) {
      setPointer(at);
      setHover(over && accepts(over) ? over : undefined);
    },
    cancel() {
      setFrom(undefined);
      setHover(undefined);
    },
    /** Ends the wire on `to`: undefined when made, else why not. */
    connect(to: SocketRef): string | undefined {
      const start = from();
      setFrom(undefined);
      setHover(undefined);
      if (!start) return undefined;
      if (start.side === to.side) {
        return start.side === "out" ? "Wire an output to an input" : "Wire an input to an output";
      }
      const [out, inp] = start.side === "out" ? [start, to] : [to, start];
      const made = editor.connect({
        source: out.tool,
        source_socket: out.socket,
        target: inp.tool,
        target_socket: inp.socket,
      });
      return made.ok ? undefined : made.reason;
    },
  };
}

export type Wiring = ReturnType<typeof createWiring>;

/**
 * Where a wire being drawn from `start` would end if released over `el`: the socket there,
 * or, over another tool's body, its first free socket on the other side.
 */
export function dropSocketAt(
  el: Element | null,
  start: SocketRef | undefined,
  doc: WorkflowDoc,
  sockets: (type: string) => NodeSockets,
): SocketRef | undefined {
  const direct = socketAt(el);
  if (direct || !start) return direct;
  const toolId = el?.closest<HTMLElement>(".tool-node")?.dataset.tool;
  const tool = toolId === undefined ? undefined : doc.tools.find((t) => t.id === toolId);
  if (!tool || tool.id === start.tool) return undefined;
  if (start.side === "in") {
    const first = sockets(tool.type).outputs[0];
    return first && { tool: tool.id, socket: first.id, side: "out" };
  }
  const inputs = sockets(tool.type).inputs;
  const wired = (id: string) => doc.wires.some((w) => w.target === tool.id && w.target_socket === id);
  const free = inputs.find((s) => s.multiple || !wired(s.id)) ?? inputs[0];
  return free && { tool: tool.id, socket: free.id, side: "in" };
}
