import { Show } from "solid-js";
import { loadText } from "./load-text";
import type { HubServer } from "./servers-api";

/** The load cell of a Server's row: the words (load-text.ts) and a thin bar of the share. */
export function ServerLoad(props: { server: HubServer }) {
  const capacity = () => props.server.capacity;
  const share = () => {
    const c = capacity();
    return c ? Math.min(1, props.server.running / c) : 0;
  };
  return (
    <span
      class="server-load"
      title="Requests running or waiting on the Server at its last poll, of its engine processes"
    >
      <span data-testid="server-load-text">{loadText(props.server.running, capacity())}</span>
      <Show when={capacity()}>
        <span class="server-load-bar" aria-hidden="true">
          <span style={{ width: `${Math.round(share() * 100)}%` }} />
        </span>
      </Show>
    </span>
  );
}
