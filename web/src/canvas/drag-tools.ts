import type { Editor } from "../state/editor";
import { createEdgePan } from "./edge-pan";
import { createFrameTask } from "./frame";
import { followPointer } from "./pointer-gesture";
import type { Viewport } from "./viewport";

let gestures = 0;

/**
 * Drags tools `ids` with the pointer: the store changes once per animation frame (not per
 * pointer event), and the whole drag is one undo step (one gesture id). `done(dragged)`
 * is called at the end; a cancelled drag puts the tools back. Near an edge of the canvas the
 * view moves on and the tools with it (edge-pan.ts).
 */
export function dragTools(
  editor: Editor,
  viewport: Viewport,
  el: HTMLElement,
  down: PointerEvent,
  ids: readonly string[],
  done: (dragged: boolean) => void,
): () => void {
  const gesture = `drag-${++gestures}`;
  const start = viewport.view();
  let applied = { x: 0, y: 0 };
  let target = { x: 0, y: 0 };
  let pointer = { dx: 0, dy: 0 };
  // The tools follow the pointer's world point: its screen movement less the view's.
  const aim = () => {
    const v = viewport.view();
    target = {
      x: Math.round((pointer.dx - (v.x - start.x)) / v.k),
      y: Math.round((pointer.dy - (v.y - start.y)) / v.k),
    };
  };
  const apply = () => {
    const dx = target.x - applied.x;
    const dy = target.y - applied.y;
    if (dx === 0 && dy === 0) return;
    editor.moveTools(ids, dx, dy, gesture);
    applied = target;
  };
  const frame = createFrameTask(apply);
  const edge = createEdgePan(el, viewport, () => {
    aim();
    apply();
  });
  return followPointer(el, down, {
    move({ dx, dy, event }) {
      pointer = { dx, dy };
      aim();
      frame.schedule();
      edge.track(event);
    },
    end({ dragged, cancelled }) {
      edge.stop();
      if (cancelled) {
        frame.cancel();
        target = { x: 0, y: 0 };
      }
      apply();
      done(dragged && !cancelled);
    },
  });
}
