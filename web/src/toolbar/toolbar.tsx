/** STUB: the Toolbar area of the designer (issue 8). */
export function Toolbar() {
  return <section class="area toolbar" data-testid="toolbar" aria-label="Toolbar" />;
}
