import { expect, test } from "bun:test";
import type { HubEvent } from "./broker";
import { createMemoryBroker } from "./memory-broker";

const data = (n: number) => ({ execution_id: `e-${n}`, status: "queued", user_id: "u" });

test("ids increase by one from the first; subscribers hear every event once; replay keeps the newest N", async () => {
  const broker = createMemoryBroker({ bufferSize: 3, firstId: 100 });
  const heard: HubEvent[] = [];
  const sub = broker.subscribe((e) => heard.push(e));
  for (let n = 0; n < 5; n++) await broker.publish("execution.created", data(n));
  expect(heard.map((e) => e.id)).toEqual([100, 101, 102, 103, 104]);
  expect(broker.subscribe(() => {}, { after: 100 }).replayed.map((e) => e.id)).toEqual([102, 103, 104]);
  expect(broker.subscribe(() => {}, { after: 103 }).replayed.map((e) => e.id)).toEqual([104]);
  expect(broker.subscribe(() => {}).replayed).toEqual([]);
  sub.unsubscribe();
  await broker.publish("execution.created", data(9));
  expect(heard).toHaveLength(5);
});

test("a listener that throws does not stop delivery to the others; after close nothing is delivered", async () => {
  const broker = createMemoryBroker();
  const heard: number[] = [];
  broker.subscribe(() => {
    throw new Error("boom");
  });
  broker.subscribe((e) => heard.push(e.id));
  await broker.publish("execution.log", data(1));
  expect(heard).toHaveLength(1);
  await broker.close();
  await broker.publish("execution.log", data(2));
  expect(heard).toHaveLength(1);
});

test("by default ids start from the start time (microseconds), so a restarted Hub's ids are above the last one's", async () => {
  const before = Date.now() * 1000;
  const broker = createMemoryBroker();
  const heard: number[] = [];
  broker.subscribe((e) => heard.push(e.id));
  await broker.publish("execution.created", data(1));
  expect(heard[0]).toBeGreaterThanOrEqual(before);
  expect(Number.isSafeInteger(heard[0])).toBe(true);
});
