import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/*
 * What the web app may take from src/ (issue 15): the contracts both apps share and the tool
 * catalog, and, as types only, the route schemas of the APIs it calls (their requests and
 * answers, api-types.ts). Anything else of the Server (its services, the engine, the formats)
 * stays out, so the UI neither bundles it nor compiles against its internals.
 */

const WEB_SRC = import.meta.dir;
const ROOT = resolve(WEB_SRC, "../..");

interface Rule {
  /** Matches a path relative to the repository, without its extension. */
  path: RegExp;
  /** Only `import type` / `export type` (nothing of it is bundled). */
  typeOnly: boolean;
}

const ALLOWED: Rule[] = [
  { path: /^src\/shared\//, typeOnly: false },
  { path: /^src\/tools\/catalog(\/|$)/, typeOnly: false },
  { path: /^src\/tools\/[^/]+\/meta$/, typeOnly: false },
  { path: /^src\/server\/schemas\/[^/]+$/, typeOnly: true },
];

/** The specifiers of every import and re-export in `text`, with whether each is type-only. */
function importsOf(text: string): { spec: string; typeOnly: boolean }[] {
  const out: { spec: string; typeOnly: boolean }[] = [];
  for (const m of text.matchAll(/\b(import|export)\s+(type\s+)?([^;"']*?)\bfrom\s+["']([^"']+)["']/g)) {
    out.push({ spec: m[4] as string, typeOnly: m[2] !== undefined });
  }
  for (const m of text.matchAll(/\bimport\s*\(\s*["']([^"']+)["']\s*\)|^import\s+["']([^"']+)["']/gm)) {
    out.push({ spec: (m[1] ?? m[2]) as string, typeOnly: false });
  }
  return out;
}

/** Why `spec`, imported by `file`, breaks the rule; undefined when it keeps it. */
function breach(file: string, spec: string, typeOnly: boolean): string | undefined {
  if (!spec.startsWith(".")) return undefined;
  const target = relative(ROOT, resolve(dirname(file), spec)).replace(/\.(tsx?|js)$/, "");
  if (!target.startsWith("src/")) return undefined;
  const rule = ALLOWED.find((r) => r.path.test(target));
  if (!rule) return `${target} is not a shared contract, the tool catalog or a route schema`;
  if (rule.typeOnly && !typeOnly) return `${target} may only be imported as types (import type)`;
  return undefined;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("web/ imports of src/", () => {
  test("only the shared contracts, the tool catalog and (as types) the route schemas", () => {
    const breaches: string[] = [];
    for (const file of sourceFiles(WEB_SRC)) {
      for (const { spec, typeOnly } of importsOf(readFileSync(file, "utf8"))) {
        const why = breach(file, spec, typeOnly);
        if (why) breaches.push(`${relative(ROOT, file)}: ${why}`);
      }
    }
    expect(breaches).toEqual([]);
  });

  test("the check sees what it must refuse", () => {
    const file = join(WEB_SRC, "lib", "x.ts");
    const found = importsOf(
      'import type {\n  A,\n} from "../../../src/engine/job";\nimport { b } from "../../../src/server/schemas/files";\nexport type { C } from "../../../src/server/schemas/files";\nimport "./styles.css";\n',
    );
    expect(found).toEqual([
      { spec: "../../../src/engine/job", typeOnly: true },
      { spec: "../../../src/server/schemas/files", typeOnly: false },
      { spec: "../../../src/server/schemas/files", typeOnly: true },
      { spec: "./styles.css", typeOnly: false },
    ]);
    expect(breach(file, "../../../src/engine/job", true)).toContain("src/engine/job is not");
    expect(breach(file, "../../../src/server/services/file-browser", true)).toContain("is not");
    expect(breach(file, "../../../src/server/schemas/files", false)).toContain("only be imported as types");
    expect(breach(file, "../../../src/server/schemas/files", true)).toBeUndefined();
    expect(breach(file, "../../../src/shared/uri-secrets", false)).toBeUndefined();
    expect(breach(file, "../../../src/tools/filter/meta", false)).toBeUndefined();
    expect(breach(file, "../../../src/tools/catalog", false)).toBeUndefined();
    expect(breach(file, "../../../tests/helpers/test-app", false)).toBeUndefined();
    expect(breach(file, "./api", false)).toBeUndefined();
  });
});
