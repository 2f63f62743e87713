import { type Accessor, createSignal } from "solid-js";
import type { HubClient } from "../../lib/hub-api";
import type { HubWorkflowDetail } from "../../lib/hub-types";

/**
 * The names of workflows a list refers to by id (a schedule, a run): asked of the Hub once per
 * id while the page lives, since its lists carry ids only. A workflow the person may not read
 * (or one deleted) reads as such instead of an id.
 */
export function createWorkflowNames(hub: Pick<HubClient, "request">): (id: string) => string | undefined {
  const known = new Map<string, Accessor<string | undefined>>();
  return (id) => {
    let name = known.get(id);
    if (!name) {
      const [get, set] = createSignal<string>();
      hub.request<HubWorkflowDetail>("GET", `/workflows/${encodeURIComponent(id)}`).then(
        (w) => set(w.name),
        () => set("A workflow you cannot open"),
      );
      known.set(id, get);
      name = get;
    }
    return name();
  };
}
