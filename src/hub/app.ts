import type { DbHandle } from "../db/client";
import { newApiApp } from "../http/openapi-app";
import type { HubConfig } from "./config";
import { hubHealthRoutes } from "./health/routes";

export interface HubDeps {
  config: HubConfig;
  db: DbHandle;
}

/** The Hub surface, mounted under `/api/v1`. Every route group is listed here. */
export function createHubApp({ db }: HubDeps) {
  const app = newApiApp();
  app.route("/", hubHealthRoutes(db));
  return app;
}
