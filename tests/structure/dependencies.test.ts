import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { DEPENDENCY_RULES, violations } from "./dependency-rules";
import { edgesOf, importGraph, sourceFiles } from "./import-graph";
import { importSpecifiers } from "./read-imports";
import { unmarkedTestSupport } from "./test-support";

// The import directions of DESIGN.md ("The parts and which way they depend"), checked over
// the import statements of every .ts/.tsx file. Each rule of dependency-rules.ts is first
// fed an import it must refuse and one it must allow, then run over the code base.

const root = join(import.meta.dir, "../..");
const graph = importGraph(root);

describe("reading imports", () => {
  test("every form that names a module is read", () => {
    const text = `
import { a } from "./a";
import type { B } from "../b";
import {
  c,
  type C,
} from "./c";
export * from "./d";
export { e } from "./e";
import "./f";
const g = await import("./g");
const r = require("./r");
import h from "node:path";`;
    expect(importSpecifiers(text)).toEqual(["./a", "../b", "./c", "./d", "./e", "./f", "./g", "./r", "node:path"]);
  });

  test("imports written inside strings, templates, comments and regexes do not count", () => {
    const text = `
const s = 'import { x } from "./in-a-string"'; // import { y } from "./in-a-comment"
/* import "./in-a-block-comment"; */
const t = ${"`"}import ${"${"}"./in-a-template"} ${"`"};
const u = /["'/]/.test(s) ? 1 / 2 : 0;
export { v } from "./real";`;
    expect(importSpecifiers(text)).toEqual(["./real"]);
  });

  test("relative imports resolve to repository paths, packages to nothing", () => {
    const edges = edgesOf(
      root,
      "web/src/lib/api.ts",
      'import type { X } from "../../../src/engine/job";\nimport { z } from "zod";',
    );
    expect(edges.map((edge) => edge.to)).toEqual(["src/engine/job.ts", undefined]);
    expect(edgesOf(root, "src/tools/sort/sort.test.ts", 'import "../../codegen";')[0]?.to).toBe("src/codegen");
  });

  test("the scan sees src/, web/, tests/ and scripts/", () => {
    const files = sourceFiles(root);
    for (const file of ["src/main.ts", "web/src/index.tsx", "web/vite.config.ts", "scripts/build.ts"]) {
      expect(files).toContain(file);
    }
    expect(files).toContain("tests/structure/dependencies.test.ts");
    expect(graph.length).toBeGreaterThan(1000);
  });
});

describe.each(DEPENDENCY_RULES)("$name", (rule) => {
  test("reports the import it forbids", () => {
    const found = violations(rule, edgesOf(root, rule.bad.from, rule.bad.text));
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(rule.bad.from);
  });

  test("lets the import it allows pass", () => {
    expect(violations(rule, edgesOf(root, rule.good.from, rule.good.text))).toEqual([]);
  });

  test("holds over the code base", () => {
    expect(violations(rule, graph)).toEqual([]);
  });
});

describe("test support looks like test support", () => {
  test("a module only tests import, directly or through another, is reported", () => {
    const edges = [
      ...edgesOf(root, "src/formats/qvd/reader.test.ts", 'import { qvd } from "./test-writer.ts";'),
      ...edgesOf(root, "src/formats/qvd/test-writer.ts", 'import { bytes } from "./test-bytes.ts";'),
      ...edgesOf(root, "src/formats/qvd/reader.ts", 'import { header } from "./header";'),
      ...edgesOf(root, "src/formats/qvd/header.test.ts", 'import { header } from "./header";'),
    ];
    expect(unmarkedTestSupport(edges)).toEqual(["src/formats/qvd/test-bytes.ts", "src/formats/qvd/test-writer.ts"]);
  });

  test("every module under src/ and web/src that only tests import has a .fixture.ts name", () => {
    expect(unmarkedTestSupport(graph)).toEqual([]);
  });
});
