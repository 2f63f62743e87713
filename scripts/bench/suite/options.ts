import { PUBLISHED_ROWS, PUBLISHED_RUNS } from "./report-markdown";

/** The options of `npm run bench` (bench-all.ts). */
export interface BenchOptions {
  /** Sales sizes to run the pipeline scenarios at, ascending; the other scenarios get the largest. */
  rows: number[];
  /** Timed runs per subject (after one checked, untimed run). */
  runs: number;
  /** Scenario names (P1, preview, …) or scenario module names to run; all when absent. */
  only?: string[];
  /** Rewrite docs/performance.md and its charts (true unless --no-docs). */
  docs: boolean;
  /** Render the docs from this results file instead of running anything. */
  report?: string;
}

const USAGE =
  "usage: bun scripts/bench/bench-all.ts [--rows 1000000,5000000,10000000] [--runs 5] [--only P1,preview] [--no-docs] [--report results.json]";

/** Parses argv (without the program and script); throws with the usage on anything it does not know. */
export function parseOptions(argv: string[]): BenchOptions {
  const options: BenchOptions = { rows: PUBLISHED_ROWS, runs: PUBLISHED_RUNS, docs: true };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith("--")) throw new Error(`${flag} needs a value\n${USAGE}`);
      return v;
    };
    if (flag === "--rows") options.rows = list(value()).map((v) => positiveInt(flag, v.replaceAll("_", "")));
    else if (flag === "--runs") options.runs = positiveInt(flag, value());
    else if (flag === "--only") options.only = list(value());
    else if (flag === "--no-docs") options.docs = false;
    else if (flag === "--report") options.report = value();
    else throw new Error(`unknown option ${flag}\n${USAGE}`);
  }
  options.rows = [...new Set(options.rows)].sort((a, b) => a - b);
  return options;
}

/** Whether `--only` selects a name (case-insensitive); everything is selected without it. */
export function selected(options: Pick<BenchOptions, "only">, ...names: string[]): boolean {
  if (!options.only) return true;
  const wanted = new Set(options.only.map((n) => n.toLowerCase()));
  return names.some((n) => wanted.has(n.toLowerCase()));
}

const list = (v: string) =>
  v
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");

function positiveInt(flag: string, v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${flag}: "${v}" is not a positive whole number\n${USAGE}`);
  return n;
}
