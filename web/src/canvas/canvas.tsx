/** STUB: the Canvas area of the designer (issue 8). */
export function Canvas() {
  return <section class="area canvas" data-testid="canvas" aria-label="Canvas" />;
}
