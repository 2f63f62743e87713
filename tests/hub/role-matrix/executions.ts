import { listArtifacts } from "../../../src/hub/executions/queries";
import { jsonArtifact, storeArtifacts } from "../../../src/hub/executions/run-artifacts";
import { newId } from "../../../src/shared/ids";
import { createAccount, type HubTestApp, type TestAccount } from "../../helpers/api-scenario";
import { requestWithToken, smallWorkflow } from "../../helpers/hub-workflows";
import type { MatrixRequest, RoleMatrixArea } from "./types";

const strangers = new WeakMap<HubTestApp, Promise<TestAccount>>();
function stranger(hub: HubTestApp): Promise<TestAccount> {
  let account = strangers.get(hub);
  if (!account) {
    account = createAccount(hub.deps, "user", `run-stranger-${newId().slice(-8)}`);
    strangers.set(hub, account);
  }
  return account;
}

/** The artifact of the run made last for each Hub (`{artifact}` follows `{mine}` in a path). */
const lastArtifact = new WeakMap<HubTestApp, string>();

async function newWorkflow(hub: HubTestApp, token: string): Promise<string> {
  const res = await requestWithToken(hub, token, "POST", "/workflows", {
    name: `matrix run ${newId()}`,
    content: smallWorkflow(),
  });
  if (res.status !== 201) throw new Error(`matrix fixture: workflow create answered ${res.status}`);
  return ((await res.json()) as { id: string }).id;
}

/**
 * A queued execution of `account` with one artifact, inserted as a Hub's POST leaves it but
 * with no runner (so it stays queued: a cancel finds it open).
 */
async function queuedRun(hub: HubTestApp, account: TestAccount): Promise<string> {
  const workflowId = await newWorkflow(hub, account.token);
  const id = newId();
  const now = hub.deps.clock();
  await hub.deps.database.transaction((tx) =>
    tx.db.insert(tx.t.executions).values({
      id,
      workflowId,
      revision: 1,
      userId: account.user.id,
      status: "queued",
      createdAt: now,
      heartbeatAt: now,
    }),
  );
  const sink = { database: hub.deps.database, clock: hub.deps.clock, dataDir: hub.deps.dataDir, maxBytes: 1 << 20 };
  await storeArtifacts(sink, id, [jsonArtifact("plan", "plan.json", { matrix: true })]);
  const [artifact] = await listArtifacts(hub.deps.database, id);
  lastArtifact.set(hub, artifact?.id as string);
  return id;
}

/** The caller's own fresh account (for anonymous, the harness's `user` account). */
const callerAccount = (hub: HubTestApp, request: MatrixRequest) => request.account ?? hub.accounts.user;
const all = (status: number) => ({ owner: status, admin: status, auditor: status, user: status, anonymous: 401 });
const auditorsOnly = { ...all(200), user: 403 };

/**
 * The executions area (docs/hub.md "Executions" mirrors it). Each route is called on one of
 * the caller's own runs (`{mine}`) and on another user's (`{theirs}`): role user never sees
 * another's (404, as for a missing id); auditors and above read every run; the owner of a run
 * or an admin cancels it; the record, code, plans, connections and logs views are auditors'.
 * `GET /executions/stream` answers a stream that never ends: read its status, then cancel it.
 */
export const executionsMatrix: RoleMatrixArea = {
  heading: "Executions",
  placeholders: {
    /** A workflow the caller owns (for anonymous, the `user` account's). */
    workflow: (hub, request) => newWorkflow(hub, callerAccount(hub, request).token),
    /** A queued run of the caller's (for anonymous, the `user` account's). */
    mine: (hub, request) => queuedRun(hub, callerAccount(hub, request)),
    /** A queued run of a user who is none of the callers. */
    theirs: async (hub) => queuedRun(hub, await stranger(hub)),
    /** The artifact of the run the same path made just before. */
    artifact: async (hub) => lastArtifact.get(hub) as string,
  },
  rows: [
    { method: "POST", path: "/executions", body: { workflow_id: "{workflow}" }, expect: all(201) },
    { method: "GET", path: "/executions", expect: all(200) },
    { method: "GET", path: "/executions/stream", expect: all(200) },
    { method: "GET", path: "/executions/{mine}", expect: all(200) },
    { method: "GET", path: "/executions/{theirs}", expect: { ...all(200), user: 404 } },
    { method: "POST", path: "/executions/{mine}/cancel", expect: all(200) },
    { method: "POST", path: "/executions/{theirs}/cancel", expect: { ...all(200), auditor: 403, user: 404 } },
    { method: "GET", path: "/executions/{mine}/artifacts", expect: all(200) },
    { method: "GET", path: "/executions/{theirs}/artifacts", expect: { ...all(200), user: 404 } },
    { method: "GET", path: "/executions/{mine}/artifacts/{artifact}", expect: all(200) },
    { method: "GET", path: "/executions/{theirs}/artifacts/{artifact}", expect: { ...all(200), user: 404 } },
    { method: "GET", path: "/executions/{mine}/record", expect: auditorsOnly },
    { method: "GET", path: "/executions/{theirs}/code", expect: auditorsOnly },
    { method: "GET", path: "/executions/{theirs}/plans", expect: auditorsOnly },
    { method: "GET", path: "/executions/{theirs}/connections", expect: auditorsOnly },
    { method: "GET", path: "/executions/{mine}/logs", expect: auditorsOnly },
  ],
};
