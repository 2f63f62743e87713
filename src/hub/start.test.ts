import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TEST_HUB_CONFIG } from "../../tests/helpers/api-scenario";
import { waitUntil } from "../../tests/helpers/wait";
import { createLogger } from "../shared/logger";
import { AuditKeyError } from "./audit/signing-key";
import type { HubConfig } from "./config";
import { DispatchKeyError, dispatchKeyPath } from "./servers/dispatch-key";
import { startHub } from "./start";

const dir = mkdtempSync(join(tmpdir(), "weft-hub-start-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const config = (dataDir: string, extra: Partial<HubConfig> = {}): HubConfig => ({
  ...TEST_HUB_CONFIG,
  databaseUrl: `sqlite:${join(dataDir, "hub.db")}`,
  ...extra,
});

test("startHub migrates, makes the checkpoint key (0600, with a warning), answers health, and stops", async () => {
  const dataDir = join(dir, "a");
  const lines: Record<string, unknown>[] = [];
  const hub = await startHub(config(dataDir), {
    dataDir,
    logger: createLogger({ level: "debug", sink: (l) => lines.push(JSON.parse(l)) }),
  });
  try {
    expect((await hub.app.request("/health")).status).toBe(200);
    expect((await hub.app.request("/audit/verify")).status).toBe(401);
    const keyFile = join(dataDir, "audit", "signing.key");
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(lines.filter((l) => l.level === "warn").map((l) => l.msg)).toEqual([
      "AUDIT_SIGNING_KEY is not set: generated an audit checkpoint signing key; back it up",
    ]);
  } finally {
    await hub.stop();
  }
});

test("a bad AUDIT_SIGNING_KEY stops the start and writes no key file", async () => {
  const dataDir = join(dir, "b");
  const attempt = startHub(config(dataDir, { auditSigningKey: "too-short" }), {
    dataDir,
    logger: createLogger({ sink: () => {} }),
  });
  await expect(attempt).rejects.toThrow(AuditKeyError);
  expect(existsSync(join(dataDir, "audit", "signing.key"))).toBe(false);
});

test("a bad DISPATCH_SIGNING_KEY stops the start too", async () => {
  const dataDir = join(dir, "c");
  const attempt = startHub(config(dataDir, { dispatchSigningKey: "too-short" }), {
    dataDir,
    logger: createLogger({ sink: () => {} }),
  });
  await expect(attempt).rejects.toThrow(DispatchKeyError);
  expect(existsSync(dispatchKeyPath(dataDir))).toBe(false);
});

test("a Hub started after one was killed mid-run fails that run in its first sweep, with the reason", async () => {
  const dataDir = join(dir, "killed");
  const logger = createLogger({ sink: () => {} });
  const first = await startHub(config(dataDir), { dataDir, logger });
  const at = new Date(Date.now() - 5_000);
  await first.deps.database.transaction(async (tx) => {
    const { users, workflows, workflowRevisions, executions } = tx.t;
    await tx.db
      .insert(users)
      .values({ id: "u1", username: "ann", passwordHash: "x", role: "user", createdAt: at, updatedAt: at });
    await tx.db
      .insert(workflows)
      .values({ id: "w1", name: "w", ownerId: "u1", currentRevision: 1, createdAt: at, updatedAt: at });
    await tx.db
      .insert(workflowRevisions)
      .values({ workflowId: "w1", revision: 1, content: "{}", contentSha256: "0", authorId: "u1", createdAt: at });
    // As a process killed mid-run leaves it: running, its heartbeat a few seconds old.
    await tx.db.insert(executions).values({
      id: "x1",
      workflowId: "w1",
      revision: 1,
      userId: "u1",
      status: "running",
      createdAt: at,
      startedAt: at,
      heartbeatAt: at,
      hubInstanceId: "the-killed-process",
    });
  });
  await first.stop();
  const second = await startHub(config(dataDir), { dataDir, logger });
  try {
    const row = async () => (await second.deps.database.db.select().from(second.deps.database.t.executions))[0];
    await waitUntil(async () => (await row())?.status === "failed", "the first sweep");
    expect((await row())?.error).toBe("The Hub restarted while this run was running; runs are not resumed");
  } finally {
    await second.stop();
  }
});
