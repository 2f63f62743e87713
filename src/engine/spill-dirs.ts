import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { isNoEntry } from "../shared/tolerant-fs";

/**
 * Folders a bounded run spills into (a CSV input copied in parts: formats/csv/split.ts), under
 * `<data dir>/spill/`, one per use, named for the executor's pid so a folder left by a killed
 * executor can be told from one in use.
 */
export function createSpillDir(dataDir: string): string {
  const root = join(dataDir, "spill");
  mkdirSync(root, { recursive: true });
  return mkdtempSync(join(root, `${process.pid}-`));
}

/** Makes a spill folder at each call, adding it to `made` (the job removes them when it ends). */
export function spillDirMaker(dataDir: string, made: string[]): () => string {
  return () => {
    const dir = createSpillDir(dataDir);
    made.push(dir);
    return dir;
  };
}

/** Removes a spill folder and what it holds. */
export function removeSpillDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}

/**
 * Removes the spill folders of executors no longer running (killed at a time limit, or a
 * crash), when an executor starts: their runs cannot remove them themselves.
 */
export function removeStaleSpillDirs(dataDir: string, isRunning: (pid: number) => boolean = pidRunning): void {
  const root = join(dataDir, "spill");
  let names: string[];
  try {
    names = readdirSync(root);
  } catch (err) {
    if (isNoEntry(err)) return; // No spill folder yet.
    throw err;
  }
  for (const name of names) {
    const pid = Number(/^(\d+)-/.exec(name)?.[1]);
    if (Number.isInteger(pid) && pid !== process.pid && !isRunning(pid)) removeSpillDir(join(root, name));
  }
}

function pidRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
