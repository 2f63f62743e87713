/**
 * `/audit/verify` over a long chain: seeds N events directly (real hashes, a signed
 * checkpoint every 1,000 as the Hub writes them), then, in a fresh process that only opens
 * the database and answers the request, times GET /api/v1/audit/verify and reads the
 * process's peak RSS. Run at two sizes, the peak shows whether memory grows with the chain
 * (it should not: the verifier reads a page of 5,000 events at a time).
 *
 *   bun scripts/bench/audit-verify.ts [--dialect sqlite|pg] [--events 100000,1000000]
 *
 * PostgreSQL uses a fresh database made from WEFT_TEST_PG_URL (dropped afterwards).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../src/db/client";
import { hubDatabase } from "../../src/db/hub-db";
import { migrateDatabase } from "../../src/db/migrate";
import { createHubApp } from "../../src/hub/app";
import { type AuditEvent, GENESIS_HASH, nextEvent } from "../../src/hub/audit/chain";
import { CHECKPOINT_EVERY_EVENTS } from "../../src/hub/audit/checkpoints";
import { buildHubDeps } from "../../src/hub/deps";
import { newId } from "../../src/shared/ids";
import { createLogger } from "../../src/shared/logger";
import { createAccount, TEST_HUB_CONFIG } from "../../tests/helpers/api-scenario";

const KEY = Buffer.alloc(32, 9).toString("base64");
const BATCH = 1000;
const logger = createLogger({ level: "error" });

function arg(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : (process.argv[at + 1] ?? fallback);
}

/** The child: open, answer one verify as an auditor, report time and peak memory. */
async function verifyOnly(url: string, dataDir: string): Promise<void> {
  const db = openDatabase(url);
  const deps = buildHubDeps({
    config: { ...TEST_HUB_CONFIG, databaseUrl: url, auditSigningKey: KEY },
    db,
    logger,
    dataDir,
  });
  const app = createHubApp(deps);
  // The auditor's own account is not an audit event: the chain stays as seeded.
  const auditor = await createAccount(deps, "auditor");
  Bun.gc(true);
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  const res = await app.request("/audit/verify", { headers: { Authorization: `Bearer ${auditor.token}` } });
  const body = await res.json();
  const ms = performance.now() - started;
  const peakRss = process.resourceUsage().maxRSS * 1024;
  console.log(JSON.stringify({ status: res.status, body, ms, rssBefore, peakRss }));
  await db.close();
}

async function seed(url: string, dataDir: string, events: number): Promise<number> {
  const db = openDatabase(url);
  await migrateDatabase(db, join(dataDir, "tmp"));
  const deps = buildHubDeps({
    config: { ...TEST_HUB_CONFIG, databaseUrl: url, auditSigningKey: KEY },
    db,
    logger,
    dataDir,
  });
  const database = hubDatabase(db);
  const started = performance.now();
  let head = { seq: 0, hash: GENESIS_HASH };
  const t0 = Date.parse("2026-01-01T00:00:00Z");
  for (let done = 0; done < events; done += BATCH) {
    const rows: AuditEvent[] = [];
    for (let i = done; i < Math.min(events, done + BATCH); i++) {
      const event = nextEvent(
        head,
        {
          actorType: "user",
          actorId: `user-${i % 50}`,
          action: i % 3 ? "connection.read" : "workflow.update",
          targetType: "workflow",
          targetId: `wf-${i % 997}`,
          details: { ip: "10.1.2.3", route: "PUT /api/v1/workflows/{id}/content", revision: i % 40 },
        },
        newId(),
        new Date(t0 + i * 1000),
      );
      rows.push(event);
      head = event;
    }
    await database.transaction(async (tx) => {
      await tx.db.insert(tx.t.auditEvents).values(rows);
      await tx.db.update(tx.t.auditHead).set({ seq: head.seq, hash: head.hash });
    });
    for (const e of rows) if (e.seq % CHECKPOINT_EVERY_EVENTS === 0) await deps.checkpoints.signAt(e.seq, e.hash);
  }
  await db.close();
  return performance.now() - started;
}

async function pgDatabase(adminUrl: string) {
  const name = `weft_bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = openDatabase(adminUrl, { pgPoolSize: 1 });
  if (admin.dialect !== "pg") throw new Error("WEFT_TEST_PG_URL must be postgres://");
  await admin.db.$client.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.db.$client.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}

const MiB = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

async function main(): Promise<void> {
  if (process.argv.includes("--verify-only")) {
    await verifyOnly(arg("url", ""), arg("data-dir", ""));
    return;
  }
  const dialect = arg("dialect", "sqlite");
  const sizes = arg("events", "100000,1000000").split(",").map(Number);
  console.log(`audit verify, ${dialect}, Bun ${Bun.version}`);
  console.log("| events | seed s | verify s | events/s | RSS before MiB | peak RSS MiB | valid |");
  console.log("|---:|---:|---:|---:|---:|---:|---|");
  for (const events of sizes) {
    const dataDir = mkdtempSync(join(tmpdir(), "weft-bench-audit-"));
    const pg = dialect === "pg" ? await pgDatabase(process.env.WEFT_TEST_PG_URL ?? "") : undefined;
    const url = pg?.url ?? `sqlite:${join(dataDir, "hub.db")}`;
    try {
      const seedMs = await seed(url, dataDir, events);
      const child = Bun.spawnSync(
        [process.execPath, import.meta.path, "--verify-only", "--url", url, "--data-dir", dataDir],
        { stderr: "inherit" },
      );
      const r = JSON.parse(child.stdout.toString().trim().split("\n").at(-1) ?? "{}");
      if (r.status !== 200 || !r.body.valid || r.body.checked !== events) {
        throw new Error(`verify did not check the seeded chain: ${JSON.stringify(r)}`);
      }
      console.log(
        `| ${events.toLocaleString("en")} | ${(seedMs / 1000).toFixed(1)} | ${(r.ms / 1000).toFixed(2)} | ${Math.round(events / (r.ms / 1000)).toLocaleString("en")} | ${MiB(r.rssBefore)} | ${MiB(r.peakRss)} | ${r.body.valid} |`,
      );
    } finally {
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

await main();
