import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { renderReport, replaceBlock } from "./report-markdown";
import type { ResultsFile } from "./results-file";
import { summarize } from "./summary";
import { chartFileName, scenarioChart } from "./svg-chart";
import { checkTargets } from "./targets";

/**
 * Rewrites the generated part of `<repo>/docs/performance.md` from a results file and writes
 * each scenario's chart to `<repo>/docs/performance/<scenario>.svg`. Returns the files written.
 */
export function writeDocs(file: ResultsFile, repo: string): string[] {
  const summaries = summarize(file.results);
  const chartDir = join(repo, "docs", "performance");
  mkdirSync(chartDir, { recursive: true });
  const written: string[] = [];
  for (const summary of summaries) {
    const title = file.titles[summary.scenario];
    const heading = title ? `${summary.scenario}: ${title}` : summary.scenario;
    const path = join(chartDir, chartFileName(summary.scenario));
    writeFileSync(path, scenarioChart(summary, `${heading} (median; whiskers min–max)`));
    written.push(path);
  }
  const doc = join(repo, "docs", "performance.md");
  writeFileSync(
    doc,
    replaceBlock(readFileSync(doc, "utf8"), renderReport(file.run, summaries, file.titles, checkTargets(file.results))),
  );
  written.push(doc);
  return written;
}
