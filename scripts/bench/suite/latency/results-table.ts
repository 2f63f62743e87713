/**
 * The Markdown table a latency scenario prints when run on its own: per variant and subject
 * the median, min-max and peak RSS, Weft's ratio to the hand-written baseline, and the
 * issue's target with whether Weft's median meets it. (The suite's report makes the
 * published tables; this is the developer's quick look.)
 */
import type { Result } from "../types";
import { targetFor } from "./targets";
import { median } from "./timing";

const ms = (x: number) => (Number.isNaN(x) ? "-" : `${x.toFixed(x < 100 ? 1 : 0)} ms`);

function cells(result: Result, baseline: Result | undefined): string[] {
  const times = result.samples.map((s) => s.ms);
  if (result.status !== "ok" || times.length === 0) return [result.status, result.note ?? "", "", "", ""];
  const peaks = result.samples.map((s) => s.peakRssMb).filter((mb): mb is number => mb !== undefined);
  const base = baseline?.status === "ok" ? median(baseline.samples.map((s) => s.ms)) : Number.NaN;
  const own = median(times);
  const target = result.subject === "weft" ? targetFor(result.scenario, result.variant) : undefined;
  const verdict = target
    ? `${target.words}: ${target.met(own, Number.isNaN(base) ? undefined : base) ? "met" : "MISSED"}`
    : "";
  return [
    ms(own),
    `${ms(Math.min(...times))} – ${ms(Math.max(...times))}`,
    peaks.length ? `${Math.max(...peaks).toFixed(0)} MiB` : "",
    result.subject !== "polars" && !Number.isNaN(base) ? `${(own / base).toFixed(2)}x` : "",
    [verdict, result.note].filter(Boolean).join("; "),
  ];
}

/** One table of `results`; ratios are against the "polars" result of the same scenario and variant. */
export function resultsTable(results: readonly Result[]): string {
  const lines = [
    "| scenario | variant | subject | median | min – max | peak RSS | / polars | target |",
    "|---|---|---|---:|---|---:|---:|---|",
  ];
  for (const r of results) {
    const baseline = results.find(
      (b) => b.scenario === r.scenario && b.variant === r.variant && b.subject === "polars",
    );
    lines.push(`| ${[r.scenario, r.variant, r.subject, ...cells(r, baseline)].join(" | ")} |`);
  }
  return lines.join("\n");
}
