import { expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { eq, gt, sql } from "drizzle-orm";
import { describeHub, type HubDbContext } from "../../../tests/helpers/hub-db";
import { manualClock } from "../../../tests/helpers/manual-clock";
import { createLogger } from "../../shared/logger";
import { eventHash } from "./chain";
import { createCheckpointer } from "./checkpoints";
import { eventsAfter } from "./queries";
import { verifyChain } from "./verify";
import { createAuditWriter } from "./writer";

const SEED = Buffer.alloc(32, 3).toString("base64");

/** A chain of `n` events over `ctx`, with its writer and checkpointer (checkpoint every `every`). */
async function seeded(ctx: HubDbContext, n: number, every = 1000) {
  const time = manualClock("2026-02-03T04:05:06.000Z");
  const logger = createLogger({ sink: () => {} });
  const checkpoints = createCheckpointer({
    database: ctx.database,
    clock: time.clock,
    logger,
    dataDir: ctx.dataDir,
    configuredKey: SEED,
    every,
  });
  const audit = createAuditWriter({ database: ctx.database, clock: time.clock, afterCommit: checkpoints.afterCommit });
  await audit.write(async (_tx, record) => {
    for (let i = 1; i <= n; i++) {
      time.advance(1000);
      await record({
        actorType: "user",
        actorId: `u${i % 3}`,
        action: "thing.touch",
        targetId: `t${i}`,
        details: { i },
      });
    }
  });
  return { audit, checkpoints, time };
}

describeHub("audit verify", (suite) => {
  test("a clean chain verifies, across page boundaries", async () => {
    const ctx = await suite.freshDatabase();
    const s = await seeded(ctx, 23, 10);
    const key = await s.checkpoints.key();
    for (const pageSize of [1, 7, 23, 5000]) {
      const result = await verifyChain({ q: ctx.database, key, file: s.checkpoints.readFile(), pageSize });
      const last = (await eventsAfter(ctx.database, 22, 1))[0];
      expect(result).toEqual({
        valid: true,
        checked: 23,
        head_hash: last?.hash ?? "",
        first_invalid_seq: null,
        reason: null,
      });
    }
    // Checkpoints were signed at 10 and 20, in the database and in the file.
    expect(s.checkpoints.readFile().checkpoints.map((c) => c.seq)).toEqual([10, 20]);
  });

  test("an empty log is valid", async () => {
    const ctx = await suite.freshDatabase();
    const s = await seeded(ctx, 0);
    const key = await s.checkpoints.key();
    expect(await verifyChain({ q: ctx.database, key, file: s.checkpoints.readFile() })).toEqual({
      valid: true,
      checked: 0,
      head_hash: "0".repeat(64),
      first_invalid_seq: null,
      reason: null,
    });
  });

  test("each kind of tampering is named with the first seq it breaks", async () => {
    const ctx = await suite.freshDatabase();
    const s = await seeded(ctx, 40, 10);
    const key = await s.checkpoints.key();
    const { auditEvents: e, auditCheckpoints: cp, auditHead: head } = ctx.database.t;
    const db = ctx.database.db;
    const check = () => verifyChain({ q: ctx.database, key, file: s.checkpoints.readFile(), pageSize: 6 });

    // A field changed: the event's own hash no longer recomputes.
    const [e17] = await db.select().from(e).where(eq(e.seq, 17));
    if (!e17) throw new Error("seed");
    await db.update(e).set({ action: "thing.erase" }).where(eq(e.seq, 17));
    expect(await check()).toMatchObject({ valid: false, checked: 16, first_invalid_seq: 17, reason: "hash_mismatch" });

    // ...and its hash recomputed too: the next event's link breaks.
    const forged = { ...e17, action: "thing.erase" };
    await db
      .update(e)
      .set({ hash: eventHash(forged) })
      .where(eq(e.seq, 17));
    expect(await check()).toMatchObject({ first_invalid_seq: 18, reason: "prev_link_mismatch" });
    await db.update(e).set({ action: e17.action, hash: e17.hash }).where(eq(e.seq, 17));
    expect(await check()).toMatchObject({ valid: true, checked: 40 });

    // A row removed from the middle.
    const [e5] = await db.select().from(e).where(eq(e.seq, 5));
    await db.delete(e).where(eq(e.seq, 5));
    expect(await check()).toMatchObject({ checked: 4, first_invalid_seq: 5, reason: "seq_gap" });
    if (e5) await db.insert(e).values(e5);

    // A checkpoint's signed hash altered.
    await db
      .update(cp)
      .set({ headHash: "f".repeat(64) })
      .where(eq(cp.seq, 30));
    expect(await check()).toMatchObject({ first_invalid_seq: 30, reason: "checkpoint_mismatch", checked: 29 });
    expect(await check()).toMatchObject({ valid: false });
    const fileCopy = s.checkpoints.readFile().checkpoints.find((c) => c.seq === 30);
    if (fileCopy) await db.update(cp).set({ headHash: fileCopy.headHash }).where(eq(cp.seq, 30));
    expect(await check()).toMatchObject({ valid: true });

    // The tail rewritten whole from seq 25, every hash and link recomputed: only the signed
    // checkpoint at 30 can tell.
    const tail = await db.select().from(e).where(gt(e.seq, 24)).orderBy(e.seq);
    let prev = (await db.select().from(e).where(eq(e.seq, 24)))[0]?.hash ?? "";
    for (const row of tail) {
      const rewritten = { ...row, details: '{"i":0}', prevHash: prev };
      const hash = eventHash(rewritten);
      await db.update(e).set({ details: rewritten.details, prevHash: prev, hash }).where(eq(e.seq, row.seq));
      prev = hash;
    }
    await db.update(head).set({ hash: prev });
    expect(await check()).toMatchObject({ first_invalid_seq: 30, reason: "checkpoint_mismatch" });
  });

  test("the last 50 events deleted are reported as truncated, even with the head row and the table's checkpoints rewritten", async () => {
    const ctx = await suite.freshDatabase();
    const s = await seeded(ctx, 130, 100);
    const key = await s.checkpoints.key();
    const { auditEvents: e, auditCheckpoints: cp, auditHead: head } = ctx.database.t;
    const db = ctx.database.db;
    const check = () => verifyChain({ q: ctx.database, key, file: s.checkpoints.readFile() });

    await db.delete(e).where(gt(e.seq, 80));
    expect(await check()).toMatchObject({ valid: false, checked: 80, first_invalid_seq: 81, reason: "truncated" });

    // The head row moved back to 80: the checkpoint at 100 (table and file) still says more existed.
    const [e80] = await db.select().from(e).where(eq(e.seq, 80));
    await db.update(head).set({ seq: 80, hash: e80?.hash ?? "" });
    expect(await check()).toMatchObject({ first_invalid_seq: 81, reason: "truncated" });

    // The table's checkpoints deleted too: the append-only file still has them.
    await db.delete(cp).where(sql`1 = 1`);
    expect(await check()).toMatchObject({ first_invalid_seq: 81, reason: "truncated" });

    // With the file gone as well, nothing is left that knew: the remaining prefix is valid.
    rmSync(s.checkpoints.filePath);
    expect(await check()).toMatchObject({ valid: true, checked: 80 });
  });

  test("a line in the checkpoint file that is not a checkpoint is a mismatch", async () => {
    const ctx = await suite.freshDatabase();
    const s = await seeded(ctx, 12, 10);
    const key = await s.checkpoints.key();
    writeFileSync(s.checkpoints.filePath, "not json\n", { flag: "a" });
    expect(await verifyChain({ q: ctx.database, key, file: s.checkpoints.readFile() })).toMatchObject({
      valid: false,
      reason: "checkpoint_mismatch",
    });
  });

  test("the hourly pass signs a head that moved, and only once", async () => {
    const ctx = await suite.freshDatabase();
    const s = await seeded(ctx, 7, 1000);
    expect(s.checkpoints.readFile().checkpoints).toEqual([]);
    const first = await s.checkpoints.signHead();
    expect(first).toMatchObject({ seq: 7 });
    expect(await s.checkpoints.signHead()).toBeNull();
    expect(s.checkpoints.readFile().checkpoints.map((c) => c.seq)).toEqual([7]);
  });
});
