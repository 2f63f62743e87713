import { mkdirSync } from "node:fs";
import { join } from "node:path";
import pl from "nodejs-polars";
import { collectHandwritten } from "../handwritten-pipelines";
import { answerDifference, answerOf } from "./answer";
import type { HandwrittenSubject } from "./handwritten-subject";
import { alternate } from "./measure";
import type { PeerEntry } from "./peers";
import { BOUNDED_SCENARIOS, outputPath, type PipelineScenario, pipelineVariant, weftWorkflow } from "./pipelines";
import type { Answer, BenchData, Result, Sample, Subject } from "./types";
import type { WeftSubject } from "./weft-subject";

export interface PipelineContext {
  data: BenchData;
  runs: number;
  weft: WeftSubject;
  polars: HandwrittenSubject;
  peersFor(scenario: PipelineScenario): PeerEntry[];
  /** A folder for the subjects' outputs. */
  work: string;
  log(line: string): void;
}

/** One subject's single run of a scenario, with the answer it wrote. */
type Once = () => Promise<{ sample: Sample; answer: Answer }>;

/** What one timed run came to: its sample, or why it does not count. */
type Outcome = { sample: Sample } | { wrong: string } | { error: string };

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Runs one pipeline scenario for Weft, hand-written Polars and every peer on one data size.
 * The expected answer comes first (handwritten-pipelines.ts collectHandwritten). Each subject's first run is
 * its check (and its warm-up): a subject that fails it is reported "wrong-answer" or
 * "unavailable" with the reason and is not timed. The others are timed `runs` times,
 * alternating (measure.ts `alternate`), every run's answer checked again.
 */
export async function runPipeline(scenario: PipelineScenario, ctx: PipelineContext): Promise<Result[]> {
  const { data } = ctx;
  const variant = pipelineVariant(scenario, data.rows);
  const dir = join(ctx.work, `${scenario.toLowerCase()}-${data.rows}`);
  mkdirSync(dir, { recursive: true });
  ctx.log(`${scenario} (${variant}): computing the expected answer...`);
  const expected = answerOf(collectHandwritten(scenario, data));

  const read = (path: string) => (path.endsWith(".csv") ? pl.readCSV(path) : pl.readParquet(path));
  const fromFile = (path: string, sample: Sample) => ({ sample, answer: answerOf(read(path)) });
  const weftOut = outputPath(scenario, dir, "weft");
  const polarsOut = outputPath(scenario, dir, "polars");
  const boundedOut = outputPath(scenario, dir, "weft-bounded");
  const bounded: Once = async () => {
    const { sample, body } = await ctx.weft.execute(weftWorkflow(scenario, data, boundedOut, { memory: "bounded" }));
    // A Server without the mode ignores meta.memory: its run must not be reported as bounded.
    const mode = body?.metrics?.memory_mode;
    if (mode !== "bounded") throw new Error(`the Server ran it in ${mode ?? "its only"} memory mode, not bounded`);
    return fromFile(boundedOut, sample);
  };
  const knownOut = outputPath(scenario, dir, "weft-known");
  const known: Once = async () => {
    const { sample, body } = await ctx.weft.execute(weftWorkflow(scenario, data, knownOut, { row_counts: "known" }));
    const mode = body?.metrics?.row_counts;
    if (mode !== "known") throw new Error(`the Server counted ${mode ?? "every tool's"} rows, not only the known ones`);
    return fromFile(knownOut, sample);
  };
  const subjects: { subject: Subject; once?: Once; unavailable?: string }[] = [
    {
      subject: "weft",
      once: async () => fromFile(weftOut, (await ctx.weft.execute(weftWorkflow(scenario, data, weftOut))).sample),
    },
    { subject: "weft-known", once: known },
    ...(BOUNDED_SCENARIOS.includes(scenario) ? [{ subject: "weft-bounded" as const, once: bounded }] : []),
    { subject: "polars", once: async () => fromFile(polarsOut, await ctx.polars.run(scenario, data, polarsOut)) },
    ...ctx.peersFor(scenario).map((peer) => {
      if ("unavailable" in peer) return { subject: peer.name, unavailable: peer.unavailable };
      const out = join(dir, peer.name);
      mkdirSync(out, { recursive: true });
      return { subject: peer.name, once: () => peer.run(data, out) };
    }),
  ];

  const attempt = async (once: Once): Promise<Outcome> => {
    try {
      const { sample, answer } = await once();
      const wrong = answerDifference(expected, answer);
      return wrong ? { wrong } : { sample };
    } catch (err) {
      return { error: message(err) };
    }
  };

  const results: Result[] = [];
  const checked: { subject: Subject; once: Once }[] = [];
  for (const { subject, once, unavailable } of subjects) {
    const base = { scenario, variant, subject, samples: [] };
    if (!once) {
      results.push({ ...base, status: "unavailable", note: unavailable });
      continue;
    }
    ctx.log(`${scenario} (${variant}): checking ${subject}...`);
    const check = await attempt(once);
    if ("wrong" in check) results.push({ ...base, status: "wrong-answer", note: check.wrong });
    else if ("error" in check) results.push({ ...base, status: "unavailable", note: check.error });
    else checked.push({ subject, once });
  }

  ctx.log(`${scenario} (${variant}): ${ctx.runs} alternating runs of ${checked.map((c) => c.subject).join(", ")}...`);
  const timedRuns = await alternate(
    checked.map(({ subject, once }) => ({ name: subject, run: () => attempt(once) })),
    ctx.runs,
    0,
  );
  for (const { subject } of checked) {
    results.push(toResult(scenario, variant, subject, timedRuns.get(subject) ?? []));
  }
  return results;
}

/** A subject's timed runs as a Result: any run that failed or answered wrong voids the rest. */
export function toResult(scenario: string, variant: string, subject: Subject, outcomes: Outcome[]): Result {
  const base = { scenario, variant, subject };
  for (const [i, outcome] of outcomes.entries()) {
    if ("wrong" in outcome)
      return { ...base, status: "wrong-answer", note: `run ${i + 1}: ${outcome.wrong}`, samples: [] };
    if ("error" in outcome)
      return { ...base, status: "unavailable", note: `run ${i + 1}: ${outcome.error}`, samples: [] };
  }
  return { ...base, status: "ok", samples: outcomes.map((o) => (o as { sample: Sample }).sample) };
}
