/** STUB: the Palette area of the designer (issue 8). */
export function Palette() {
  return <section class="area palette" data-testid="palette" aria-label="Palette" />;
}
