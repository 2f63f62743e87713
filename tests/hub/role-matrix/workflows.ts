import { newId } from "../../../src/shared/ids";
import { createAccount, type HubTestApp, type TestAccount } from "../../helpers/api-scenario";
import { requestWithToken, smallWorkflow } from "../../helpers/hub-workflows";
import type { RoleMatrixArea } from "./types";

/** A user who is none of the matrix's callers, one per Hub: the owner of `{theirs}`. */
const strangers = new WeakMap<HubTestApp, Promise<TestAccount>>();
function stranger(hub: HubTestApp): Promise<TestAccount> {
  let account = strangers.get(hub);
  if (!account) {
    account = createAccount(hub.deps, "user", `stranger-${newId().slice(-8)}`);
    strangers.set(hub, account);
  }
  return account;
}

async function newWorkflow(hub: HubTestApp, token: string): Promise<string> {
  const res = await requestWithToken(hub, token, "POST", "/workflows", {
    name: `matrix ${newId()}`,
    content: smallWorkflow(),
  });
  if (res.status !== 201) throw new Error(`matrix fixture: create answered ${res.status}`);
  return ((await res.json()) as { id: string }).id;
}

const all = (status: number) => ({ owner: status, admin: status, auditor: status, user: status, anonymous: 401 });
const edited = () => ({ content: smallWorkflow("matrix-{unique}"), message: "matrix" });

/**
 * The workflows area (docs/hub.md "Workflows" mirrors it). Who may do what depends on who owns
 * the workflow, so each route is called on one of the caller's own (`{mine}`) and on another
 * user's (`{theirs}`): role user never sees another's (404, as for a missing id); auditors
 * read every workflow; admins rename, hand on and delete any; content is its owner's alone.
 */
export const workflowsMatrix: RoleMatrixArea = {
  heading: "Workflows",
  placeholders: {
    /** A workflow the caller owns (for anonymous, the `user` account's). */
    mine: (hub, { account }) => newWorkflow(hub, (account ?? hub.accounts.user).token),
    /** A workflow of a user who is none of the callers. */
    theirs: async (hub) => newWorkflow(hub, (await stranger(hub)).token),
    /** Another user's id, to hand a workflow to. */
    someone: async (hub) => (await stranger(hub)).user.id,
  },
  rows: [
    { method: "GET", path: "/workflows", expect: all(200) },
    { method: "POST", path: "/workflows", body: { name: "m {unique}", content: smallWorkflow() }, expect: all(201) },
    { method: "GET", path: "/workflows/{mine}", expect: all(200) },
    { method: "GET", path: "/workflows/{theirs}", expect: { ...all(200), user: 404 } },
    { method: "PATCH", path: "/workflows/{mine}", body: { name: "r {unique}" }, note: "rename", expect: all(200) },
    {
      method: "PATCH",
      path: "/workflows/{theirs}",
      body: { name: "r {unique}" },
      note: "rename",
      expect: { ...all(200), auditor: 403, user: 404 },
    },
    {
      method: "PATCH",
      path: "/workflows/{mine}",
      body: { owner_id: "{someone}" },
      note: "hand on",
      expect: { ...all(200), auditor: 403, user: 403 },
    },
    { method: "DELETE", path: "/workflows/{mine}", expect: all(204) },
    { method: "DELETE", path: "/workflows/{theirs}", expect: { ...all(204), auditor: 403, user: 404 } },
    { method: "PUT", path: "/workflows/{mine}/content", body: edited(), expect: all(200) },
    { method: "PUT", path: "/workflows/{theirs}/content", body: edited(), expect: { ...all(403), user: 404 } },
    { method: "GET", path: "/workflows/{theirs}/revisions", expect: { ...all(200), user: 404 } },
    { method: "GET", path: "/workflows/{theirs}/revisions/1", expect: { ...all(200), user: 404 } },
    { method: "POST", path: "/workflows/{mine}/revisions/1/restore", expect: all(200) },
    { method: "POST", path: "/workflows/{theirs}/revisions/1/restore", expect: { ...all(403), user: 404 } },
    { method: "GET", path: "/workflows/{theirs}/diff?from=1&to=1", expect: { ...all(200), user: 404 } },
    { method: "GET", path: "/workflows/{theirs}/download", expect: { ...all(200), user: 404 } },
  ],
};
