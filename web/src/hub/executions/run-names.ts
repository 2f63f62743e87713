import { roleAtLeast } from "../../../../src/shared/roles";
import type { HubAccount } from "../hub-account";
import type { HubWorkspace } from "../hub-workspace";
import { createNameCache } from "./name-cache";

/**
 * How a run's workflow and person are named on screen. A user sees only their own runs
 * ("You"); auditors and above may read every account, so they see usernames. Whoever cannot
 * be named (a deleted account, an answer not there yet) gets a short form of the id.
 */
export function createRunNames(workspace: HubWorkspace, account: HubAccount | undefined) {
  const workflows = createNameCache(
    async (id) => (await workspace.hub.request<{ name: string }>("GET", `/workflows/${encodeURIComponent(id)}`)).name,
  );
  const users = createNameCache(
    async (id) =>
      (await workspace.hub.request<{ username: string }>("GET", `/users/${encodeURIComponent(id)}`)).username,
  );
  const short = (id: string) => (id.length > 10 ? `${id.slice(0, 8)}…` : id);
  return {
    workflow: (id: string) => workflows.name(id) ?? `Workflow ${short(id)}`,
    user(id: string | null): string {
      const me = account?.user();
      if (id === null) return "(deleted account)";
      if (id === me?.id) return "You";
      if (!me || !roleAtLeast(me.role, "auditor")) return `User ${short(id)}`;
      return users.name(id) ?? `User ${short(id)}`;
    },
  };
}
export type RunNames = ReturnType<typeof createRunNames>;
