import duckdbPackage from "@duckdb/node-api/package.json" with { type: "json" };
import polarsPackage from "nodejs-polars/package.json" with { type: "json" };
import weftPackage from "../../package.json" with { type: "json" };

/** Weft's own version. */
export const WEFT_VERSION: string = weftPackage.version;
/** The bundled nodejs-polars and DuckDB, read from their packages so nothing native loads for it. */
export const POLARS_VERSION: string = polarsPackage.version;
export const DUCKDB_VERSION: string = duckdbPackage.version;
export const RUNTIME_VERSION = `bun ${Bun.version}`;
export const PLATFORM = `${process.platform}-${process.arch}`;
