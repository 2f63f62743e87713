/**
 * Builds the single executable `dist/weft` (linux-x64) with `bun build --compile`:
 * the web UI, the API viewers' scripts, the Drizzle migrations and both native addons
 * embedded. The recipe and its traps are in docs/single-executable.md.
 *
 *   bun scripts/build.ts [--outfile dist/weft] [--skip-web]
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import type { BunPlugin } from "bun";
import weftPackage from "../package.json" with { type: "json" };
import { DOCS_SCRIPTS } from "../src/http/docs-scripts";

const root = resolve(import.meta.dir, "..");
const args = process.argv.slice(2);
const outIndex = args.indexOf("--outfile");
const outfile = resolve(root, outIndex === -1 ? "dist/weft" : (args[outIndex + 1] ?? "dist/weft"));
const gen = join(root, "build", "gen");

function fail(message: string): never {
  console.error(`build: ${message}`);
  process.exit(1);
}

const nm = (p: string) => join(root, "node_modules", p);
const NATIVE = {
  polars: nm("nodejs-polars-linux-x64-gnu/nodejs-polars.linux-x64-gnu.node"),
  duckdb: nm("@duckdb/node-bindings-linux-x64/duckdb.node"),
  libduckdb: nm("@duckdb/node-bindings-linux-x64/libduckdb.so"),
};
for (const [name, path] of Object.entries(NATIVE)) {
  if (!existsSync(path)) fail(`native addon ${name} missing at ${relative(root, path)}: run npm install`);
}
for (const file of Object.values(DOCS_SCRIPTS)) {
  if (!existsSync(nm(file))) fail(`API viewer script missing at node_modules/${file}: run npm install`);
}

if (!args.includes("--skip-web")) {
  const web = Bun.spawnSync([process.execPath, join(root, "scripts", "build-web.ts")], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (web.exitCode !== 0) fail("the web UI did not build");
}
const webDist = join(root, "web", "dist");
if (!existsSync(join(webDist, "index.html"))) fail("web/dist/index.html missing");

rmSync(gen, { recursive: true, force: true });
mkdirSync(gen, { recursive: true });
const lit = (s: string) => JSON.stringify(s);

function filesBelow(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesBelow(join(dir, e.name)) : [join(dir, e.name)],
  );
}

// The web UI: URL path → embedded file.
const webFiles = filesBelow(webDist);
writeFileSync(
  join(gen, "web-assets.ts"),
  [
    `import { type AssetSource, embeddedAssets } from ${lit(join(root, "src/http/static-assets.ts"))};`,
    ...webFiles.map((f, i) => `import f${i} from ${lit(f)} with { type: "file" };`),
    `const FILES: Record<string, string> = {`,
    ...webFiles.map((f, i) => `  ${lit(`/${relative(webDist, f)}`)}: f${i},`),
    `};`,
    `export function defaultWebAssets(): AssetSource {`,
    `  return embeddedAssets(FILES);`,
    `}`,
  ].join("\n"),
);

// The API viewers' scripts, served by /docs and /redoc: URL path → embedded file.
const docsScripts = Object.entries(DOCS_SCRIPTS);
writeFileSync(
  join(gen, "docs-script-files.ts"),
  [
    `import { type AssetSource, embeddedAssets } from ${lit(join(root, "src/http/static-assets.ts"))};`,
    ...docsScripts.map(([, file], i) => `import s${i} from ${lit(nm(file))} with { type: "file" };`),
    `export function docsScriptAssets(): AssetSource {`,
    `  return embeddedAssets({ ${docsScripts.map(([url], i) => `${lit(url)}: s${i}`).join(", ")} });`,
    `}`,
  ].join("\n"),
);

// The migrations of both dialects, written out for drizzle's migrator when a Hub starts.
const migrationFiles = (["sqlite", "pg"] as const).flatMap((dialect) =>
  filesBelow(join(root, "drizzle", dialect))
    .filter((f) => f.endsWith(".sql") || f.endsWith("_journal.json"))
    .map((f) => ({ dialect, rel: relative(join(root, "drizzle", dialect), f), path: f })),
);
writeFileSync(
  join(gen, "migration-files.ts"),
  [
    `import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";`,
    `import { dirname, join } from "node:path";`,
    `import type { Dialect, MigrationsFolder } from ${lit(join(root, "src/db/migration-files.ts"))};`,
    ...migrationFiles.map((m, i) => `import m${i} from ${lit(m.path)} with { type: "file" };`),
    `const FILES: Record<Dialect, [string, string][]> = { sqlite: [], pg: [] };`,
    ...migrationFiles.map((m, i) => `FILES.${m.dialect}.push([${lit(m.rel)}, m${i}]);`),
    `export function migrationsFolder(dialect: Dialect, scratchDir: string): MigrationsFolder {`,
    `  mkdirSync(scratchDir, { recursive: true });`,
    `  const dir = mkdtempSync(join(scratchDir, "migrations-"));`,
    `  for (const [rel, source] of FILES[dialect]) {`,
    `    mkdirSync(dirname(join(dir, rel)), { recursive: true });`,
    `    writeFileSync(join(dir, rel), readFileSync(source));`,
    `  }`,
    `  return { path: dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };`,
    `}`,
  ].join("\n"),
);

// The native addons: extracted once per content hash, then loaded by the two shims below.
const hash = createHash("sha256");
for (const path of Object.values(NATIVE)) hash.update(readFileSync(path));
const nativeId = `${weftPackage.version}-${hash.digest("hex").slice(0, 16)}`;
writeFileSync(
  join(gen, "native-addons.ts"),
  [
    `import { join } from "node:path";`,
    `import { extractOnce } from ${lit(join(root, "src/runtime/extract-addons.ts"))};`,
    `import polars from ${lit(NATIVE.polars)} with { type: "file" };`,
    `import duckdb from ${lit(NATIVE.duckdb)} with { type: "file" };`,
    `import libduckdb from ${lit(NATIVE.libduckdb)} with { type: "file" };`,
    `const FILES = [`,
    `  { name: "polars.node", source: polars },`,
    `  { name: "duckdb.node", source: duckdb },`,
    `  { name: "libduckdb.so", source: libduckdb },`,
    `];`,
    `let dir: string | undefined;`,
    `function extract(replace: boolean): string | undefined {`,
    `  try {`,
    `    dir = extractOnce({ id: ${lit(nativeId)}, files: FILES, env: process.env, uid: process.getuid?.() ?? 0, replace });`,
    `  } catch (err) {`,
    `    return err instanceof Error ? err.message : String(err);`,
    `  }`,
    `  Bun.gc(true);`,
    `  return undefined;`,
    `}`,
    `/** Extracts the embedded addons (once per build) and answers a problem, or undefined. */`,
    `export function ensureNativeAddons(): string | undefined {`,
    `  return dir ? undefined : extract(false);`,
    `}`,
    `/** Where an addon was extracted; \`replace\` extracts again after a failed load. */`,
    `export function nativeAddonPath(name: "polars" | "duckdb", replace = false): string {`,
    `  const problem = replace ? extract(true) : ensureNativeAddons();`,
    `  if (problem) throw new Error(problem);`,
    `  return join(dir as string, name === "polars" ? "polars.node" : "duckdb.node");`,
    `}`,
  ].join("\n"),
);
const loader = readFileSync(join(import.meta.dir, "build", "native-loader.cjs.txt"), "utf8");
for (const name of ["polars", "duckdb"]) {
  writeFileSync(join(gen, `${name}-loader.cjs`), loader.replaceAll("__NAME__", name));
}

/** Our modules that the executable replaces with the generated ones above. */
const SWAPS: Record<string, string> = {
  [join(root, "src/http/web-assets")]: join(gen, "web-assets.ts"),
  [join(root, "src/http/docs-script-files")]: join(gen, "docs-script-files.ts"),
  [join(root, "src/db/migration-files")]: join(gen, "migration-files.ts"),
  [join(root, "src/runtime/native-addons")]: join(gen, "native-addons.ts"),
};

const swaps: BunPlugin = {
  name: "weft-single-executable",
  setup(build) {
    // The packages' platform dispatch requires every platform's binding: load ours instead.
    build.onResolve({ filter: /native-polars(\.js)?$/ }, (a) =>
      a.importer.includes("/nodejs-polars/") ? { path: join(gen, "polars-loader.cjs") } : undefined,
    );
    build.onResolve({ filter: /^@duckdb\/node-bindings$/ }, () => ({ path: join(gen, "duckdb-loader.cjs") }));
    build.onResolve({ filter: /\/(web-assets|docs-script-files|migration-files|native-addons)$/ }, (a) => {
      const target = SWAPS[resolve(dirname(a.importer), a.path)];
      return target ? { path: target } : undefined;
    });
  },
};

mkdirSync(dirname(outfile), { recursive: true });
const started = performance.now();
const result = await Bun.build({
  entrypoints: [join(root, "src/main.ts")],
  compile: { target: "bun-linux-x64", outfile },
  minify: true,
  sourcemap: "linked",
  bytecode: true,
  plugins: [swaps],
});
if (!result.success) {
  for (const log of result.logs) console.error(log);
  fail("bun build failed");
}
const size = statSync(outfile).size;
console.log(
  `built ${relative(root, outfile)}: ${(size / 1024 / 1024).toFixed(1)} MiB in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
