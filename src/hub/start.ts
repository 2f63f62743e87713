import { join } from "node:path";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { openDatabase } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import type { Logger } from "../shared/logger";
import { createHubApp } from "./app";
import type { HubConfig } from "./config";

export interface HubStartDeps {
  /** The data directory; its `tmp/` holds the executable's embedded migrations while they run. */
  dataDir: string;
  logger: Logger;
}

/** A Hub ready to be mounted under `/api/v1`, and how to stop it. */
export interface StartedHub {
  app: OpenAPIHono;
  /** Closes the Hub's database. */
  stop(): Promise<void>;
}

/** Opens the Hub's database, brings its schema up to date, and builds its routes. */
export async function startHub(config: HubConfig, { dataDir, logger }: HubStartDeps): Promise<StartedHub> {
  const db = openDatabase(config.databaseUrl);
  try {
    await migrateDatabase(db, join(dataDir, "tmp"));
  } catch (err) {
    await db.close();
    throw err;
  }
  logger.debug("hub database ready", { dialect: db.dialect });
  return { app: createHubApp({ config, db }), stop: () => db.close() };
}
