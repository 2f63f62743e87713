import { eq } from "drizzle-orm";
import { newId } from "../../shared/ids";
import { createCapabilitiesService } from "../capabilities/service";
import type { HubDeps } from "../deps";
import type { SessionUser } from "../guards";
import { findRevision } from "../workflows/queries";
import { publishExecution } from "./events";
import * as queries from "./queries";
import { type ArtifactInput, connectionIdsOf, jsonArtifact, storeArtifacts, textArtifact } from "./run-artifacts";
import { RunLog } from "./run-log";
import { execute, generatedCode } from "./server-calls";
import type { ServerRunResult } from "./server-stream";

export type RunnerDeps = Pick<
  HubDeps,
  "database" | "audit" | "clock" | "logger" | "tokens" | "events" | "dataDir" | "executions" | "dispatchKey"
>;

/** Every 15 s a running execution's record is stamped (hub.md "Limits"). */
export const HEARTBEAT_MS = 15_000;

/** Why a runner stopped before its Server answered. */
type StopReason = "cancelled" | "shutdown" | "lost";

/**
 * Starts the asynchronous runner of an execution already inserted as `queued` (by
 * `POST /executions`, or a schedule's dispatcher). Returns at once; the runner owns the
 * record from here: it publishes `execution.created` (for a run of any origin, so a
 * dispatcher need not), then queued → running → succeeded | failed | cancelled, each move
 * published as `execution.updated`. Never throws: whatever goes wrong ends in the record.
 */
export function startExecution(deps: RunnerDeps, executionId: string): void {
  const { live } = deps.executions;
  if (live.has(executionId) || deps.executions.stopping) return;
  const abort = new AbortController();
  const done = run(deps, executionId, abort.signal)
    .catch((err: unknown) => deps.logger.error("execution runner failed", { execution_id: executionId, error: err }))
    .finally(() => live.delete(executionId));
  live.set(executionId, { abort, done });
}

async function run(deps: RunnerDeps, id: string, signal: AbortSignal): Promise<void> {
  const { database, clock, executions: runtime } = deps;
  const log = new RunLog(runtime.logMaxLines, clock);
  let row = await queries.findExecution(database, id);
  if (row?.status !== "queued") return;
  await publishExecution(deps.events, "execution.created", row, {
    revision: row.revision,
    schedule_id: row.scheduleId,
    scheduled_for: row.scheduledFor?.toISOString() ?? null,
  });
  const note = async (message: string) => {
    const line = log.add(message);
    if (line && row) await publishExecution(deps.events, "execution.log", row, { line });
  };

  const fail = async (from: queries.ExecutionRow["status"][], error: string) => {
    await finish(deps, id, from, { status: "failed", error });
  };
  /** A run that never reached a Server still leaves its log (why it did not start). */
  const failBeforeStart = async (error: string, content?: unknown) => {
    await note(`not started: ${error}`);
    const queued = row as queries.ExecutionRow;
    await saveTrace(deps, id, [], content === undefined ? [] : runArtifacts(queued, content), log);
    await fail(["queued"], error);
  };

  // The revision, the Server and its token: a run that cannot start fails with the reason.
  const revision = await findRevision(database, row.workflowId, row.revision);
  const user = row.userId ? await sessionUserOf(deps, row.userId) : undefined;
  if (!revision || !user) {
    await failBeforeStart(revision ? "The execution's user no longer exists" : `Revision ${row.revision} is gone`);
    return;
  }
  const content = JSON.parse(revision.content) as unknown;
  const capabilities = createCapabilitiesService(deps);
  let first: Awaited<ReturnType<typeof capabilities.issue>>;
  try {
    first = await capabilities.issue(user);
  } catch (err) {
    await failBeforeStart(err instanceof Error ? err.message : String(err), content);
    return;
  }
  const now = clock();
  row = await database.transaction((tx) =>
    queries.transition(tx, id, ["queued"], {
      status: "running",
      serverId: first.server_id,
      startedAt: now,
      heartbeatAt: now,
      hubInstanceId: runtime.instanceId,
    }),
  );
  if (!row) return; // cancelled (or failed by recovery) while it waited
  await publishExecution(deps.events, "execution.updated", row, { server_id: first.server_id });
  await note(`running on Server ${first.server_id} (${first.endpoint})`);

  // The heartbeat; a record that is no longer ours to run (cancelled elsewhere, failed by a
  // sweep) stops the runner at its next beat.
  let lost = false;
  const local = new AbortController();
  const stopOn = (reason: StopReason) => {
    if (!local.signal.aborted) local.abort(reason);
  };
  signal.addEventListener("abort", () => stopOn((signal.reason as StopReason) ?? "cancelled"), { once: true });
  if (signal.aborted) stopOn((signal.reason as StopReason) ?? "cancelled");
  const stopBeat = runtime.every(HEARTBEAT_MS, () => {
    queries
      .beat(database, id, runtime.instanceId, clock())
      .then((mine) => {
        if (!mine) {
          lost = true;
          stopOn("lost");
        }
      })
      .catch((err: unknown) => deps.logger.warn("execution heartbeat failed", { execution_id: id, error: err }));
  });

  const artifacts: ArtifactInput[] = [];
  const records: { kind: string; toolId: string | null; details: unknown }[] = [];
  try {
    const result = await execute(deps, first, content, local.signal, async (line) => {
      records.push({ kind: "tool", toolId: line.tool_id ?? null, details: line });
      if (line.event === "tool") {
        await note(`tool ${line.tool_id}: ${line.status}${line.rows === undefined ? "" : ` (${line.rows} rows)`}`);
        if (row)
          await publishExecution(deps.events, "execution.tool", row, {
            tool_id: line.tool_id,
            tool_status: line.status,
            duration_ms: line.duration_ms ?? null,
            rows: line.rows ?? null,
          });
      } else if (line.event === "written") await note(`tool ${line.tool_id} wrote ${line.path} (${line.rows} rows)`);
    });
    await note("the Server answered: success");
    artifacts.push(...resultArtifacts(result));
    const code = await generatedCode(deps, user, content, local.signal).catch((err: unknown) => {
      void note(`no generated code: ${err instanceof Error ? err.message : String(err)}`);
      return undefined;
    });
    if (code !== undefined) artifacts.push(textArtifact("code", "workflow.py", code, "text/x-python; charset=utf-8"));
    artifacts.push(...runArtifacts(row, content, result));
    await saveTrace(deps, id, records, artifacts, log);
    await finish(deps, id, ["running"], {
      status: "succeeded",
      result: JSON.stringify({ metrics: result.metrics, written: result.written }),
    });
  } catch (err) {
    const reason = local.signal.aborted ? ((local.signal.reason as StopReason) ?? "cancelled") : undefined;
    const message = reason ? stoppedMessage(reason) : err instanceof Error ? err.message : String(err);
    await note(`ended: ${message}`);
    artifacts.push(...runArtifacts(row, content));
    await saveTrace(deps, id, records, artifacts, log).catch(() => undefined);
    if (reason === "cancelled" || lost) return; // the cancel (or the other writer) closed the record
    await fail(["running"], message);
  } finally {
    stopBeat();
  }
}

const stoppedMessage = (reason: StopReason) =>
  reason === "shutdown"
    ? "The Hub shut down during the run; runs are not resumed"
    : reason === "lost"
      ? "The record was closed elsewhere during the run"
      : "Cancelled";

/** Moves the record to its final state (only from `from`) and says so on the stream and in the audit log. */
export async function finish(
  deps: Pick<RunnerDeps, "audit" | "clock" | "events">,
  id: string,
  from: queries.ExecutionRow["status"][],
  set: { status: "succeeded" | "failed" | "cancelled"; error?: string; result?: string },
  actor: { actorType: "user" | "system"; actorId: string | null } = { actorType: "system", actorId: null },
): Promise<queries.ExecutionRow | undefined> {
  const row = await deps.audit.write(async (tx, record) => {
    const moved = await queries.transition(tx, id, from, { ...set, finishedAt: deps.clock() });
    if (moved) {
      await record({
        ...actor,
        action: set.status === "cancelled" ? "execution.cancel" : "execution.finish",
        targetType: "execution",
        targetId: id,
        details: { status: set.status, error: set.error ?? null },
      });
    }
    return moved;
  });
  if (row) await publishExecution(deps.events, "execution.updated", row, { error: row.error });
  return row;
}

async function sessionUserOf(deps: RunnerDeps, userId: string): Promise<SessionUser | undefined> {
  const { users } = deps.database.t;
  const rows = await deps.database.db
    .select({ id: users.id, username: users.username, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0];
}

function resultArtifacts(result: ServerRunResult): ArtifactInput[] {
  return [
    jsonArtifact("preview", "previews.json", result.outputs),
    // The Server has no route that hands a written file over: what it wrote is kept as its
    // paths and row counts (docs/hub.md "Executions").
    jsonArtifact("output", "outputs.json", {
      files: result.written,
      content: "not stored: the Server offers no route to download a written file; it stays where the Server wrote it",
    }),
  ];
}

/** The plan and the connections of a run, whatever its end (ids only, never secrets). */
function runArtifacts(row: queries.ExecutionRow, content: unknown, result?: ServerRunResult): ArtifactInput[] {
  const tools = (content as { tools?: { id: string; type: string }[] }).tools ?? [];
  return [
    jsonArtifact("plan", "plan.json", {
      workflow_id: row.workflowId,
      revision: row.revision,
      tools: tools.map((t) => ({ id: t.id, type: t.type })),
      order: result?.metrics.tools?.map((t) => t.tool_id) ?? null,
    }),
    jsonArtifact("connections", "connections.json", { connection_ids: connectionIdsOf(content) }),
  ];
}

async function saveTrace(
  deps: RunnerDeps,
  id: string,
  records: { kind: string; toolId: string | null; details: unknown }[],
  artifacts: ArtifactInput[],
  log: RunLog,
): Promise<void> {
  const withLog = [...artifacts, textArtifact("log", "run.log", log.text())];
  const byKind = new Map(withLog.map((a) => [a.kind, a]));
  const entries = [
    ...records,
    ...(["code", "plan", "connections"] as const).flatMap((kind) => {
      const artifact = byKind.get(kind);
      if (!artifact) return [];
      const text = new TextDecoder().decode(artifact.bytes);
      return [
        {
          kind: kind === "connections" ? "connection" : kind,
          toolId: null,
          details: kind === "code" ? { code: text } : JSON.parse(text),
        },
      ];
    }),
    { kind: "log", toolId: null, details: { text: log.text() } },
  ];
  const at = deps.clock();
  await deps.database.transaction(async (tx) => {
    for (const entry of entries) {
      await queries.insertRecord(tx, {
        id: newId(),
        executionId: id,
        kind: entry.kind,
        toolId: entry.toolId,
        details: JSON.stringify(entry.details),
        createdAt: at,
      });
    }
  });
  await storeArtifacts(
    { database: deps.database, clock: deps.clock, dataDir: deps.dataDir, maxBytes: deps.executions.artifactMaxBytes },
    id,
    withLog,
  );
}
