import { afterAll, describe, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PG_URL } from "../helpers/hub-db";
import { freshPgTable, hubModeFlow } from "../helpers/hub-mode-flow";
import { type StartedProcess, startProcess } from "../helpers/process";

const MAIN = join(import.meta.dir, "..", "..", "src", "main.ts");
const SECRET = "two-process-registration-secret-0123";

/** Every process and folder a test made, stopped and removed at the end whatever happened. */
const started: StartedProcess[] = [];
const folders: string[] = [];
afterAll(async () => {
  for (const p of started.splice(0)) await p.stop();
  for (const f of folders.splice(0)) rmSync(f, { recursive: true, force: true });
});

async function weft(args: string[], env: Record<string, string> = {}): Promise<StartedProcess> {
  const home = mkdtempSync(join(tmpdir(), "weft-hm-home-"));
  folders.push(home);
  const p = await startProcess(
    [process.execPath, MAIN, ...args, "--port", "0", "--data-dir", join(home, "data")],
    { HOME: home, WEFT_NO_BROWSER: "1", ENGINE_PROCESSES: "1", ...env },
    { timeoutMs: 30_000 },
  );
  started.push(p);
  return p;
}

describe.skipIf(!PG_URL)("hub mode across real processes (WEFT_TEST_PG_URL)", () => {
  test("weft hub and a separate weft server --auth-mode hub", async () => {
    const pg = await freshPgTable(PG_URL as string);
    try {
      const hub = await weft(["hub", "--hub-server-token", SECRET]);
      const server = await weft([
        "server",
        "--auth-mode",
        "hub",
        "--hub-url",
        hub.origin,
        "--hub-server-token",
        SECRET,
        "--server-name",
        "two-process",
      ]);
      await hubModeFlow({ hub: hub.origin, server: server.origin, serverName: "two-process", pg });
    } finally {
      await pg.drop();
    }
  }, 120_000);

  test("weft all: the same flow in one process, its Server registered with its own Hub", async () => {
    const pg = await freshPgTable(PG_URL as string);
    try {
      const all = await weft(["all", "--server-name", "all-in-one"]);
      await hubModeFlow({ hub: all.origin, server: all.origin, serverName: "all-in-one", pg });
    } finally {
      await pg.drop();
    }
  }, 120_000);
});
