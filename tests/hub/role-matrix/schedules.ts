import { newId } from "../../../src/shared/ids";
import { createAccount, type HubTestApp, type TestAccount } from "../../helpers/api-scenario";
import { requestWithToken, smallWorkflow } from "../../helpers/hub-workflows";
import type { MatrixRequest, RoleMatrixArea } from "./types";

/** A user who is none of the matrix's callers, one per Hub: the owner of `{theirs}`. */
const strangers = new WeakMap<HubTestApp, Promise<TestAccount>>();
function stranger(hub: HubTestApp): Promise<TestAccount> {
  let account = strangers.get(hub);
  if (!account) {
    account = createAccount(hub.deps, "user", `sched-stranger-${newId().slice(-8)}`);
    strangers.set(hub, account);
  }
  return account;
}

async function made(res: Response, what: string): Promise<string> {
  if (res.status !== 201) throw new Error(`matrix fixture: ${what} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

const newWorkflow = async (hub: HubTestApp, token: string) =>
  made(
    await requestWithToken(hub, token, "POST", "/workflows", { name: `sched ${newId()}`, content: smallWorkflow() }),
    "workflow create",
  );

const newSchedule = async (hub: HubTestApp, token: string) =>
  made(
    await requestWithToken(hub, token, "POST", "/schedules", {
      workflow_id: await newWorkflow(hub, token),
      cron: "0 0 * * *",
    }),
    "schedule create",
  );

/** The caller's own fresh account (for anonymous, the harness's `user` account). */
const own = (hub: HubTestApp, request: MatrixRequest) => (request.account ?? hub.accounts.user).token;

const all = (status: number) => ({ owner: status, admin: status, auditor: status, user: status, anonymous: 401 });

/**
 * The schedules area (docs/hub.md "Schedules" mirrors it). A schedule is its owner's: each
 * route is called on one of the caller's own (`{mine}`) and on another user's (`{theirs}`).
 * Role user never sees another's (404); auditors read all but change none (403); admins
 * change, switch, trigger and delete any. Making one needs the right to run the workflow
 * (its owner, or an admin): `{myflow}` is the caller's workflow, `{theirflow}` another's.
 */
export const schedulesMatrix: RoleMatrixArea = {
  heading: "Schedules",
  placeholders: {
    mine: (hub, request) => newSchedule(hub, own(hub, request)),
    theirs: async (hub) => newSchedule(hub, (await stranger(hub)).token),
    myflow: (hub, request) => newWorkflow(hub, own(hub, request)),
    theirflow: async (hub) => newWorkflow(hub, (await stranger(hub)).token),
  },
  rows: [
    { method: "GET", path: "/schedules", expect: all(200) },
    {
      method: "POST",
      path: "/schedules",
      note: "own workflow",
      body: { workflow_id: "{myflow}", cron: "0 6 * * *" },
      expect: all(201),
    },
    {
      method: "POST",
      path: "/schedules",
      note: "another's workflow",
      body: { workflow_id: "{theirflow}", cron: "0 6 * * *" },
      expect: { ...all(201), auditor: 403, user: 404 },
    },
    { method: "GET", path: "/schedules/{mine}", expect: all(200) },
    { method: "GET", path: "/schedules/{theirs}", expect: { ...all(200), user: 404 } },
    { method: "PATCH", path: "/schedules/{mine}", body: { name: "n {unique}" }, expect: all(200) },
    {
      method: "PATCH",
      path: "/schedules/{theirs}",
      body: { name: "n {unique}" },
      expect: { ...all(200), auditor: 403, user: 404 },
    },
    { method: "DELETE", path: "/schedules/{mine}", expect: all(204) },
    { method: "DELETE", path: "/schedules/{theirs}", expect: { ...all(204), auditor: 403, user: 404 } },
    { method: "POST", path: "/schedules/{mine}/toggle", expect: all(200) },
    { method: "POST", path: "/schedules/{theirs}/toggle", expect: { ...all(200), auditor: 403, user: 404 } },
    { method: "POST", path: "/schedules/{mine}/trigger", expect: all(201) },
    { method: "POST", path: "/schedules/{theirs}/trigger", expect: { ...all(201), auditor: 403, user: 404 } },
  ],
};
