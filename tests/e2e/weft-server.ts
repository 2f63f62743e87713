import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../src/cli/config";
import { startWeft } from "../../src/cli/start";
import { createLogger } from "../../src/shared/logger";

export const repoRoot = join(import.meta.dir, "..", "..");
export const webDist = join(repoRoot, "web", "dist");

/** Builds web/dist when a source is newer (scripts/build-web.ts --if-stale); throws when the build fails. */
export function buildWebIfStale(): void {
  const build = Bun.spawnSync(["bun", join(repoRoot, "scripts", "build-web.ts"), "--if-stale"], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (build.exitCode !== 0) throw new Error(`web build failed (exit ${build.exitCode})`);
}

export interface E2eServer {
  /** The tokened URL `weft` prints (`http://127.0.0.1:<port>/?token=…`). */
  openUrl: string;
  url: string;
  token: string;
  /** A folder the Server may read and write (ALLOWED_FILE_PATHS): test data and outputs. */
  files: string;
  stop(): Promise<void>;
}

/**
 * A real Server in this process, as `weft` starts it (ephemeral token, port 0), serving the
 * built UI from web/dist and allowed to read and write one temporary folder.
 */
export async function startE2eServer(env: Record<string, string> = {}): Promise<E2eServer> {
  const root = mkdtempSync(join(tmpdir(), "weft-e2e-"));
  const files = join(root, "files");
  mkdirSync(files);
  const config = loadConfig({
    mode: "server",
    env: {
      HOME: root,
      WEFT_DATA_DIR: join(root, "data"),
      PORT: "0",
      AUTH_MODE: "ephemeral",
      WEFT_NO_BROWSER: "1",
      STATIC_FILES_PATH: webDist,
      ALLOWED_FILE_PATHS: files,
      CONNECTION_ENCRYPTION_KEY: "weft-e2e-test-key",
      ...env,
    },
  });
  const weft = await startWeft(config, createLogger({ level: "warn" }));
  const token = new URL(weft.openUrl).searchParams.get("token") ?? "";
  return {
    openUrl: weft.openUrl,
    url: weft.url,
    token,
    files,
    async stop() {
      await weft.stop(2_000);
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * `weft all` in this process, as it starts by default: the Hub and a Server in hub mode on
 * one port (port 0), or with `mode` "hub" the Hub alone; a fresh data directory (so the Hub needs its first account), serving
 * the built UI from web/dist. `files` is a folder outside the data directory, for a
 * filesystem connection the test grants.
 */
export async function startE2eAll(
  env: Record<string, string> = {},
  mode: "all" | "hub" = "all",
): Promise<Omit<E2eServer, "token">> {
  const root = mkdtempSync(join(tmpdir(), "weft-e2e-all-"));
  const files = join(root, "files");
  mkdirSync(files);
  const config = loadConfig({
    mode,
    env: {
      HOME: root,
      WEFT_DATA_DIR: join(root, "data"),
      PORT: "0",
      WEFT_NO_BROWSER: "1",
      STATIC_FILES_PATH: webDist,
      CONNECTION_ENCRYPTION_KEY: "weft-e2e-test-key",
      ...(mode === "all" ? { ENGINE_PROCESSES: "1" } : {}),
      ...env,
    },
  });
  const weft = await startWeft(config, createLogger({ level: "warn" }));
  return {
    openUrl: weft.openUrl,
    url: weft.url,
    files,
    async stop() {
      await weft.stop(2_000);
      rmSync(root, { recursive: true, force: true });
    },
  };
}
