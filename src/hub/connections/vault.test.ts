import { expect, test } from "bun:test";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { makeHubTestApp, runScenario } from "../../../tests/helpers/api-scenario";
import { describeHub } from "../../../tests/helpers/hub-db";
import { systemClock } from "../../shared/clock";
import { FeatureDisabledError } from "../../shared/errors";
import { createLogger } from "../../shared/logger";
import { GENERATED_KEY_FILE, openConnectionVault, type VaultDeps } from "./vault";

describeHub("the connection vault", (suite) => {
  const logged = () => {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger({ sink: (line) => lines.push(JSON.parse(line)) });
    return { lines, logger };
  };

  test("without CONNECTION_ENCRYPTION_KEY a key is generated once (0600, one warning) and reused", async () => {
    const ctx = await suite.freshDatabase();
    const { lines, logger } = logged();
    const deps: VaultDeps = { database: ctx.database, clock: systemClock, logger, dataDir: ctx.dataDir };
    const first = await openConnectionVault(deps);
    const file = join(ctx.dataDir, GENERATED_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const key = readFileSync(file, "utf8").trim();
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const sealed = first.seal("s3cret value", "connection/1/password");
    expect(sealed).not.toContain("s3cret");
    const second = await openConnectionVault(deps);
    expect(second.open(sealed, "connection/1/password")).toBe("s3cret value");
    expect(readFileSync(file, "utf8").trim()).toBe(key);
    const warnings = lines.filter((l) => l.level === "warn");
    expect(warnings).toHaveLength(1);
    expect(String(warnings[0]?.msg)).toContain("CONNECTION_ENCRYPTION_KEY is not set");
    expect(JSON.stringify(lines)).not.toContain(key);
  });

  test("a box opens only for the field it was sealed for", async () => {
    const ctx = await suite.freshDatabase();
    const vault = await openConnectionVault({
      database: ctx.database,
      clock: systemClock,
      logger: logged().logger,
      dataDir: ctx.dataDir,
      key: "k",
    });
    const sealed = vault.seal("pw", "connection/a/password");
    expect(() => vault.open(sealed, "connection/b/password")).toThrow("does not authenticate");
  });

  test("with CONNECTION_ENCRYPTION_KEY nothing is generated; another key is refused (503) before any secret is read", async () => {
    const ctx = await suite.freshDatabase();
    const base = { database: ctx.database, clock: systemClock, logger: logged().logger, dataDir: ctx.dataDir };
    await openConnectionVault({ ...base, key: "the right passphrase" });
    expect(existsSync(join(ctx.dataDir, GENERATED_KEY_FILE))).toBe(false);
    const refused = await openConnectionVault({ ...base, key: "a wrong passphrase" }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(FeatureDisabledError);
    expect((refused as FeatureDisabledError).status).toBe(503);
    const hub = await makeHubTestApp(ctx, { config: { connectionEncryptionKey: "a wrong passphrase" } });
    await runScenario(hub, {
      as: "admin",
      method: "POST",
      path: "/connections",
      body: { name: "x", type: "filesystem", path: "/srv" },
      status: 503,
      contains: ["sealed with another CONNECTION_ENCRYPTION_KEY"],
      audit: [],
    });
  });
});
