import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { TOOL_TYPES } from "./tool-meta";

/**
 * Which way the tools' files point. The descriptions (`<tool>/meta.ts`, catalog.ts) are read
 * by the Server process and bundled into the web app: their imports must never reach Polars
 * (only the engine's executor processes load it) nor Node's own modules. And `tools/` never
 * imports `codegen/`: code generation reads the tools, not the other way round.
 */

const SRC = resolve(import.meta.dir, "..");
const transpiler = new Bun.Transpiler({ loader: "ts" });

/** The modules a file loads when it runs (type-only imports are left out, as at run time). */
function runtimeImports(file: string): string[] {
  return transpiler.scanImports(readFileSync(file, "utf8")).map((i) => i.path);
}

function resolveLocal(from: string, spec: string): string {
  const base = resolve(dirname(from), spec);
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, "index.ts"), base]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`${relative(SRC, from)} imports "${spec}", which is no file`);
}

/**
 * The chain of imports from `entry` to the first package `refused` says no to, e.g.
 * ["tools/catalog.ts", "tools/x/meta.ts", "nodejs-polars"]; undefined when none is reached.
 */
function refusedChain(entry: string, refused: (pkg: string) => boolean): string[] | undefined {
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]): string[] | undefined => {
    if (seen.has(file)) return undefined;
    seen.add(file);
    const here = [...chain, relative(SRC, file)];
    for (const spec of runtimeImports(file)) {
      if (spec.startsWith(".")) {
        const found = walk(resolveLocal(file, spec), here);
        if (found) return found;
      } else if (refused(spec)) return [...here, spec];
    }
    return undefined;
  };
  return walk(entry, []);
}

const notForTheWeb = (pkg: string) => pkg === "nodejs-polars" || pkg.startsWith("node:") || pkg.startsWith("bun");

const productionFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".test.ts"))
    .map((f) => join(dir, f));

describe("the tools' descriptions load neither Polars nor Node", () => {
  const entries = [
    "tools/catalog.ts",
    "tools/tool-meta.ts",
    "tools/validate-graph.ts",
    ...TOOL_TYPES.map((t) => `tools/${t}/meta.ts`),
  ];
  test.each(entries)("%s", (entry) => {
    expect(refusedChain(join(SRC, entry), notForTheWeb)).toBeUndefined();
  });

  test("the walk follows imports down to the package (a builder reaches Polars)", () => {
    expect(refusedChain(join(SRC, "tools/registry.ts"), notForTheWeb)).toContain("nodejs-polars");
    const chain = refusedChain(join(SRC, "tools/sort/index.ts"), (pkg) => pkg === "nodejs-polars");
    expect(chain?.[0]).toBe("tools/sort/index.ts");
    expect(chain?.at(-1)).toBe("nodejs-polars");
  });
});

describe("tools/ never imports codegen/", () => {
  test("no production file under src/tools imports a file under src/codegen", () => {
    const codegen = join(SRC, "codegen");
    const offending = productionFiles(join(SRC, "tools")).flatMap((file) =>
      runtimeImports(file)
        .filter((spec) => spec.startsWith(".") && resolveLocal(file, spec).startsWith(`${codegen}/`))
        .map((spec) => `${relative(SRC, file)} imports ${spec}`),
    );
    expect(offending).toEqual([]);
  });

  test("codegen/ reads the tools (the check looks where the imports are)", () => {
    const tools = join(SRC, "tools");
    const reading = productionFiles(join(SRC, "codegen")).filter((file) =>
      runtimeImports(file).some((spec) => spec.startsWith(".") && resolveLocal(file, spec).startsWith(`${tools}/`)),
    );
    expect(reading.length).toBeGreaterThan(0);
  });
});
