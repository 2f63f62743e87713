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
import { createGuards, type Guards } from "./guards";
import type { OnDispatched } from "./schedules/dispatch";
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
  /** The data directory (keys and the checkpoint file live there). */
  dataDir: string;
  /** Seals and opens connection credentials; opened on first use, one per Hub (routes and poller share it). */
  vault: () => Promise<ConnectionVault>;
  /**
   * Called with the id of an execution a schedule (its dispatcher or its trigger route) has
   * committed as `queued`: starts its runner (the seam to executions/runner.ts startExecution).
   */
  onDispatched: OnDispatched;
  /**
   * The execution event broker: with EVENT_BROKER_BACKEND=postgresql, events/pg-broker.ts
   * (startHub opens it). Undefined here means the in-memory broker, which the executions
   * branch brings (the lead makes this field required with that default at merge).
   */
  events?: EventBroker;
}

export interface BuildHubDepsInput {
  config: HubConfig;
  db: DbHandle;
  logger: Logger;
  dataDir: string;
  clock?: Clock;
  /** Argon2id at Bun's default cost unless given (tests pass a cheaper one). */
  passwords?: PasswordHasher;
  /** What starts a queued execution's runner; until one is given, the execution waits (and is logged). */
  onDispatched?: OnDispatched;
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
  onDispatched = (executionId) => logger.debug("execution queued; no runner is wired", { execution_id: executionId }),
  events,
}: BuildHubDepsInput): HubDeps {
  const database = hubDatabase(db, { logger });
  const checkpoints = createCheckpointer({ database, clock, logger, dataDir, configuredKey: config.auditSigningKey });
  const audit = createAuditWriter({ database, clock, afterCommit: checkpoints.afterCommit });
  const guards = createGuards({ database, audit, clock });
  const vault = lazyVault({ database, clock, logger, dataDir, key: config.connectionEncryptionKey });
  const tokens = createCapabilityTokens({
    store: createTokenStore(config.tokenStoreBackend, database),
    clock,
    ttlSeconds: config.capabilityTokenTtlSeconds,
  });
  return {
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
    dataDir,
    vault,
    onDispatched,
    events,
  };
}
