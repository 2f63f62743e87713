import { describe, expect, test } from "bun:test";
import { join } from "node:path";

// An executor process is as large as what it loads, and every run's peak memory carries
// that size (docs/performance.md, "Bounded memory mode"). These start the real entry point in
// the executor role and list the modules Bun loaded: the engine's, not the CLI's with the
// Server, the Hub and drizzle, nor the drivers a run may never use.

const MAIN = join(import.meta.dir, "..", "..", "main.ts");

/** The modules loaded once `src/main.ts` has started in `role` (before any job or init). */
function loadedModules(role: "executor" | "cli"): string[] {
  // Waits for the role's own module, not for a time: main.ts imports it on demand.
  const script = `
    const wanted = ${JSON.stringify(role === "executor" ? "/engine/executor/child.ts" : "/cli/run.ts")};
    process.argv.splice(2, process.argv.length, "--version");
    process.exit = () => {};
    await import(${JSON.stringify(MAIN)});
    while (!Object.keys(require.cache).some((k) => k.endsWith(wanted))) await new Promise((r) => setImmediate(r));
    console.log(JSON.stringify(Object.keys(require.cache)));
    process.reallyExit(0);
  `;
  const env: Record<string, string | undefined> = { ...process.env, WEFT_ROLE: role === "executor" ? "executor" : "" };
  const proc = Bun.spawnSync([process.execPath, "-e", script], { env, stderr: "pipe" });
  if (proc.exitCode !== 0) throw new Error(`bun -e failed: ${proc.stderr.toString()}`);
  const lines = proc.stdout.toString().trim().split("\n");
  return JSON.parse(lines[lines.length - 1] as string) as string[];
}

const packageOf = (path: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path)?.[1];

describe("what an executor process loads", () => {
  test("the engine, without the CLI, the Server, the Hub or the drivers of formats it may never read", () => {
    const modules = loadedModules("executor");
    expect(modules.some((m) => m.endsWith("/src/engine/engine.ts"))).toBe(true);
    expect(modules.some((m) => m.endsWith("/src/formats/registry.ts"))).toBe(true);
    const ours = modules.filter((m) => m.includes("/src/")).map((m) => m.slice(m.lastIndexOf("/src/") + 1));
    expect(ours.filter((m) => /^src\/(cli|server|hub|db|http)\//.test(m))).toEqual([]);
    const packages = new Set(modules.map(packageOf));
    for (const heavy of ["@e965/xlsx", "tedious", "mysql2", "drizzle-orm", "hono", "@hono/zod-openapi"]) {
      expect({ heavy, loaded: packages.has(heavy) }).toEqual({ heavy, loaded: false });
    }
  });

  test("the check can fail: the CLI role loads the Server and drizzle", () => {
    const packages = new Set(loadedModules("cli").map(packageOf));
    expect(packages.has("hono")).toBe(true);
    expect(packages.has("drizzle-orm")).toBe(true);
  });
});
