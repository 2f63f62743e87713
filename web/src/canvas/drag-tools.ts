import type { Editor } from "../state/editor";
import { createFrameTask } from "./frame";
import { followPointer } from "./pointer-gesture";
import type { Viewport } from "./viewport";

let gestures = 0;

/**
 * Drags tools `ids` with the pointer: the store changes once per animation frame (not per
 * pointer event), and the whole drag is one undo step (one gesture id). `done(dragged)`
 * is called at the end; a cancelled drag puts the tools back.
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
  const k = viewport.view().k;
  let applied = { x: 0, y: 0 };
  let target = { x: 0, y: 0 };
  const apply = () => {
    const dx = target.x - applied.x;
    const dy = target.y - applied.y;
    if (dx === 0 && dy === 0) return;
    editor.moveTools(ids, dx, dy, gesture);
    applied = target;
  };
  const frame = createFrameTask(apply);
  return followPointer(el, down, {
    move({ dx, dy }) {
      target = { x: Math.round(dx / k), y: Math.round(dy / k) };
      frame.schedule();
    },
    end({ dragged, cancelled }) {
      if (cancelled) {
        frame.cancel();
        target = { x: 0, y: 0 };
      }
      apply();
      done(dragged && !cancelled);
    },
  });
}
