/**
 * How a latency scenario times its subjects: each is warmed up and its answer checked
 * against the baseline's first, then the subjects take turns run by run (so a noisy moment
 * on a shared machine falls on all of them alike).
 */
import type { Answer, Result, Sample, Subject } from "../types";

/** One subject of a scenario: `once` does the work one time and tells what it answered. */
export interface Contender {
  subject: Subject;
  once(): Promise<{ sample: Sample; answer: Answer }>;
}

/** "200k", "1M", "10M": a row count as the variants name it. */
export function rowsLabel(rows: number): string {
  if (rows >= 1_000_000 && rows % 100_000 === 0) return `${rows / 1_000_000}M`;
  if (rows >= 1000 && rows % 100 === 0) return `${rows / 1000}k`;
  return String(rows);
}

const close = (a: unknown, b: unknown): boolean => {
  if (typeof a === "number" && typeof b === "number")
    return a === b || Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => close(x, b[i]));
  if (typeof a === "bigint" || typeof b === "bigint") return String(a) === String(b);
  return a === b;
};

/** Why `got` is not `expected` (row count, then the first differing top row); undefined when it is. */
export function answerDiffers(expected: Answer, got: Answer): string | undefined {
  if (got.rows !== expected.rows) return `${got.rows} rows, expected ${expected.rows}`;
  if (got.top.length !== expected.top.length) return `${got.top.length} top rows, expected ${expected.top.length}`;
  const at = expected.top.findIndex((row, i) => !close(row, got.top[i]));
  if (at === -1) return undefined;
  return `top row ${at + 1} is ${JSON.stringify(got.top[at])}, expected ${JSON.stringify(expected.top[at])}`;
}

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 300);

/**
 * Warms each contender `warmups` times, checks every answer against the first contender's
 * (the baseline), then times `runs` turns. A contender that throws is "unavailable" and one
 * that answers differently "wrong-answer", each with the reason and no samples; neither
 * stops the others.
 */
export async function pairedRuns(
  scenario: string,
  variant: string,
  contenders: readonly Contender[],
  runs: number,
  warmups = 3,
): Promise<Result[]> {
  const results = contenders.map((c): Result => ({ scenario, variant, subject: c.subject, status: "ok", samples: [] }));
  let expected: Answer | undefined;
  for (const [i, contender] of contenders.entries()) {
    const result = results[i] as Result;
    try {
      let answer: Answer | undefined;
      for (let w = 0; w < Math.max(1, warmups); w++) answer = (await contender.once()).answer;
      expected ??= answer;
      const wrong = expected && answer ? answerDiffers(expected, answer) : undefined;
      if (wrong) Object.assign(result, { status: "wrong-answer", note: wrong });
    } catch (err) {
      Object.assign(result, { status: "unavailable", note: reason(err) });
    }
  }
  for (let r = 0; r < runs; r++) {
    for (const [i, contender] of contenders.entries()) {
      const result = results[i] as Result;
      if (result.status !== "ok") continue;
      try {
        result.samples.push((await contender.once()).sample);
      } catch (err) {
        Object.assign(result, { status: "unavailable", note: reason(err), samples: [] });
      }
    }
  }
  return results;
}
