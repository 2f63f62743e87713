import type { DbHandle } from "../db/client";
import { type HubDatabase, hubDatabase } from "../db/hub-db";
import { type Clock, systemClock } from "../shared/clock";
import type { Logger } from "../shared/logger";
import { type AuditWriter, createAuditWriter } from "./audit/writer";
import type { HubConfig } from "./config";
import { createGuards, type Guards } from "./guards";
import { type CapabilityTokens, createCapabilityTokens, createTokenStore } from "./tokens/capability-tokens";

/** Everything the Hub's routes and services are built from; made once per Hub (buildHubDeps). */
export interface HubDeps {
  config: HubConfig;
  /** The raw handle (health pings it; dialect-specific SQL reads its client). */
  db: DbHandle;
  database: HubDatabase;
  audit: AuditWriter;
  guards: Guards;
  clock: Clock;
  logger: Logger;
  /** Capability tokens in the store TOKEN_STORE_BACKEND names (one per Hub: the memory store is its Map). */
  tokens: CapabilityTokens;
  /** The data directory (keys and the checkpoint file live there). */
  dataDir: string;
}

export interface BuildHubDepsInput {
  config: HubConfig;
  db: DbHandle;
  logger: Logger;
  dataDir: string;
  clock?: Clock;
}

/** Wires the Hub's services over an open, migrated database. */
export function buildHubDeps({ config, db, logger, dataDir, clock = systemClock }: BuildHubDepsInput): HubDeps {
  const database = hubDatabase(db);
  const audit = createAuditWriter({ database, clock });
  const guards = createGuards({ database, audit, clock });
  const tokens = createCapabilityTokens({
    store: createTokenStore(config.tokenStoreBackend, database),
    clock,
    ttlSeconds: config.capabilityTokenTtlSeconds,
  });
  return { config, db, database, audit, guards, clock, logger, tokens, dataDir };
}
