import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TEST_HUB_CONFIG } from "../../../tests/helpers/api-scenario";
import { startFakeServerHealth } from "../../../tests/helpers/fake-server-health";
import { waitUntil } from "../../../tests/helpers/wait";
import { createLogger } from "../../shared/logger";
import { startHub } from "../start";

const dataDir = mkdtempSync(join(tmpdir(), "weft-hub-tasks-"));
const fake = startFakeServerHealth({ busy: 2 });
afterAll(async () => {
  await fake.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test("startHub starts the Server poller: a Server that registers is online within its first ticks", async () => {
  const hub = await startHub(
    {
      ...TEST_HUB_CONFIG,
      databaseUrl: `sqlite:${join(dataDir, "hub.db")}`,
      hubServerToken: "started-by-hub-secret-0123456789",
    },
    { dataDir, logger: createLogger({ sink: () => {} }) },
  );
  try {
    const res = await hub.app.request("/servers/register", {
      method: "POST",
      headers: { Authorization: "Bearer started-by-hub-secret-0123456789", "Content-Type": "application/json" },
      body: JSON.stringify({ name: "tasks", endpoint: fake.endpoint, version: "1.0.0" }),
    });
    expect(res.status).toBe(201);
    const { servers } = hub.deps.database.t;
    const status = async () => (await hub.deps.database.db.select().from(servers))[0];
    await waitUntil(async () => (await status())?.status === "online", "the poller to find the Server");
    expect(await status()).toMatchObject({ status: "online", running: 2, failedPolls: 0 });
  } finally {
    await hub.stop();
  }
});
