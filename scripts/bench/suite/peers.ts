import { existsSync } from "node:fs";
import { join } from "node:path";
import type { PipelineScenario } from "./pipelines";
import type { PeerRun, Subject } from "./types";

/** The peers other than hand-written Polars, each a module scripts/bench/peers/<name>.ts exporting p1, p2, p3. */
export const PEER_NAMES = ["duckdb", "pandas", "arquero"] as const satisfies readonly Subject[];
export type PeerName = (typeof PEER_NAMES)[number];

/** One peer's implementation of one scenario, or why there is none. */
export type PeerEntry = { name: PeerName; run: PeerRun } | { name: PeerName; unavailable: string };

/** The name each scenario's implementation is exported under. */
const EXPORT_OF: Record<PipelineScenario, string> = { P1: "p1", P2: "p2", P3: "p3" };

/**
 * Loads the peers' modules. They are written apart from this harness (and may not exist
 * yet), so each is imported dynamically: a missing file, a module that fails to load or a
 * missing export makes that peer "unavailable" for the scenario, with the reason, never a
 * failure of the whole benchmark and never a silent gap in the table.
 */
export async function loadPeers(
  dir = join(import.meta.dir, "..", "peers"),
): Promise<(scenario: PipelineScenario) => PeerEntry[]> {
  const modules = new Map<PeerName, Record<string, unknown> | string>();
  for (const name of PEER_NAMES) {
    const path = join(dir, `${name}.ts`);
    if (!existsSync(path)) {
      modules.set(name, `scripts/bench/peers/${name}.ts is not there`);
      continue;
    }
    try {
      modules.set(name, (await import(path)) as Record<string, unknown>);
    } catch (err) {
      modules.set(name, `scripts/bench/peers/${name}.ts failed to load: ${err instanceof Error ? err.message : err}`);
    }
  }
  return (scenario) =>
    PEER_NAMES.map((name): PeerEntry => {
      const mod = modules.get(name);
      if (typeof mod === "string" || mod === undefined) return { name, unavailable: mod ?? "not loaded" };
      const run = mod[EXPORT_OF[scenario]];
      if (typeof run !== "function") {
        return { name, unavailable: `scripts/bench/peers/${name}.ts exports no ${EXPORT_OF[scenario]}` };
      }
      return { name, run: run as PeerRun };
    });
}
