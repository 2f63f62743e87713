#!/usr/bin/env bun
import { runCli } from "./cli/run";

// The same program is the engine's executor process when the Server starts it so
// (src/engine/executor/pool.ts); otherwise it is the CLI. runCli resolves once there is
// nothing left to do: at once for --help, --version, --check and refusals; after a signal
// and a graceful stop for a running mode. (No top-level await: the executable is compiled
// to bytecode, which needs a CommonJS-compatible entry.)
if (process.env.WEFT_ROLE === "executor") {
  import("./engine/executor/child").then(({ runExecutor }) => runExecutor());
} else {
  runCli(process.argv.slice(2), process.env).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
