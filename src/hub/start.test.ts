import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TEST_HUB_CONFIG } from "../../tests/helpers/api-scenario";
import { createLogger } from "../shared/logger";
import { AuditKeyError } from "./audit/signing-key";
import type { HubConfig } from "./config";
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
