import { and, eq, inArray } from "drizzle-orm";
import type { HubDeps } from "../deps";
import { finish } from "./runner";

/** How long shutdown waits for its runners to close their records themselves. */
export const SHUTDOWN_WAIT_MS = 5_000;

const MESSAGE = "The Hub shut down during the run; runs are not resumed";

/**
 * Cancels this process's runners (their Server requests are aborted) and closes their
 * records as failed: each runner closes its own; whatever is still open after the wait
 * (a runner stuck, a queued record of ours) is closed here. No runner starts after it.
 */
export async function stopExecutions(
  deps: Pick<HubDeps, "database" | "audit" | "clock" | "events" | "executions">,
): Promise<void> {
  const runtime = deps.executions;
  runtime.stopping = true;
  const runners = [...runtime.live.entries()];
  for (const [, runner] of runners) runner.abort.abort("shutdown");
  let timer: Timer | undefined;
  await Promise.race([
    Promise.all(runners.map(([, r]) => r.done)),
    new Promise((resolve) => {
      timer = setTimeout(resolve, SHUTDOWN_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
  const { executions: e } = deps.database.t;
  const open = await deps.database.db
    .select({ id: e.id })
    .from(e)
    .where(and(eq(e.hubInstanceId, runtime.instanceId), inArray(e.status, ["queued", "running"])));
  const ids = new Set([...runners.map(([id]) => id), ...open.map((r) => r.id)]);
  for (const id of ids) await finish(deps, id, ["queued", "running"], { status: "failed", error: MESSAGE });
}
