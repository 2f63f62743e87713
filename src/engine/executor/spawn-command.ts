import { join } from "node:path";

/**
 * The command that starts an executor: this same program with WEFT_ROLE=executor in its
 * environment (src/main.ts dispatches on it). In the single executable that is the
 * executable itself; from source it is Bun running src/main.ts.
 */
export function executorCommand(): string[] {
  const compiled = import.meta.url.includes("$bunfs") || import.meta.url.includes("~BUN");
  return compiled ? [process.execPath] : [process.execPath, join(import.meta.dir, "..", "..", "main.ts")];
}
