import { createMemo, createResource, createSignal, For, Match, Show, Switch } from "solid-js";
import type { PreviewData } from "../../lib/api";
import type { HubClient } from "../../lib/hub-api";
import { PreviewGrid } from "../../results/preview-grid";
import { artifactBlob, type ExecutionArtifact } from "./executions-api";

/** As tall as the rows (head 40 px, 24 px a row, a scroll bar), up to 20 rem: then the grid scrolls. */
const gridHeight = (rows: number) => `min(20rem, ${40 + rows * 24 + 18}px)`;

/** The Server's previews of a run as the Hub stores them (`previews.json`): tool → socket → rows. */
type RunPreviews = Record<string, Record<string, PreviewData>>;

/**
 * The run's result previews, one tool's socket at a time, in the designer's own grid
 * (results/preview-grid.tsx): the same columns, types, nulls and copying as while designing.
 */
export function ExecutionPreviews(props: { hub: HubClient; executionId: string; artifact: ExecutionArtifact }) {
  const [previews] = createResource(
    () => props.artifact.id,
    async (id) => JSON.parse(await (await artifactBlob(props.hub, props.executionId, id)).text()) as RunPreviews,
  );
  const choices = createMemo(() =>
    Object.entries(previews() ?? {}).flatMap(([tool, sockets]) =>
      Object.keys(sockets).map((socket) => ({ key: `${tool}/${socket}`, tool, socket })),
    ),
  );
  const [picked, setPicked] = createSignal<string>();
  const current = () => choices().find((c) => c.key === picked()) ?? choices()[0];
  const data = () => {
    const c = current();
    return c ? previews()?.[c.tool]?.[c.socket] : undefined;
  };
  return (
    <Switch>
      <Match when={previews.error}>
        <p class="hub-page-error" role="alert">
          Could not read the previews: {(previews.error as Error).message}
        </p>
      </Match>
      <Match when={previews.loading}>
        <p class="runs-note" aria-live="polite">
          Loading previews…
        </p>
      </Match>
      <Match when={choices().length === 0}>
        <p class="runs-note" data-testid="execution-previews-empty">
          The run answered no previews.
        </p>
      </Match>
      <Match when={data()}>
        {(preview) => (
          <div class="runs-previews" data-testid="execution-previews">
            <fieldset class="runs-preview-tabs">
              <legend class="visually-hidden">Previews by tool and socket</legend>
              <For each={choices()}>
                {(c) => (
                  <button
                    type="button"
                    data-testid="execution-preview-tab"
                    aria-pressed={c.key === current()?.key}
                    onClick={() => setPicked(c.key)}
                  >
                    {c.tool} · {c.socket}
                  </button>
                )}
              </For>
              <span class="runs-note" data-testid="execution-preview-count">
                {preview().row_count.toLocaleString("en")} {preview().row_count === 1 ? "row" : "rows"}
                {preview().has_more ? " shown, more in the data" : ""}
              </span>
            </fieldset>
            <div class="runs-grid" style={{ height: gridHeight(preview().data.length) }}>
              <Show when={current()} keyed>
                {(c) => <PreviewGrid preview={preview()} label={`Preview of ${c.tool}, socket ${c.socket}`} />}
              </Show>
            </div>
          </div>
        )}
      </Match>
    </Switch>
  );
}
