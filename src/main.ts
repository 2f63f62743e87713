#!/usr/bin/env bun

// The same program is the engine's executor process when the Server starts it so
// (src/engine/executor/pool.ts); otherwise it is the CLI. runCli resolves once there is
// nothing left to do: at once for --help, --version, --check and refusals; after a signal
// and a graceful stop for a running mode. (No top-level await: the executable is compiled
// to bytecode, which needs a CommonJS-compatible entry.)
//
// Both roles are imported on demand, so an executor loads the engine and not the CLI with
// the Server, the Hub, drizzle and the database drivers behind it (1,336 modules; 372
// without). Every run's peak carries the executor's own size (docs/performance.md, "Bounded
// memory mode"): with the drivers also loaded on demand (formats/db/read-database.ts,
// formats/excel/on-demand.ts) an idle executor went from 140 to 68 MiB resident.
if (process.env.WEFT_ROLE === "executor") {
  import("./engine/executor/child").then(({ runExecutor }) => runExecutor());
} else {
  import("./cli/run")
    .then(({ runCli }) => runCli(process.argv.slice(2), process.env))
    .then(
      (code) => process.exit(code),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
}
