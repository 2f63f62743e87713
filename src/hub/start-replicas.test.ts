import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TEST_HUB_CONFIG } from "../../tests/helpers/api-scenario";
import { createPgDatabase, PG_URL } from "../../tests/helpers/hub-db";
import { waitUntil } from "../../tests/helpers/wait";
import { createLogger } from "../shared/logger";
import { StartupError } from "../shared/startup-error";
import type { HubEvent } from "./events/broker";
import { type RunningHub, startHub } from "./start";

const logger = createLogger({ sink: () => {} });
const KEY = Buffer.alloc(32, 5).toString("base64");

describe.skipIf(!PG_URL)("startHub with several replicas on one PostgreSQL", () => {
  let url = "";
  let drop = async () => {};
  const dirs: string[] = [];
  const hubs: RunningHub[] = [];
  beforeAll(async () => {
    ({ url, drop } = await createPgDatabase(PG_URL as string));
  });
  afterAll(async () => {
    for (const hub of hubs) await hub.stop();
    await drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  const start = (backends: {
    tokenStoreBackend: "memory" | "database";
    eventBrokerBackend: "memory" | "postgresql";
  }) => {
    const dataDir = mkdtempSync(join(tmpdir(), "weft-hub-replica-"));
    dirs.push(dataDir);
    return startHub({ ...TEST_HUB_CONFIG, databaseUrl: url, auditSigningKey: KEY, ...backends }, { dataDir, logger });
  };

  test("two database-backed Hubs share their execution events; a memory one may not join them", async () => {
    const shared = { tokenStoreBackend: "database", eventBrokerBackend: "postgresql" } as const;
    const a = await start(shared);
    hubs.push(a);
    const b = await start(shared);
    hubs.push(b);
    const seenOnB: HubEvent[] = [];
    b.deps.events?.subscribe((e) => seenOnB.push(e));
    await a.deps.events?.publish("execution.created", { execution_id: "e1", status: "queued", user_id: "u1" });
    await waitUntil(() => seenOnB.length === 1, "b to receive a's event");
    expect(seenOnB[0]).toMatchObject({ type: "execution.created", data: { execution_id: "e1" } });
    await expect(start({ tokenStoreBackend: "memory", eventBrokerBackend: "postgresql" })).rejects.toBeInstanceOf(
      StartupError,
    );
  });
});
