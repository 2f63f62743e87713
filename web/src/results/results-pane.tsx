/** STUB: the ResultsPane area of the designer (issue 8). */
export function ResultsPane() {
  return <section class="area results-pane" data-testid="results-pane" aria-label="ResultsPane" />;
}
