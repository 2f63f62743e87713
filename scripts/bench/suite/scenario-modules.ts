import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { BenchData, Result } from "./types";

/** What a scenario module (scripts/bench/suite/scenarios/<name>.ts) is given. */
export interface ScenarioContext {
  /** The largest size of the run (the latency scenarios are about big files). */
  data: BenchData;
  runs: number;
}

/** A scenario module as the harness found it, or why it cannot be run. */
export type ScenarioModule =
  | {
      /** The file's name without `.ts`: what `--only` selects it by, and the results' source. */
      name: string;
      run(ctx: ScenarioContext): Promise<Result[]>;
      /** Optional export `scenarios`: the scenario names it reports, so `--only preview` finds it. */
      scenarios: string[];
      /** Optional export `titles`: a line about each scenario for its table's heading. */
      titles: Record<string, string>;
    }
  | { name: string; unavailable: string };

/** The scenario modules' folder. */
export const SCENARIOS_DIR = join(import.meta.dir, "scenarios");

/**
 * Finds the scenario modules by listing their folder (tests and files starting with "_"
 * left out), in name order. Each must export `run(ctx): Promise<Result[]>`; one that fails to
 * load or lacks it is returned with the reason, to be reported rather than skipped.
 */
export async function findScenarioModules(dir = SCENARIOS_DIR): Promise<ScenarioModule[]> {
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !f.endsWith(".d.ts") && !f.startsWith("_"))
    .sort();
  const modules: ScenarioModule[] = [];
  for (const file of files) {
    const name = file.slice(0, -".ts".length);
    let mod: Record<string, unknown>;
    try {
      mod = (await import(join(dir, file))) as Record<string, unknown>;
    } catch (err) {
      modules.push({ name, unavailable: `failed to load: ${err instanceof Error ? err.message : err}` });
      continue;
    }
    if (typeof mod.run !== "function") {
      modules.push({ name, unavailable: "exports no run(ctx) function" });
      continue;
    }
    const scenarios = Array.isArray(mod.scenarios) ? mod.scenarios.filter((s) => typeof s === "string") : [];
    const titles = typeof mod.titles === "object" && mod.titles !== null ? (mod.titles as Record<string, string>) : {};
    modules.push({ name, run: mod.run as (ctx: ScenarioContext) => Promise<Result[]>, scenarios, titles });
  }
  return modules;
}
