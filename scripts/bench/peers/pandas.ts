/**
 * pandas peer: the scenarios in pandas (pandas_scenarios.py), each run by Debian's python3 in
 * its own process so its peak RSS is pandas' alone. pandas is installed from Debian with
 * apt-get the first time a scenario needs it (pandas-setup.ts), never by npm install.
 */
import { join } from "node:path";
import type { BenchData, PeerRun } from "../suite/types";
import { PeerUnavailable, type PipelineJob, runChild } from "./child";
import { type PandasSetup, type PandasSetupDeps, runCommand, setUpPandas } from "./pandas-setup";

const SCRIPT = join(import.meta.dir, "pandas_scenarios.py");

export function pandasPeer(deps: PandasSetupDeps) {
  // Set up once per bench process: probing imports pandas (about a second), installing more.
  let setup: Promise<PandasSetup> | undefined;
  const ready = () => {
    setup ??= setUpPandas(deps);
    return setup;
  };
  const run = async (job: PipelineJob) => {
    const { python, parquetEngine } = await ready();
    if (job.scenario === "P2" && parquetEngine === undefined)
      throw new PeerUnavailable(
        "pandas cannot read Parquet here: Debian packages neither python3-pyarrow nor python3-fastparquet",
      );
    // PYTHONPATH and PYTHONHOME of a pyenv or venv must not leak into Debian's python.
    return runChild([python, SCRIPT], job, { env: { PYTHONPATH: "", PYTHONHOME: "", PYTHONNOUSERSITE: "1" } });
  };
  const p1: PeerRun = (data: BenchData, outDir: string) =>
    run({ scenario: "P1", sales: data.salesCsv, customers: data.customersCsv, out: join(outDir, "pandas-p1.parquet") });
  const p2: PeerRun = (data: BenchData, outDir: string) =>
    run({
      scenario: "P2",
      sales: data.salesParquet,
      customers: data.customersParquet,
      out: join(outDir, "pandas-p2.parquet"),
    });
  const p3: PeerRun = (data: BenchData, outDir: string) =>
    run({ scenario: "P3", sales: data.salesCsv, customers: data.customersCsv, out: join(outDir, "pandas-p3.csv") });
  return { p1, p2, p3, ready };
}

const peer = pandasPeer({ run: runCommand, log: (line) => console.log(line), isRoot: process.getuid?.() === 0 });
export const { p1, p2, p3 } = peer;
/** Which pandas runs and what setup installed, for the report. */
export const pandasSetup = peer.ready;
