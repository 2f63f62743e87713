/**
 * `npm run bench`: every benchmark scenario against its peers, in one run on one machine,
 * then docs/performance.md's generated part and its charts rewritten from the results.
 *
 *   seeded data per size (suite/data.ts)
 *     └─► P1, P2, P3 per size: Weft (a real Server over HTTP), hand-written Polars, the peers
 *   the largest size
 *     └─► every scenario module in suite/scenarios/ (latency, Hub, …)
 *   results JSON (under the bench data folder) ─► docs/performance.md + docs/performance/*.svg
 *
 * Options: --rows 1000000,5000000,10000000  --runs 5  --only P1,preview  --no-docs
 *          --report <results.json> (render the docs from an earlier run's results, run nothing)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { benchDataRoot } from "./sales-data";
import { benchData } from "./suite/data";
import { startHandwritten } from "./suite/handwritten-subject";
import { loadNow, machineFacts } from "./suite/machine";
import { type BenchOptions, parseOptions, selected } from "./suite/options";
import { loadPeers } from "./suite/peers";
import { runPipeline } from "./suite/pipeline-scenarios";
import { PIPELINE_SCENARIOS, PIPELINE_TITLES, pipelineVariant } from "./suite/pipelines";
import { latestResults, mergeResults, type ResultsFile, readResults, writeResults } from "./suite/results-file";
import { findScenarioModules } from "./suite/scenario-modules";
import type { SourcedResult } from "./suite/summary";
import type { BenchData, Result } from "./suite/types";
import { startWeftSubject } from "./suite/weft-subject";
import { writeDocs } from "./suite/write-docs";

const REPO = join(import.meta.dir, "..", "..");
const log = (line: string) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}`);
const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

async function runPipelines(options: BenchOptions, sizes: BenchData[], stamp: () => string): Promise<SourcedResult[]> {
  const scenarios = PIPELINE_SCENARIOS.filter((s) => selected(options, s));
  if (scenarios.length === 0) return [];
  const work = mkdtempSync(join(tmpdir(), "weft-bench-all-"));
  const weft = await startWeftSubject([benchDataRoot(), work]);
  const polars = await startHandwritten();
  const peersFor = await loadPeers();
  const results: SourcedResult[] = [];
  try {
    for (const data of sizes) {
      for (const scenario of scenarios) {
        const measuredAt = stamp();
        let found: Result[];
        try {
          found = await runPipeline(scenario, { data, runs: options.runs, weft, polars, peersFor, work, log });
        } catch (err) {
          // The expected answer could not be computed, or the harness itself failed: said, not dropped.
          const variant = pipelineVariant(scenario, data.rows);
          found = [{ scenario, variant, subject: "weft", status: "unavailable", note: message(err), samples: [] }];
        }
        results.push(...found.map((r) => ({ ...r, source: "pipelines", measuredAt })));
      }
    }
  } finally {
    polars.stop();
    await weft.stop();
    rmSync(work, { recursive: true, force: true });
  }
  return results;
}

async function runScenarioModules(options: BenchOptions, data: BenchData, titles: Record<string, string>) {
  const results: SourcedResult[] = [];
  for (const mod of await findScenarioModules()) {
    if (!selected(options, mod.name, ...("scenarios" in mod ? mod.scenarios : []))) continue;
    const measuredAt = new Date().toISOString();
    const failed = (note: string): SourcedResult => ({
      scenario: mod.name,
      variant: "–",
      subject: "weft",
      status: "unavailable",
      note,
      samples: [],
      source: mod.name,
      measuredAt,
    });
    if ("unavailable" in mod) {
      results.push(failed(`scripts/bench/suite/scenarios/${mod.name}.ts ${mod.unavailable}`));
      continue;
    }
    Object.assign(titles, mod.titles);
    log(`scenario module ${mod.name}...`);
    try {
      const found = await mod.run({ data, runs: options.runs });
      results.push(...found.map((r) => ({ ...r, source: mod.name, measuredAt })));
    } catch (err) {
      results.push(failed(`scripts/bench/suite/scenarios/${mod.name}.ts failed: ${message(err)}`));
    }
  }
  return results;
}

const options = parseOptions(process.argv.slice(2));
const resultsDir = join(benchDataRoot(), "results");
let file: ResultsFile;
if (options.report) {
  file = readResults(options.report);
} else {
  const machine = machineFacts();
  const startedAt = new Date().toISOString();
  const titles: Record<string, string> = { ...PIPELINE_TITLES };
  const sizes: BenchData[] = [];
  for (const rows of options.rows) {
    log(
      `seeded data: ${rows.toLocaleString("en-US")} sales rows and 100,000 customers, CSV and Parquet (reused when present)...`,
    );
    sizes.push(await benchData(rows));
  }
  const results = await runPipelines(options, sizes, () => new Date().toISOString());
  results.push(...(await runScenarioModules(options, sizes[sizes.length - 1] as BenchData, titles)));
  machine.loadAtEnd = loadNow();
  const earlier = options.only ? latestResults(resultsDir) : undefined;
  file = {
    run: { machine, rows: options.rows, runs: options.runs, startedAt },
    titles: { ...earlier?.titles, ...titles },
    results: earlier ? mergeResults(earlier.results, results) : results,
  };
  log(`results: ${writeResults(file, resultsDir)}`);
}
if (options.docs) {
  for (const path of writeDocs(file, REPO)) log(`wrote ${path}`);
}
process.exit(0);
