import { readFileSync } from "node:fs";

/**
 * How often the pool samples its executors' memory: often enough that a run allocating
 * gigabytes a second is stopped a few hundred MB past the limit, not gigabytes past it.
 */
export const MEMORY_SAMPLE_MS = 150;

/**
 * A process's resident memory in bytes (VmRSS of /proc/<pid>/status), or undefined where
 * there is no /proc (macOS, Windows: the limit is not enforced there) or the process is gone.
 */
export function residentBytes(pid: number): number | undefined {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return undefined;
  }
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
  return kb === undefined ? undefined : Number(kb) * 1024;
}
