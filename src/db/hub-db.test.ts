import { expect, test } from "bun:test";
import { eq, inArray } from "drizzle-orm";
import { describeHub } from "../../tests/helpers/hub-db";
import { createLogger } from "../shared/logger";
import { type HubQueryable, hubDatabase } from "./hub-db";

/** A promise and its resolve, to order two transactions without sleeping. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

const setting = (q: HubQueryable, key: string, value: string) =>
  q.db.insert(q.t.hubSettings).values({ key, value, updatedAt: new Date() });

describeHub("HubDatabase transactions", (suite) => {
  test("a transaction that throws leaves nothing behind; one that returns commits", async () => {
    const { database } = suite.ctx();
    await expect(
      database.transaction(async (tx) => {
        await setting(tx, "tx-rolled-back", "x");
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    const answer = await database.transaction(async (tx) => {
      await setting(tx, "tx-committed", "y");
      return "done";
    });
    expect(answer).toBe("done");
    const { hubSettings: s } = database.t;
    expect(await database.db.select().from(s).where(eq(s.key, "tx-rolled-back"))).toEqual([]);
    expect(await database.db.select({ value: s.value }).from(s).where(eq(s.key, "tx-committed"))).toEqual([
      { value: "y" },
    ]);
  });

  test("onCommit hooks run after the commit, in order, and not at all after a rollback", async () => {
    const { database } = suite.ctx();
    const { hubSettings: s } = database.t;
    const seen: string[] = [];
    await database.transaction(async (tx) => {
      await setting(tx, "hooked", "v");
      tx.onCommit(async () => {
        // The hook reads the committed row from outside the transaction.
        const rows = await database.db.select({ value: s.value }).from(s).where(eq(s.key, "hooked"));
        seen.push(`first:${rows[0]?.value}`);
      });
      tx.onCommit(() => {
        seen.push("second");
      });
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual(["first:v", "second"]);
    await expect(
      database.transaction(async (tx) => {
        tx.onCommit(() => {
          seen.push("never");
        });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(seen).toEqual(["first:v", "second"]);
  });

  test("a hook that throws is logged when a logger is given, and the committed answer stands", async () => {
    const { handle } = suite.ctx();
    const lines: Record<string, unknown>[] = [];
    const database = hubDatabase(handle, { logger: createLogger({ sink: (l) => lines.push(JSON.parse(l)) }) });
    const answer = await database.transaction(async (tx) => {
      await setting(tx, "hook-fails", "kept");
      tx.onCommit(() => {
        throw new Error("hook broke");
      });
      return "committed";
    });
    expect(answer).toBe("committed");
    expect(lines).toEqual([expect.objectContaining({ level: "error", msg: "after-commit hook failed" })]);
    const { hubSettings: s } = database.t;
    expect(await database.db.select({ value: s.value }).from(s).where(eq(s.key, "hook-fails"))).toEqual([
      { value: "kept" },
    ]);
  });

  test("concurrent transactions do not see each other's uncommitted writes", async () => {
    const { database } = suite.ctx();
    const { hubSettings: s } = database.t;
    const firstWrote = gate();
    const secondLooked = gate();
    const first = database.transaction(async (tx) => {
      await setting(tx, "tx-isolated", "first");
      firstWrote.open();
      // On SQLite the second transaction waits for this one (one writer at a time), so
      // there is nothing to wait for here; on PostgreSQL it runs beside this one.
      if (database.dialect === "pg") await secondLooked.opened;
    });
    await firstWrote.opened;
    const seen = await database.transaction(async (tx) => {
      const rows = await tx.db.select().from(s).where(eq(s.key, "tx-isolated"));
      secondLooked.open();
      return rows.length;
    });
    await first;
    // SQLite: the second began after the first committed; PostgreSQL: before it did.
    expect(seen).toBe(database.dialect === "sqlite" ? 1 : 0);
  });

  // SQLite runs one writer at a time: it has no deadlock to have.
  test.skipIf(suite.dialect !== "pg")(
    "a transaction chosen as a deadlock victim is run again and succeeds",
    async () => {
      const { database } = suite.ctx();
      const { hubSettings: s } = database.t;
      await database.transaction(async (tx) => {
        await setting(tx, "dl-a", "0");
        await setting(tx, "dl-b", "0");
      });
      const aLocked = gate();
      const bLocked = gate();
      let attempts = 0;
      const lockThen = (
        first: string,
        second: string,
        mine: ReturnType<typeof gate>,
        theirs: ReturnType<typeof gate>,
      ) =>
        database.transaction(async (tx) => {
          attempts++;
          await tx.db.update(s).set({ value: "1" }).where(eq(s.key, first));
          mine.open();
          await theirs.opened;
          await tx.db.update(s).set({ value: "2" }).where(eq(s.key, second));
        });
      await Promise.all([lockThen("dl-a", "dl-b", aLocked, bLocked), lockThen("dl-b", "dl-a", bLocked, aLocked)]);
      // Two transactions, and at least one more run: PostgreSQL aborted a victim with 40P01.
      expect(attempts).toBeGreaterThanOrEqual(3);
      // Whichever ran last wrote its "2" second: {a: 1, b: 2} or {a: 2, b: 1}, never a half.
      const rows = await database.db
        .select({ key: s.key, value: s.value })
        .from(s)
        .where(inArray(s.key, ["dl-a", "dl-b"]));
      expect(rows.map((r) => r.value).sort()).toEqual(["1", "2"]);
    },
  );
});
