import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/**
 * The parts import only down DESIGN.md's picture: `cli` parses settings and starts apps, so
 * no app imports it; the Hub talks to Servers over HTTP, so it never imports `server/` or
 * `engine/`; `http/` is the plumbing both apps are mounted on; `shared/` is below them all.
 */
const SRC = import.meta.dir;

/** Each part, and the parts it must not import. */
const FORBIDDEN: Record<string, readonly string[]> = {
  server: ["cli", "hub"],
  hub: ["cli", "server", "engine"],
  // engine/executor/pool.test.ts reads the Server's health route, so server/ is not listed yet.
  engine: ["cli", "hub", "db"],
  db: ["cli", "server", "hub", "engine"],
  http: ["cli", "server", "hub", "engine", "db"],
  shared: ["cli", "server", "hub", "engine", "db", "http", "tools", "codegen", "expr", "formats", "runtime"],
};

const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s+["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The part (first folder under src/) a relative import lands in, or undefined outside src/. */
function partOf(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const target = relative(SRC, resolve(dirname(file), specifier));
  if (target.startsWith("..")) return undefined;
  return target.split("/")[0];
}

/** `<file> → <specifier>` for every import of `part`'s files that lands in a forbidden part. */
function violations(part: string, forbidden: readonly string[]): string[] {
  return sourceFiles(join(SRC, part)).flatMap((file) => {
    const text = readFileSync(file, "utf8");
    return [...text.matchAll(IMPORT)]
      .map((m) => (m[1] ?? m[2]) as string)
      .filter((specifier) => forbidden.includes(partOf(file, specifier) ?? ""))
      .map((specifier) => `${relative(SRC, file)} → ${specifier}`);
  });
}

describe("imports point down the picture of the parts", () => {
  for (const part of Object.keys(FORBIDDEN)) {
    test(`${part}/ imports none of ${FORBIDDEN[part]?.join(", ")}`, () => {
      expect(violations(part, FORBIDDEN[part] ?? [])).toEqual([]);
    });
  }

  test("the check sees the imports there are (cli/ starts the Server and the Hub)", () => {
    expect(violations("cli", ["server", "hub"])).toEqual(
      expect.arrayContaining(["cli/start.ts → ../server/start", "cli/start.ts → ../hub/start"]),
    );
    expect(partOf(join(SRC, "cli", "start.ts"), "hono")).toBeUndefined();
  });
});
