import { expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../src/cli/config";
import { startWeft } from "../../src/cli/start";
import { createLogger } from "../../src/shared/logger";

test("stop lets a request in flight finish, then refuses new connections and flushes the audit log", async () => {
  const dir = mkdtempSync(join(tmpdir(), "weft-stop-"));
  const config = loadConfig({ mode: "all", env: { HOME: dir, WEFT_DATA_DIR: dir, PORT: "0", AUTH_MODE: "disabled" } });
  const arrived = Promise.withResolvers<void>();
  const running = await startWeft(config, createLogger({ level: "error", sink: () => {} }), {
    extend: (app) =>
      app.get("/api/test/slow", async (c) => {
        arrived.resolve();
        await Bun.sleep(400);
        return c.json({ finished: true });
      }),
  });
  const inFlight = fetch(`${running.url}api/test/slow`);
  // In flight: the handler runs (a fixed wait is too short for a busy machine to get there).
  await arrived.promise;
  const stopped = running.stop();
  const res = await inFlight;
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ finished: true });
  await stopped;
  expect(
    await fetch(`${running.url}api/health/`).then(
      () => "answered",
      () => "refused",
    ),
  ).toBe("refused");
  const day = new Date().toISOString().slice(0, 10);
  expect(readFileSync(join(dir, "logs", `audit-${day}.jsonl`), "utf8")).toContain(
    '"path":"/api/test/slow","status":200',
  );
  rmSync(dir, { recursive: true, force: true });
});

test("stop gives up on a request that outlives the grace period", async () => {
  const dir = mkdtempSync(join(tmpdir(), "weft-stop-"));
  const config = loadConfig({
    mode: "server",
    env: { HOME: dir, WEFT_DATA_DIR: dir, PORT: "0", AUTH_MODE: "disabled" },
  });
  const arrived = Promise.withResolvers<void>();
  const logged: string[] = [];
  const running = await startWeft(config, createLogger({ level: "warn", sink: (line) => logged.push(line) }), {
    extend: (app) =>
      app.get("/api/test/endless", async (c) => {
        arrived.resolve();
        await Bun.sleep(60_000);
        return c.json({});
      }),
  });
  const inFlight = fetch(`${running.url}api/test/endless`).then(
    () => "answered",
    () => "cut",
  );
  await arrived.promise;
  const started = Date.now();
  await running.stop(300);
  // Past the 300 ms grace, not when the request would end (60 s); the margin is for a busy machine.
  expect(Date.now() - started).toBeLessThan(10_000);
  expect(await inFlight).toBe("cut");
  expect(logged.join("\n")).toContain("requests outlived the stop grace period and were cut");
  rmSync(dir, { recursive: true, force: true });
});
