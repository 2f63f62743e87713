/**
 * Keeps a peer's child from taking the machine down: at 10M rows pandas and Arquero hold
 * every row as objects (Arquero's P3 peaked at 2.9 GiB for 1M rows here, pandas' at 1.9 GiB),
 * and a process that outgrows the memory gets the OOM killer, which may pick another process.
 * The watch reads the child's RSS from /proc a few times a second and stops it past a budget,
 * so the peer is reported unavailable with the size it reached instead.
 */
import { readFileSync } from "node:fs";

/** MemAvailable of /proc/meminfo in MiB, or undefined where there is no /proc. */
export function availableMemoryMb(meminfo = readProc("/proc/meminfo")): number | undefined {
  const kb = /^MemAvailable:\s+(\d+) kB/m.exec(meminfo ?? "")?.[1];
  return kb === undefined ? undefined : Number(kb) / 1024;
}

/** The resident set of a running process in MiB (VmRSS), or undefined once it is gone. */
export function rssMbOf(pid: number): number | undefined {
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(readProc(`/proc/${pid}/status`) ?? "")?.[1];
  return kb === undefined ? undefined : Number(kb) / 1024;
}

/** The share of the memory available at the start a child may use. */
export const MEMORY_BUDGET_SHARE = 0.75;

export interface MemoryWatch {
  /** The RSS (MiB) at which the child was stopped, or undefined while it stayed in budget. */
  exceeded: () => number | undefined;
  stop: () => void;
}

/** Polls the process's RSS; past budgetMb, kills it (SIGKILL: it may not be able to clean up). */
export function watchMemory(pid: number, budgetMb: number, everyMs = 200): MemoryWatch {
  let over: number | undefined;
  const timer = setInterval(() => {
    const rss = rssMbOf(pid);
    if (rss === undefined || rss <= budgetMb) return;
    over = rss;
    clearInterval(timer);
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // It ended by itself between the read and the kill.
    }
  }, everyMs);
  return { exceeded: () => over, stop: () => clearInterval(timer) };
}

function readProc(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}
