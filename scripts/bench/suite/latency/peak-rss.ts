import { readdirSync, readFileSync } from "node:fs";
import { peakRssMb } from "../measure";

/** The live child processes of this process (Linux /proc), but `except`. */
export function childPids(except: readonly number[] = []): number[] {
  const pids: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return pids;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || except.includes(Number(entry))) continue;
    try {
      // Field 4 of stat is the parent; the name (field 2) may hold spaces, so read after its ")".
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === process.pid) pids.push(Number(entry));
    } catch {
      // exited while we looked
    }
  }
  return pids;
}

/**
 * The peak RSS of the Server's engine: the largest of this process's children but `except`
 * (the in-process Server's executors do the work of a request). Each executor's peak is over
 * its life, so a scenario that starts its own Server measures its own jobs.
 */
export function enginePeakRssMb(except: readonly number[] = []): number | undefined {
  const peaks = childPids(except)
    .map(peakRssMb)
    .filter((mb): mb is number => mb !== undefined);
  return peaks.length === 0 ? undefined : Math.max(...peaks);
}
