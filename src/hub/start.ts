import { join } from "node:path";
import { openDatabase } from "../db/client";
import { DatabaseTooNewError, migrateDatabase } from "../db/migrate";
import type { Clock } from "../shared/clock";
import type { Logger } from "../shared/logger";
import { StartupError } from "../shared/startup-error";
import { createHubApp } from "./app";
import { startBackgroundTasks } from "./background/index";
import { createServerPoller } from "./background/server-poller";
import type { HubConfig } from "./config";
import { buildHubDeps, type HubDeps } from "./deps";
import type { EventBroker } from "./events/broker";
import { createPgBroker } from "./events/pg-broker";
import { stopExecutions } from "./executions/shutdown";
import { acquireReplicaLock } from "./replica-lock";

export interface StartHubDeps {
  logger: Logger;
  dataDir: string;
  clock?: Clock;
}

/** A started Hub: its routes (mounted under /api/v1 by the caller), its deps, and its stop. */
export interface RunningHub {
  app: ReturnType<typeof createHubApp>;
  deps: HubDeps;
  /** Polls the Servers that are due now, without waiting for the poller's next tick. */
  pollServers(): Promise<void>;
  /** Stops the background tasks, cancels the runners (closing their records), then closes the database. */
  stop(): Promise<void>;
}

/**
 * Opens the Hub's database, applies its migrations (inside a lock; a database from a newer
 * Weft refuses, see migrateDatabase), wires the services and the route index, and starts
 * the background tasks.
 */
export async function startHub(config: HubConfig, { logger, dataDir, clock }: StartHubDeps): Promise<RunningHub> {
  const db = openDatabase(config.databaseUrl);
  try {
    await migrateDatabase(db, join(dataDir, "tmp"));
  } catch (err) {
    await db.close();
    throw err instanceof DatabaseTooNewError ? new StartupError(err.message) : err;
  }
  logger.debug("hub database ready", { dialect: db.dialect });
  // Held until stop: a second Hub that may not run beside this one refuses to start.
  const replicaLock = await acquireReplicaLock(config, { logger }).catch(async (err) => {
    await db.close();
    throw err;
  });
  // Listening before the routes exist: no event published after start is missed here.
  let events: EventBroker | undefined;
  if (config.eventBrokerBackend === "postgresql" && db.dialect === "pg") {
    events = await createPgBroker({ client: db.db.$client, logger }).catch(async (err) => {
      await replicaLock.release();
      await db.close();
      throw err;
    });
  }
  const deps = buildHubDeps({ config, db, logger, dataDir, clock, events });
  // Loads (or generates, the checkpoint key with a warning) both keys now, so a bad
  // AUDIT_SIGNING_KEY or DISPATCH_SIGNING_KEY stops the start instead of the first use.
  await (async () => {
    await deps.checkpoints.key();
    await deps.dispatchKey();
  })().catch(async (err) => {
    await events?.close();
    await replicaLock.release();
    await db.close();
    throw err;
  });
  const app = createHubApp(deps);
  const stopTasks = [startBackgroundTasks(deps)];
  return {
    app,
    deps,
    pollServers: createServerPoller(deps),
    async stop() {
      for (const stop of stopTasks) stop();
      await stopExecutions(deps).catch((err: unknown) => logger.error("closing executions failed", { error: err }));
      await deps.events.close();
      await replicaLock.release();
      await db.close();
    },
  };
}
