import { existsSync } from "node:fs";
import { createRequire } from "node:module";

/** A native addon the product cannot run without. */
interface Addon {
  name: string;
  /** A file of the platform package; its absence means npm skipped the package. */
  probe: string;
}

const ADDONS: Addon[] = [
  { name: "nodejs-polars-linux-x64-gnu", probe: "nodejs-polars-linux-x64-gnu/nodejs-polars.linux-x64-gnu.node" },
  { name: "@duckdb/node-bindings-linux-x64", probe: "@duckdb/node-bindings-linux-x64/duckdb.node" },
];

/**
 * Makes sure the native addons are there before anything needs them. In a source checkout
 * that means npm installed the linux-x64 packages (npm skips an optional platform package
 * whose `engines` does not match the running Node). The single-executable build swaps this
 * module for one that extracts the embedded addons. Returns a problem, or undefined.
 */
export function ensureNativeAddons(): string | undefined {
  if (process.platform !== "linux" || process.arch !== "x64") {
    return `Weft runs on linux-x64 only for now (this is ${process.platform}-${process.arch})`;
  }
  const require = createRequire(import.meta.url);
  const missing = ADDONS.filter((a) => {
    try {
      return !existsSync(require.resolve(a.probe));
    } catch {
      return true;
    }
  });
  if (missing.length === 0) return undefined;
  const names = missing.map((a) => a.name).join(", ");
  return `native package(s) missing: ${names}. Run \`npm install\` again (they are dependencies in package.json)`;
}
