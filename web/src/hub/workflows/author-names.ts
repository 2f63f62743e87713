import { createSignal } from "solid-js";
import { roleAtLeast } from "../../../../src/shared/roles";
import type { HubClient } from "../../lib/hub-api";
import type { HubUser } from "../../lib/hub-types";

/**
 * Who made a revision, in words: "You", a username (auditors and above may read accounts:
 * each asked once), "Another user" for a person who may not, "A deleted account" when the
 * Hub no longer knows them. Reactive: a name shows when its answer arrives.
 */
export function createAuthorNames(hub: HubClient, me: () => HubUser | undefined) {
  const [names, setNames] = createSignal<ReadonlyMap<string, string>>(new Map());
  const asked = new Set<string>();
  const remember = (id: string, name: string) => setNames((old) => new Map(old).set(id, name));

  const ask = (id: string) => {
    if (asked.has(id)) return;
    asked.add(id);
    hub.request<HubUser>("GET", `/users/${encodeURIComponent(id)}`).then(
      (user) => remember(id, user.username),
      // Deleted since, or not to be read: the revision still says someone else made it.
      () => remember(id, "Another user"),
    );
  };

  return (authorId: string | null): string => {
    if (authorId === null) return "A deleted account";
    const user = me();
    if (authorId === user?.id) return "You";
    if (!user || !roleAtLeast(user.role, "auditor")) return "Another user";
    const known = names().get(authorId);
    if (known !== undefined) return known;
    ask(authorId);
    return "…";
  };
}
