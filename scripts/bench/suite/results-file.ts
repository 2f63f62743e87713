import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { RunFacts } from "./report-markdown";
import type { SourcedResult } from "./summary";

/** What `npm run bench` keeps of a run: its facts and every result, the docs being rendered from it. */
export interface ResultsFile {
  run: RunFacts;
  /** A line about each scenario for its table's heading. */
  titles: Record<string, string>;
  results: SourcedResult[];
}

/**
 * Writes the run as `<dir>/bench-<start time>.json` and as `<dir>/latest.json` (what a run
 * with `--only` merges into); returns the first path.
 */
export function writeResults(file: ResultsFile, dir: string): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `bench-${file.run.startedAt.replaceAll(":", "-").replace(/\.\d+Z$/, "Z")}.json`);
  writeFileSync(path, `${JSON.stringify(file, null, 1)}\n`);
  copyFileSync(path, join(dir, "latest.json"));
  return path;
}

export function readResults(path: string): ResultsFile {
  return JSON.parse(readFileSync(path, "utf8")) as ResultsFile;
}

/** The latest run in `dir`, if there is one. */
export function latestResults(dir: string): ResultsFile | undefined {
  const path = join(dir, "latest.json");
  return existsSync(path) ? readResults(path) : undefined;
}

/**
 * A partial run (`--only`) laid over an earlier one: each scenario the new run measured
 * replaces all of that scenario's earlier results, in the earlier one's place; the others
 * are kept (each table says when it was measured); scenarios new to the file come last.
 */
export function mergeResults(earlier: SourcedResult[], now: SourcedResult[]): SourcedResult[] {
  const measured = new Set(now.map((r) => r.scenario));
  const merged: SourcedResult[] = [];
  const placed = new Set<string>();
  for (const r of earlier) {
    if (!measured.has(r.scenario)) merged.push(r);
    else if (!placed.has(r.scenario)) {
      placed.add(r.scenario);
      merged.push(...now.filter((n) => n.scenario === r.scenario));
    }
  }
  merged.push(...now.filter((n) => !placed.has(n.scenario)));
  return merged;
}
