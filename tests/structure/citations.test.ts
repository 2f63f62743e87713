import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sourceFiles } from "./import-graph";

const ROOT = join(import.meta.dir, "..", "..");
/** The specification's file, which lives outside the project: its rules are in docs/server-api.md. */
const OUTSIDE = /(?<![\w/-])server\.md\b/;

test("no source cites server.md, a file outside the project (docs/server-api.md holds its rules)", () => {
  const citing = sourceFiles(ROOT)
    .filter((file) => file !== "tests/structure/citations.test.ts")
    .filter((file) => OUTSIDE.test(readFileSync(join(ROOT, file), "utf8")));
  expect(citing).toEqual([]);
});

test("the check sees a citation, and not docs/server-api.md", () => {
  expect(OUTSIDE.test("// see server.md rule 12")).toBe(true);
  expect(OUTSIDE.test("// see docs/server-api.md rule 12")).toBe(false);
});
