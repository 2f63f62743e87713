import type { ImportEdge } from "./import-graph";

/** Files that only tests and benchmarks run: tests, test support, tests/ and scripts/bench/. */
export function isTestSide(file: string): boolean {
  return /\.(test|fixture)\.tsx?$/.test(file) || file.startsWith("tests/") || file.startsWith("scripts/bench/");
}

/**
 * Modules the product reaches without a static import, so the graph alone would take them
 * for test support: scripts/build.ts writes an import of extract-addons.ts into the
 * executable's entry by path.
 */
const REACHED_BY_PATH = new Set(["src/runtime/extract-addons.ts"]);

/**
 * The modules under src/ and web/src that only the test side imports (directly, or through
 * other such modules) yet carry a production name: each should be a `*.fixture.ts` beside
 * what it serves, so the linter keeps the product from importing it.
 */
export function unmarkedTestSupport(edges: ImportEdge[]): string[] {
  const importers = new Map<string, Set<string>>();
  for (const edge of edges) {
    if (edge.to === undefined) continue;
    const set = importers.get(edge.to) ?? new Set<string>();
    set.add(edge.from);
    importers.set(edge.to, set);
  }
  const testOnly = new Set<string>();
  const candidates = [...importers.keys()].filter(
    (file) => /^(src|web\/src)\//.test(file) && !isTestSide(file) && !REACHED_BY_PATH.has(file),
  );
  // A module imported only by test-only modules is test-only too: repeat until nothing moves.
  for (let grew = true; grew; ) {
    grew = false;
    for (const file of candidates) {
      if (testOnly.has(file)) continue;
      const by = [...(importers.get(file) ?? [])];
      if (by.every((importer) => isTestSide(importer) || testOnly.has(importer))) {
        testOnly.add(file);
        grew = true;
      }
    }
  }
  return [...testOnly].sort();
}
