import { createEffect, createResource, createSignal, For, Show } from "solid-js";
import type { HubClient } from "../../lib/hub-api";
import { listWorkflowPage } from "./schedules-api";

/** How many workflows the picker offers at once: typing narrows them on the Hub. */
const PICK_LIMIT = 50;

/**
 * Picks the Hub workflow a new schedule runs: only those the person may run (their own; any
 * for admins and above, as the Hub allows), found by name on the Hub so thousands stay one
 * request's work.
 */
export function WorkflowPicker(props: {
  hub: Pick<HubClient, "request">;
  /** Whose workflows to offer; undefined: every one the person may read (admins). */
  ownerId: string | undefined;
  value: string;
  onPick: (id: string) => void;
}) {
  const [name, setName] = createSignal("");
  const [list] = createResource(
    () => ({ name: name().trim() || undefined, owner_id: props.ownerId }),
    (q) => listWorkflowPage(props.hub, { ...q, limit: PICK_LIMIT }),
  );
  const options = () => list.latest?.workflows ?? [];
  // The first match is picked as a list arrives, so the form never holds a workflow it does not show.
  createEffect(() => {
    const first = options()[0];
    if (first && !options().some((w) => w.id === props.value)) props.onPick(first.id);
  });

  return (
    <div class="workflow-picker">
      <label class="cron-field">
        <span>Workflow</span>
        <input
          type="search"
          data-testid="schedule-workflow-search"
          placeholder="Find a workflow by name"
          value={name()}
          onInput={(e) => setName(e.currentTarget.value)}
        />
      </label>
      <select
        data-testid="schedule-workflow"
        aria-label="Workflow to run"
        onChange={(e) => props.onPick(e.currentTarget.value)}
      >
        <For each={options()}>
          {(w) => (
            <option value={w.id} selected={w.id === props.value}>
              {w.name}
            </option>
          )}
        </For>
      </select>
      <Show when={list.latest && list.latest.workflows.length === 0}>
        <p class="cron-problem" data-testid="schedule-workflow-none">
          {name().trim()
            ? `None of your workflows is named like “${name().trim()}”.`
            : "You have no workflow to schedule yet: save one from the Designer first."}
        </p>
      </Show>
      <Show when={list.error}>
        <p class="cron-problem" role="alert">
          The Hub did not answer with the workflows: {(list.error as Error).message}
        </p>
      </Show>
    </div>
  );
}
