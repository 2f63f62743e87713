import { POLARS_VERSION } from "../shared/version";

/** What `weft --check` found: both engines loaded and answered a query. */
export interface SelfCheck {
  polars: { version: string; sum: number };
  duckdb: { version: string; answer: number };
  ms: number;
}

/**
 * Loads nodejs-polars and DuckDB (the native addons) and runs one query on each, so an
 * install or a single executable can be verified without a workflow.
 */
export async function runSelfCheck(): Promise<SelfCheck> {
  const started = performance.now();
  const pl = (await import("nodejs-polars")).default;
  const frame = pl.DataFrame({ a: [1, 2, 3] }).select(pl.col("a").sum());
  const sum = Number(frame.getColumn("a").get(0));
  const { DuckDBInstance } = await import("@duckdb/node-api");
  const instance = await DuckDBInstance.create(":memory:");
  const connection = await instance.connect();
  const reader = await connection.runAndReadAll("SELECT 42 AS answer, version() AS version");
  const [row] = reader.getRowObjects();
  connection.closeSync();
  instance.closeSync();
  return {
    polars: { version: POLARS_VERSION, sum },
    duckdb: { version: String(row?.version), answer: Number(row?.answer) },
    ms: Math.round(performance.now() - started),
  };
}
