#!/usr/bin/env bun
import { runCli } from "./cli/run";

// runCli resolves once there is nothing left to do: at once for --help, --version, --check
// and refusals; after a signal and a graceful stop for a running mode. (No top-level await:
// the executable is compiled to bytecode, which needs a CommonJS-compatible entry.)
runCli(process.argv.slice(2), process.env).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
