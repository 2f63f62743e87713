import { createSignal } from "solid-js";

/**
 * Names of things a list shows by id (a run's workflow, its user): each id is asked once,
 * when first shown, and the answer kept for the page's life. A list of 50 runs of a few
 * workflows costs a few requests, not one per row. Until the answer, and when the Hub says
 * no (a deleted workflow, a role that may not read users), `name` answers undefined.
 */
export function createNameCache(lookup: (id: string) => Promise<string>) {
  const [names, setNames] = createSignal<ReadonlyMap<string, string>>(new Map());
  const asked = new Set<string>();
  return {
    name(id: string): string | undefined {
      if (!asked.has(id)) {
        asked.add(id);
        lookup(id).then(
          (name) => setNames((known) => new Map(known).set(id, name)),
          () => undefined, // the caller shows its fallback; the list stays whole
        );
      }
      return names().get(id);
    },
  };
}
