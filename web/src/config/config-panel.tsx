/** STUB: the ConfigPanel area of the designer (issue 8). */
export function ConfigPanel() {
  return <section class="area config-panel" data-testid="config-panel" aria-label="ConfigPanel" />;
}
