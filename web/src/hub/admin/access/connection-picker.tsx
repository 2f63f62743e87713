import { createResource, createSignal, createUniqueId, For, Match, Switch } from "solid-js";
import type { HubClient } from "../../../lib/hub-api";
import { KINDS, kindOf, whereText } from "./connection-kinds";
import { listConnections } from "./connections-api";

/** How many matches the picker offers at once (the Hub searches; the rest are a narrower search away). */
const PICKER_SIZE = 8;

/**
 * Adds a connection to a grant group: a search by name on the Hub, its first matches (less
 * those already held) each with an Add button. Buttons, so the keyboard reaches each.
 */
export function ConnectionPicker(props: {
  hub: HubClient;
  /** Ids already in the grant group: not offered again. */
  held: string[];
  onAdd: (connectionId: string) => Promise<void>;
}) {
  const id = createUniqueId();
  const [name, setName] = createSignal("");
  const [adding, setAdding] = createSignal<string>();
  const [error, setError] = createSignal<string>();
  const [found] = createResource(
    () => name().trim(),
    // Enough that PICKER_SIZE remain once the held ones are left out (the Hub answers 500 at most).
    (text) =>
      listConnections(props.hub, {
        name: text || undefined,
        limit: Math.min(500, PICKER_SIZE + props.held.length),
        offset: 0,
      }),
  );
  const offered = () =>
    (found.latest?.connections ?? []).filter((c) => !props.held.includes(c.id)).slice(0, PICKER_SIZE);
  const add = async (connectionId: string) => {
    setAdding(connectionId);
    setError(undefined);
    try {
      await props.onAdd(connectionId);
    } catch (err) {
      setError(`Not added: ${(err as Error).message}`);
    } finally {
      setAdding(undefined);
    }
  };
  return (
    <div class="access-picker" data-testid="connection-picker">
      <label for={`${id}-search`}>Add a connection</label>
      <input
        id={`${id}-search`}
        type="search"
        data-testid="connection-picker-search"
        placeholder="Search connections by name"
        value={name()}
        onInput={(e) => setName(e.currentTarget.value)}
      />
      <Switch>
        <Match when={found.error}>
          <p class="hub-page-error" role="alert">
            The Hub did not answer with connections: {(found.error as Error).message}
          </p>
        </Match>
        <Match when={!found.latest}>
          <p class="access-muted" aria-live="polite">
            Searching…
          </p>
        </Match>
        <Match when={offered().length === 0}>
          <p class="access-muted" data-testid="connection-picker-none">
            {name().trim()
              ? "No other connection's name contains this."
              : "Every connection is in this grant group already."}
          </p>
        </Match>
        <Match when={offered().length > 0}>
          <ul class="access-list" aria-busy={found.loading}>
            <For each={offered()}>
              {(c) => (
                <li data-testid="connection-picker-option" data-connection-id={c.id}>
                  <button
                    type="button"
                    data-testid="connection-picker-add"
                    disabled={adding() !== undefined}
                    aria-busy={adding() === c.id}
                    aria-label={`Add ${c.name}`}
                    onClick={() => void add(c.id)}
                  >
                    Add
                  </button>{" "}
                  <strong>{c.name}</strong>{" "}
                  <span class="access-muted">
                    {KINDS[kindOf(c)].label} · {whereText(c)}
                  </span>
                </li>
              )}
            </For>
          </ul>
        </Match>
      </Switch>
      <p class="hub-page-error" role="alert" hidden={!error()} data-testid="connection-picker-error">
        {error()}
      </p>
    </div>
  );
}
