/**
 * Builds the web UI into web/dist with Vite. `--if-stale` skips the build when web/dist is
 * newer than every source file (what `npm start` uses).
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const webDir = join(import.meta.dir, "..", "web");
const dist = join(webDir, "dist", "index.html");

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "dist" || entry.name === "node_modules") continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

if (process.argv.includes("--if-stale") && existsSync(dist) && statSync(dist).mtimeMs >= newestSource(webDir)) {
  process.exit(0);
}
const proc = Bun.spawnSync(
  [
    "node",
    join(import.meta.dir, "..", "node_modules", "vite", "bin", "vite.js"),
    "build",
    "--config",
    join(webDir, "vite.config.ts"),
    "--logLevel",
    "warn",
  ],
  {
    stdio: ["ignore", "inherit", "inherit"],
  },
);
process.exit(proc.exitCode ?? 1);
