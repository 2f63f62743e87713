/**
 * Runs `fn` at most once per animation frame however often `schedule` is called: pointer
 * events come faster than frames, and the store should change once per frame while dragging.
 */
export function createFrameTask(fn: () => void) {
  let handle: number | undefined;
  const run = () => {
    handle = undefined;
    fn();
  };
  return {
    schedule() {
      if (handle === undefined) handle = requestAnimationFrame(run);
    },
    /** Runs now what is pending (at the end of a gesture). */
    flush() {
      if (handle === undefined) return;
      cancelAnimationFrame(handle);
      run();
    },
    cancel() {
      if (handle !== undefined) cancelAnimationFrame(handle);
      handle = undefined;
    },
  };
}
