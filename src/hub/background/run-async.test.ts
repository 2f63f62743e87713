import { expect, test } from "bun:test";
import { createLogger } from "../../shared/logger";
import { asyncPass } from "./run-async";

test("a pass still running is not started again; a failed pass is logged and the next one runs", async () => {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({ sink: (l) => lines.push(JSON.parse(l)) });
  let started = 0;
  let finish: (fail: boolean) => void = () => {};
  const tick = asyncPass(
    "demo",
    () =>
      new Promise<void>((resolve, reject) => {
        started++;
        finish = (fail) => (fail ? reject(new Error("boom")) : resolve());
      }),
    logger,
  );
  const first = tick();
  expect(tick()).toBeUndefined(); // the first is still running
  expect(started).toBe(1);
  finish(true);
  await first;
  expect(lines).toEqual([expect.objectContaining({ level: "error", msg: "demo failed" })]);
  const second = tick();
  expect(started).toBe(2);
  finish(false);
  await second;
  expect(lines).toHaveLength(1);
});
