import { cpus, loadavg, totalmem } from "node:os";
import { DUCKDB_VERSION, POLARS_VERSION } from "../../../src/shared/version";

/** What the figures were measured on: they compare only within one run on one machine. */
export interface MachineFacts {
  cores: number;
  cpu: string;
  memoryGiB: number;
  bun: string;
  polars: string;
  duckdb: string;
  /** The 1-minute load average when the run started and when it ended: other work on the machine inflates every figure. */
  loadAtStart: number;
  loadAtEnd?: number;
}

export function machineFacts(): MachineFacts {
  return {
    cores: cpus().length,
    cpu: cpus()[0]?.model.trim() ?? "unknown CPU",
    memoryGiB: Math.round(totalmem() / 1024 ** 3),
    bun: Bun.version,
    polars: POLARS_VERSION,
    duckdb: DUCKDB_VERSION,
    loadAtStart: loadavg()[0] ?? 0,
  };
}

/** The 1-minute load average now. */
export function loadNow(): number {
  return loadavg()[0] ?? 0;
}

/** One sentence for the report. */
export function describeMachine(m: MachineFacts): string {
  const load =
    m.loadAtEnd === undefined
      ? `load average ${m.loadAtStart.toFixed(1)} at the start`
      : `load average ${m.loadAtStart.toFixed(1)} at the start, ${m.loadAtEnd.toFixed(1)} at the end`;
  return (
    `${m.cores} cores (${m.cpu}), ${m.memoryGiB} GiB of memory; Bun ${m.bun}, nodejs-polars ${m.polars}, ` +
    `DuckDB ${m.duckdb}; ${load}.`
  );
}
