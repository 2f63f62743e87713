import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../src/cli/config";
import { startWeft } from "../../src/cli/start";
import { createLogger } from "../../src/shared/logger";

/** A real Server started in this process for a benchmark, with `post` answering parsed JSON. */
export interface BenchServer {
  /** A fresh folder for outputs, removed by `stop`. */
  work: string;
  // biome-ignore lint/suspicious/noExplicitAny: benchmark answers are checked where used
  post(path: string, body: unknown): Promise<any>;
  /** The pids of the Server's engine processes (the executors that do a run's work), from its pool. */
  enginePids(): number[];
  stop(): Promise<void>;
}

/**
 * Starts a Server (authentication off, a port of its own, a fresh data directory) that may
 * read `allowed` and its own work folder. `post("workflow/execute", body)` throws on any
 * status but 200, so a benchmark never times an error.
 */
export async function startBenchServer(
  prefix: string,
  allowed: string[],
  env: Record<string, string> = {},
): Promise<BenchServer> {
  const work = mkdtempSync(join(tmpdir(), `weft-bench-${prefix}-`));
  const config = loadConfig({
    mode: "server",
    env: {
      HOME: work,
      WEFT_DATA_DIR: join(work, "data"),
      PORT: "0",
      AUTH_MODE: "disabled",
      WEFT_NO_BROWSER: "1",
      ALLOWED_FILE_PATHS: [...allowed, work].join(","),
      ...env,
    },
  });
  const weft = await startWeft(config, createLogger({ level: "warn" }));
  return {
    work,
    async post(path, body) {
      const res = await fetch(`${weft.url}api/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      const json = await res.json();
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
      return json;
    },
    enginePids() {
      return weft.engine?.stats().pids ?? [];
    },
    async stop() {
      await weft.stop();
      rmSync(work, { recursive: true, force: true });
    },
  };
}
