import type { DbHandle } from "../db/client";
import { type HubDatabase, hubDatabase } from "../db/hub-db";
import { type Clock, systemClock } from "../shared/clock";
import type { Logger } from "../shared/logger";
import { type Checkpointer, createCheckpointer } from "./audit/checkpoints";
import { type AuditWriter, createAuditWriter } from "./audit/writer";
import { createPasswordHasher, type PasswordHasher } from "./auth/passwords";
import type { HubConfig } from "./config";
import { type ConnectionVault, lazyVault } from "./connections/vault";
import type { EventBroker } from "./events/broker";
import { createMemoryBroker } from "./events/memory-broker";
import { startExecution } from "./executions/runner";
import { createExecutionRuntime, type ExecutionRuntime } from "./executions/runtime";
import { createGuards, type Guards } from "./guards";
import type { OnDispatched } from "./schedules/dispatch";
import { type DispatchSigningKey, dispatchKeyPath, dispatchKeySource } from "./servers/dispatch-key";
import { type CapabilityTokens, createCapabilityTokens, createTokenStore } from "./tokens/capability-tokens";

/** Everything the Hub's routes and services are built from; made once per Hub (buildHubDeps). */
export interface HubDeps {
  config: HubConfig;
  /** The raw handle (health pings it; dialect-specific SQL reads its client). */
  db: DbHandle;
  database: HubDatabase;
  audit: AuditWriter;
  /** Signs the audit checkpoints (every 1,000 events, by the writer; hourly, by background/). */
  checkpoints: Checkpointer;
  guards: Guards;
  clock: Clock;
  logger: Logger;
  /** Argon2id hashing of account passwords. */
  passwords: PasswordHasher;
  /** Capability tokens in the store TOKEN_STORE_BACKEND names (one per Hub: the memory store is its Map). */
  tokens: CapabilityTokens;
  /**
   * Signs the runners' requests to Servers, so their rate limits count them apart; Servers
   * learn its public half when they register (servers/dispatch-key.ts).
   */
  dispatchKey: () => Promise<DispatchSigningKey>;
  /** The data directory (keys and the checkpoint file live there). */
  dataDir: string;
  /** Seals and opens connection credentials; opened on first use, one per Hub (routes and poller share it). */
  vault: () => Promise<ConnectionVault>;
  /** Execution events for the SSE stream: the in-memory broker (one replica), or with
   * EVENT_BROKER_BACKEND=postgresql events/pg-broker.ts (startHub opens it). */
  events: EventBroker;
  /** This process's instance id and live execution runners (executions/runtime.ts). */
  executions: ExecutionRuntime;
  /**
   * Called with the id of an execution a schedule (its dispatcher or its trigger route) has
   * committed as `queued`: starts its runner (executions/runner.ts startExecution).
   */
  onDispatched: OnDispatched;
}

export interface BuildHubDepsInput {
  config: HubConfig;
  db: DbHandle;
  logger: Logger;
  dataDir: string;
  clock?: Clock;
  /** Argon2id at Bun's default cost unless given (tests pass a cheaper one). */
  passwords?: PasswordHasher;
  /** The runners' timer, fetch and bounds (tests fire heartbeats by hand). */
  executions?: Parameters<typeof createExecutionRuntime>[0];
  /** What starts a queued execution's runner: startExecution unless a test records the ids instead. */
  onDispatched?: OnDispatched;
  /** The event broker: the in-memory one unless given (startHub gives the PostgreSQL one when set). */
  events?: EventBroker;
}

/** Wires the Hub's services over an open, migrated database. */
export function buildHubDeps({
  config,
  db,
  logger,
  dataDir,
  clock = systemClock,
  passwords = createPasswordHasher(),
  executions,
  onDispatched,
  events: givenEvents,
}: BuildHubDepsInput): HubDeps {
  const database = hubDatabase(db, { logger });
  const checkpoints = createCheckpointer({ database, clock, logger, dataDir, configuredKey: config.auditSigningKey });
  const audit = createAuditWriter({ database, clock, afterCommit: checkpoints.afterCommit });
  const guards = createGuards({ database, audit, clock });
  const dispatchKey = dispatchKeySource({
    configured: config.dispatchSigningKey,
    path: dispatchKeyPath(dataDir),
    logger,
  });
  const vault = lazyVault({ database, clock, logger, dataDir, key: config.connectionEncryptionKey });
  const tokens = createCapabilityTokens({
    store: createTokenStore(config.tokenStoreBackend, database),
    clock,
    ttlSeconds: config.capabilityTokenTtlSeconds,
  });
  const events = givenEvents ?? createMemoryBroker();
  const runtime = createExecutionRuntime({
    startedAt: clock(),
    artifactMaxBytes:
      config.executionArtifactMaxMb === undefined ? undefined : config.executionArtifactMaxMb * 1024 * 1024,
    ...executions,
  });
  const deps: HubDeps = {
    config,
    db,
    database,
    audit,
    checkpoints,
    guards,
    clock,
    logger,
    passwords,
    tokens,
    dispatchKey,
    dataDir,
    vault,
    events,
    executions: runtime,
    onDispatched: onDispatched ?? ((executionId) => startExecution(deps, executionId)),
  };
  return deps;
}
