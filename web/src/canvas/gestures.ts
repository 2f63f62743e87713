import type { Position } from "../model/workflow";
import type { Editor } from "../state/editor";
import { dragTools } from "./drag-tools";
import { createEdgePan } from "./edge-pan";
import { createFrameTask } from "./frame";
import { type Rect, socketPoint, socketsOf } from "./geometry";
import { followPointer } from "./pointer-gesture";
import { rectBetween, toolsIn } from "./selection-box";
import type { Viewport } from "./viewport";
import { dropSocketAt, type SocketRef, sameSocket, socketAt, type Wiring } from "./wiring";

export interface GestureContext {
  editor: Editor;
  viewport: Viewport;
  wiring: Wiring;
  /** The wire drawn at a point of the canvas element, if any (wires.tsx). */
  wireAt(point: Position): string | undefined;
  el: () => HTMLElement;
  /** A client point in canvas-element coordinates. */
  local(point: { clientX: number; clientY: number }): Position;
  say(message: string): void;
  setBox(rect: Rect | undefined): void;
  setPanning(on: boolean): void;
}

/**
 * What a press on the canvas starts: a pan, a rubber band, a tool drag or a wire; each
 * changes state at most once per animation frame. `abandon` ends the one in progress
 * (Escape).
 */
export function createGestures(ctx: GestureContext) {
  const { editor, viewport, wiring } = ctx;
  let abandonCurrent: (() => void) | undefined;
  const world = (point: { clientX: number; clientY: number }) => viewport.toWorld(ctx.local(point));
  const dropSocket = (el: Element | null) => dropSocketAt(el, wiring.from(), editor.state.doc, socketsOf);
  const under = (event: PointerEvent) => document.elementFromPoint(event.clientX, event.clientY);

  const finishWire = (target: SocketRef) => {
    // A refusal says why; a wire made clears the "now pick a socket" hint.
    ctx.say(wiring.connect(target) ?? "");
  };
  const askForEnd = (from: SocketRef) =>
    ctx.say(`Now pick ${from.side === "out" ? "an input" : "an output"} socket (Escape cancels)`);

  function pan(down: PointerEvent, clickClears: boolean) {
    const start = viewport.view();
    let next = start;
    const frame = createFrameTask(() => viewport.setView(next));
    ctx.setPanning(true);
    abandonCurrent = followPointer(ctx.el(), down, {
      move({ dx, dy }) {
        next = { ...start, x: start.x + dx, y: start.y + dy };
        frame.schedule();
      },
      end({ dragged, cancelled }) {
        frame.flush();
        ctx.setPanning(false);
        abandonCurrent = undefined;
        if (!dragged && clickClears && !cancelled) editor.select([]);
      },
    });
  }

  /** A rubber band: the tools it touches join the selection. */
  function box(down: PointerEvent) {
    // The corner pressed stays on its world point while the view moves at an edge.
    const anchor = world(down);
    const keep = [...editor.state.selection];
    let current: Rect | undefined;
    let last = down;
    const update = () => {
      current = rectBetween(viewport.toScreen(anchor), ctx.local(last));
      ctx.setBox(current);
    };
    const frame = createFrameTask(update);
    const edge = createEdgePan(ctx.el(), viewport, update);
    abandonCurrent = followPointer(ctx.el(), down, {
      move({ event }) {
        last = event;
        current = rectBetween(viewport.toScreen(anchor), ctx.local(event));
        frame.schedule();
        edge.track(event);
      },
      end({ dragged, cancelled }) {
        edge.stop();
        frame.cancel();
        ctx.setBox(undefined);
        abandonCurrent = undefined;
        if (cancelled || !dragged || !current) return;
        const { x, y, k } = viewport.view();
        const r = current;
        const inBox = toolsIn({ x: (r.x - x) / k, y: (r.y - y) / k, w: r.w / k, h: r.h / k }, editor.state.doc.tools);
        editor.select([...new Set([...keep, ...inBox])]);
      },
    });
  }

  /** Press on a tool: select it (or toggle with Shift/Ctrl), then drag the selection. */
  function tool(down: PointerEvent, id: string) {
    const additive = down.shiftKey || down.ctrlKey || down.metaKey;
    const was = editor.state.selection.includes(id);
    if (additive) {
      editor.toggleSelected(id);
      if (was) return;
    } else if (!was) editor.select([id]);
    const ids = [...editor.state.selection];
    abandonCurrent = dragTools(editor, viewport, ctx.el(), down, ids, (dragged) => {
      abandonCurrent = undefined;
      if (!dragged && !additive && was && ids.length > 1) editor.select([id]);
    });
  }

  /** Press on a socket: drag a wire to another socket, or (a click) arm it for a second click. */
  function wire(down: PointerEvent, socket: SocketRef) {
    const armed = wiring.from();
    if (armed) {
      if (sameSocket(armed, socket)) wiring.cancel();
      else finishWire(socket);
      return;
    }
    wiring.start(socket, world(down));
    let last = down;
    const follow = () => wiring.track(world(last), dropSocket(under(last)));
    const frame = createFrameTask(follow);
    const edge = createEdgePan(ctx.el(), viewport, follow);
    abandonCurrent = followPointer(ctx.el(), down, {
      move({ event }) {
        last = event;
        frame.schedule();
        edge.track(event);
      },
      end({ event, dragged, cancelled }) {
        edge.stop();
        frame.cancel();
        abandonCurrent = undefined;
        if (cancelled) return wiring.cancel();
        if (!dragged) return askForEnd(socket);
        const target = dropSocket(under(event));
        if (target && !sameSocket(target, socket)) finishWire(target);
        else wiring.cancel();
      },
    });
  }

  let armedAt: PointerEvent | undefined;
  const trackArmed = createFrameTask(() => {
    if (armedAt) wiring.track(world(armedAt), dropSocket(under(armedAt)));
  });

  return {
    /** Dispatches a press on the canvas by what is under it. */
    down(event: PointerEvent, options: { pan: boolean }) {
      abandonCurrent?.();
      const target = event.target as Element;
      if (options.pan) return pan(event, false);
      if (event.button !== 0) return;
      const socket = socketAt(target);
      if (socket) return wire(event, socket);
      if (wiring.from()) {
        const end = dropSocket(target);
        if (end) finishWire(end);
        else wiring.cancel();
        return;
      }
      const toolId = target.closest<HTMLElement>(".tool-node")?.dataset.tool;
      if (toolId) return tool(event, toolId);
      // Wires are painted under the tools, so a press picks one only off every tool.
      const wireId = ctx.wireAt(ctx.local(event));
      if (wireId) return editor.selectWire(wireId);
      if (event.shiftKey || event.ctrlKey || event.metaKey) return box(event);
      pan(event, true);
    },
    /** A move with no button down: an armed wire follows the pointer. */
    hover(event: PointerEvent) {
      if (!wiring.from() || abandonCurrent) return;
      armedAt = event;
      trackArmed.schedule();
    },
    /** Enter or Space on a socket: arm it, or end the armed wire there. */
    socketKey(socket: SocketRef) {
      const armed = wiring.from();
      if (armed && sameSocket(armed, socket)) return wiring.cancel();
      if (armed) return finishWire(socket);
      const tool = editor.tool(socket.tool);
      wiring.start(socket, tool ? socketPoint(tool, socket.socket, socket.side) : { x: 0, y: 0 });
      askForEnd(socket);
    },
    /** Escape: ends a gesture or an armed wire; answers whether there was one. */
    abandon(): boolean {
      if (abandonCurrent) {
        abandonCurrent();
        wiring.cancel();
        return true;
      }
      if (wiring.from()) {
        wiring.cancel();
        ctx.say("");
        return true;
      }
      return false;
    },
  };
}
