import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { Glob } from "bun";
import { importsOf } from "./read-imports";

/** One import edge: the file that imports, the specifier as written, and where it lands. */
export interface ImportEdge {
  /** Repository-relative path of the importing file, `/`-separated. */
  from: string;
  /** The specifier as written (`../engine/plan`). */
  specifier: string;
  /** Repository-relative path of the imported file, or undefined for packages and builtins. */
  to: string | undefined;
  /** `import type` / `export type`: nothing of the target is bundled or run. */
  typeOnly: boolean;
}

const EXTENSIONS = ["", ".ts", ".tsx", ".js", "/index.ts", "/index.tsx"];

/**
 * Where a relative specifier lands, as a repository-relative path; undefined for packages
 * and builtins. An unresolvable relative path is returned as written (joined), so a rule
 * over folders still sees it.
 */
export function resolveSpecifier(root: string, from: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const base = resolve(root, dirname(from), specifier);
  const found = EXTENSIONS.map((ext) => base + ext).find((path) => existsSync(path) && statSync(path).isFile());
  return toRepoPath(root, found ?? base);
}

function toRepoPath(root: string, path: string): string {
  return relative(root, path).split("\\").join("/");
}

/** The import edges of one file's text (the file need not exist, so self-tests can feed text). */
export function edgesOf(root: string, from: string, text: string): ImportEdge[] {
  return importsOf(text).map(({ specifier, typeOnly }) => ({
    from,
    specifier,
    to: resolveSpecifier(root, from, specifier),
    typeOnly,
  }));
}

/** Every .ts/.tsx file of the project's code folders, repository-relative. */
export function sourceFiles(root: string): string[] {
  const files: string[] = [];
  for (const folder of ["src", "web", "tests", "scripts"]) {
    for (const path of new Glob("**/*.{ts,tsx}").scanSync({ cwd: join(root, folder) })) {
      const file = `${folder}/${path.split("\\").join("/")}`;
      if (!/(^|\/)(node_modules|dist)\//.test(file)) files.push(file);
    }
  }
  return files.sort();
}

/** The import edges of every source file under `root`. */
export function importGraph(root: string): ImportEdge[] {
  return sourceFiles(root).flatMap((file) => edgesOf(root, file, readFileSync(join(root, file), "utf8")));
}
