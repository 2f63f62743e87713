import { expect, test } from "bun:test";
import { asc, eq } from "drizzle-orm";
import { describeHub } from "../../../tests/helpers/hub-db";
import { manualClock } from "../../../tests/helpers/manual-clock";
import type { HubDatabase } from "../../db/hub-db";
import { type AuditEvent, eventHash, GENESIS_HASH } from "./chain";
import { createAuditWriter } from "./writer";

async function chain(database: HubDatabase): Promise<AuditEvent[]> {
  const { auditEvents } = database.t;
  return (await database.db.select().from(auditEvents).orderBy(asc(auditEvents.seq))) as AuditEvent[];
}

function expectLinked(events: AuditEvent[]): void {
  let prev = GENESIS_HASH;
  events.forEach((e, i) => {
    expect({ seq: e.seq, prevHash: e.prevHash, hash: eventHash(e) }).toEqual({
      seq: i + 1,
      prevHash: prev,
      hash: e.hash,
    });
    prev = e.hash;
  });
}

describeHub("audit writer", (suite) => {
  test("an event carries the clock's time, canonical details and the genesis link", async () => {
    const { database } = suite.ctx();
    const time = manualClock("2026-05-06T07:08:09.123Z");
    const audit = createAuditWriter({ database, clock: time.clock });
    const event = await audit.write((_tx, record) =>
      record({ actorType: "system", actorId: null, action: "test.first", details: { b: 2, a: [1, { d: 4, c: 3 }] } }),
    );
    expect(event).toMatchObject({
      seq: 1,
      ts: new Date("2026-05-06T07:08:09.123Z"),
      details: '{"a":[1,{"c":3,"d":4}],"b":2}',
      prevHash: GENESIS_HASH,
      targetType: null,
    });
    const stored = await chain(database);
    expect(stored).toEqual([event]);
    expectLinked(stored);
  });

  test("100 concurrent audited writes leave one chain: no fork, no gap, the head at the last", async () => {
    const { database } = suite.ctx();
    const audit = createAuditWriter({ database, clock: () => new Date() });
    const before = (await chain(database)).length;
    await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        audit.write(async (tx, record) => {
          await tx.db
            .insert(tx.t.hubSettings)
            .values({ key: `concurrent-${i}`, value: String(i), updatedAt: new Date() });
          await record({ actorType: "user", actorId: `u${i}`, action: "setting.update", targetId: `concurrent-${i}` });
        }),
      ),
    );
    const events = await chain(database);
    expect(events).toHaveLength(before + 100);
    expectLinked(events);
    const head = await database.db.select().from(database.t.auditHead);
    expect(head).toEqual([{ id: 1, seq: events.length, hash: events.at(-1)?.hash ?? "" }]);
    expect(new Set(events.map((e) => e.targetId)).size).toBe(before + 100);
  });

  test("a write that fails after recording its event leaves neither the write nor the event, and no seq is spent", async () => {
    const { database } = suite.ctx();
    const audit = createAuditWriter({ database, clock: () => new Date() });
    const before = await chain(database);
    const attempt = audit.write(async (tx, record) => {
      await tx.db.insert(tx.t.hubSettings).values({ key: "doomed", value: "x", updatedAt: new Date() });
      await record({ actorType: "user", actorId: "u", action: "setting.update", targetId: "doomed" });
      throw new Error("the rule said no");
    });
    await expect(attempt).rejects.toThrow("the rule said no");
    const { hubSettings } = database.t;
    expect(await database.db.select().from(hubSettings).where(eq(hubSettings.key, "doomed"))).toEqual([]);
    expect(await chain(database)).toEqual(before);
    const next = await audit.write((_tx, record) =>
      record({ actorType: "system", actorId: null, action: "test.after" }),
    );
    expect(next.seq).toBe(before.length + 1);
    expectLinked(await chain(database));
  });

  test("afterCommit hears of each event once its transaction committed, and never of a rolled-back one", async () => {
    const { database } = suite.ctx();
    const heard: number[] = [];
    const audit = createAuditWriter({
      database,
      clock: () => new Date(),
      afterCommit: (event) => {
        heard.push(event.seq);
      },
    });
    const first = await audit.write(async (_tx, record) => {
      await record({ actorType: "system", actorId: null, action: "test.a" });
      const b = await record({ actorType: "system", actorId: null, action: "test.b" });
      expect(heard).toEqual([]); // not committed yet
      return b;
    });
    expect(heard).toEqual([first.seq - 1, first.seq]);
    await expect(
      audit.write(async (_tx, record) => {
        await record({ actorType: "system", actorId: null, action: "test.c" });
        throw new Error("no");
      }),
    ).rejects.toThrow("no");
    // append() inside a service's own transaction is heard the same way.
    const third = await database.transaction((tx) =>
      audit.append(tx, { actorType: "system", actorId: null, action: "test.d" }),
    );
    expect(heard).toEqual([first.seq - 1, first.seq, third.seq]);
    expect(third.seq).toBe(first.seq + 1);
  });
});
