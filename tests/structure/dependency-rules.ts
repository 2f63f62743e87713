import type { ImportEdge } from "./import-graph";

/**
 * One direction the imports must not take (DESIGN.md, "The parts and which way they
 * depend"). `from` picks the importing files the rule judges, `forbids` the imported files
 * it refuses; `bad` is an import the rule must report (its self-test), `good` one it must not.
 */
export interface DependencyRule {
  name: string;
  /** Why the rule holds, shown with every violation. */
  why: string;
  from: (file: string) => boolean;
  forbids: (target: string) => boolean;
  /** A type-only import (`import type`) of a forbidden target is allowed: nothing of it is bundled or run. */
  typesAllowed?: boolean;
  bad: { from: string; text: string };
  good: { from: string; text: string };
}

const under =
  (...folders: string[]) =>
  (path: string) =>
    folders.some((folder) => path.startsWith(`${folder}/`));
const isTestOrFixture = (path: string) => /\.(test|fixture)\.tsx?$/.test(path);
/** Code that ships: src/ and web/src, minus tests and test support. */
const isProduction = (path: string) => under("src", "web/src")(path) && !isTestOrFixture(path);
/** What web/ may take from src/: the shared contracts, the tool catalogue and the route schemas (Server and Hub). */
const WEB_MAY_IMPORT =
  /^src\/(shared\/|tools\/(catalog|tool-meta)(\.tsx?)?$|tools\/[^/]+\/meta(\.tsx?)?$|server\/schemas\/|hub\/[^/]+\/schemas(\.tsx?)?$)/;
/** What hub/ may take from src/tools: the Polars-free catalogue, metas and graph checks (tools/imports.test.ts). */
const HUB_MAY_IMPORT_FROM_TOOLS = /^src\/tools\/(catalog|tool-meta|validate-graph|[^/]+\/meta)(\.tsx?)?$/;

export const DEPENDENCY_RULES: DependencyRule[] = [
  {
    name: "server/ and hub/ do not import cli/",
    why: "cli/ parses settings and starts apps; the apps take their config as a parameter",
    from: under("src/server", "src/hub"),
    forbids: under("src/cli"),
    bad: { from: "src/server/app.ts", text: 'import type { Config } from "../cli/config";' },
    good: { from: "src/server/app.ts", text: 'import type { ServerConfig } from "./config";' },
  },
  {
    name: "hub/ does not import server/ or engine/",
    why: "the Hub calls Servers over HTTP; what both need lives in src/shared/",
    from: under("src/hub"),
    forbids: under("src/server", "src/engine"),
    bad: { from: "src/hub/runs/start.ts", text: 'const { runWorkflow } = await import("../../engine/engine");' },
    good: { from: "src/hub/runs/start.ts", text: 'import { validateWorkflow } from "../../shared/workflow";' },
  },
  {
    name: "hub/ takes from tools/ only the catalogue, the metas and the graph checks",
    why: "the Hub validates the workflows it stores without running them: those files load neither Polars nor the builders",
    from: under("src/hub"),
    forbids: (target) => under("src/tools")(target) && !HUB_MAY_IMPORT_FROM_TOOLS.test(target),
    bad: { from: "src/hub/workflows/content.ts", text: 'import { TOOLS } from "../../tools/registry";' },
    good: {
      from: "src/hub/workflows/content.ts",
      text: 'import { TOOL_CATALOG } from "../../tools/catalog";\nimport { validateGraph } from "../../tools/validate-graph";',
    },
  },
  {
    name: "server/ does not import hub/",
    why: "a Server answers to a Hub over HTTP; in `weft all` the two are only mounted side by side",
    from: under("src/server"),
    forbids: under("src/hub"),
    bad: { from: "src/server/app.ts", text: 'import { createHubApp } from "../hub/app";' },
    good: { from: "src/server/app.ts", text: 'import { newApiApp } from "../http/openapi-app";' },
  },
  {
    name: "engine/ imports no app (cli/, server/, hub/) nor db/",
    why: "the engine runs workflows on data; who asked and where it is stored are the apps' business",
    // Its tests may drive the Server's routes over a real pool (executor/pool.test.ts does).
    from: (file) => under("src/engine")(file) && isProduction(file),
    forbids: under("src/cli", "src/server", "src/hub", "src/db"),
    bad: { from: "src/engine/plan.ts", text: 'import type { DbHandle } from "../db/client";' },
    good: { from: "src/engine/plan.ts", text: 'import type { Workflow } from "../shared/workflow";' },
  },
  {
    name: "db/ imports none of the apps",
    why: "db/ is the Hub's storage layer, below the Hub's services",
    from: under("src/db"),
    forbids: under("src/cli", "src/server", "src/hub", "src/engine"),
    bad: { from: "src/db/client.ts", text: 'import type { HubConfig } from "../hub/config";' },
    good: { from: "src/db/client.ts", text: 'import { SQL } from "bun";' },
  },
  {
    name: "http/ imports none of the apps",
    why: "http/ is the plumbing both apps are mounted on; it takes the built apps as parameters",
    from: under("src/http"),
    forbids: under("src/cli", "src/server", "src/hub", "src/engine", "src/db"),
    bad: { from: "src/http/weft-app.ts", text: 'import { createServerApp } from "../server/app";' },
    good: { from: "src/http/weft-app.ts", text: 'import { newApiApp } from "./openapi-app";' },
  },
  {
    name: "shared/ imports nothing else from src/",
    why: "shared/ holds the contracts every part builds on, so it must not depend on any of them",
    from: under("src/shared"),
    forbids: (target) => under("src")(target) && !under("src/shared")(target),
    bad: { from: "src/shared/workflow.ts", text: 'export { TOOLS } from "../tools/registry";' },
    good: { from: "src/shared/workflow.ts", text: 'import { z } from "zod";\nimport { ids } from "./ids";' },
  },
  {
    name: "tools/ does not import codegen/ (no tools <-> codegen cycle)",
    why: "codegen reads the tool metas; a tool never imports codegen",
    from: (file) => under("src/tools")(file) && isProduction(file),
    forbids: under("src/codegen"),
    bad: { from: "src/tools/sort/codegen.ts", text: 'import type {\n  ToolGenerator,\n} from "../../codegen/types";' },
    good: { from: "src/codegen/generators.ts", text: 'import { sortMeta } from "../tools/sort/meta";' },
  },
  {
    name: "web/ takes from src/ only the shared contracts, the tool catalogue and route schemas",
    why: "the web app talks to the Server and the Hub over HTTP, through a typed client",
    from: under("web"),
    forbids: (target) => under("src")(target) && !WEB_MAY_IMPORT.test(target),
    bad: { from: "web/src/lib/api.ts", text: 'import type { JobState } from "../../../src/engine/job";' },
    good: {
      from: "web/src/lib/api.ts",
      text: 'import type { Workflow } from "../../../src/shared/workflow";\nimport type { Routes } from "../../../src/server/schemas/routes";\nimport { sortMeta } from "../../../src/tools/sort/meta";',
    },
  },
  {
    name: "web/ takes the route schemas as types only",
    why: "the web app compiles against the answers' shapes, never bundles the Server's or the Hub's code",
    from: under("web"),
    forbids: (target) => under("src/server/schemas")(target) || /^src\/hub\/[^/]+\/schemas(\.tsx?)?$/.test(target),
    typesAllowed: true,
    bad: {
      from: "web/src/lib/api.ts",
      text: 'import { WorkflowBodySchema } from "../../../src/server/schemas/workflow";',
    },
    good: {
      from: "web/src/lib/api.ts",
      text: 'import type { WorkflowBody } from "../../../src/server/schemas/workflow";',
    },
  },
  {
    name: "production code does not import test support (*.fixture)",
    why: "fixtures exist for tests; the product must build and run without them",
    from: isProduction,
    forbids: (target) => /\.fixture(\.tsx?)?$/.test(target),
    bad: { from: "src/formats/avro/reader.ts", text: 'import { avroFile } from "./avro-files.fixture";' },
    good: { from: "src/formats/avro/reader.test.ts", text: 'import { avroFile } from "./avro-files.fixture";' },
  },
  {
    name: "production code does not import tests/",
    why: "tests/ holds cross-module tests and their helpers, which do not ship",
    from: isProduction,
    forbids: under("tests"),
    bad: {
      from: "web/src/canvas/grid.ts",
      text: 'import { seededRandom } from "../../../tests/helpers/seeded-random";',
    },
    good: {
      from: "src/engine/profile.test.ts",
      text: 'import { seededRandom } from "../../tests/helpers/seeded-random";',
    },
  },
  {
    name: "nothing outside scripts/ imports scripts/",
    why: "benchmarks and build scripts may import test support and the product, never the other way round",
    from: (file) => !under("scripts")(file),
    forbids: under("scripts"),
    bad: { from: "tests/api/workflow.test.ts", text: 'import { seededRandom } from "../../scripts/bench/sales-data";' },
    good: {
      from: "scripts/bench/sales-data.ts",
      text: 'import { seededRandom } from "../../tests/helpers/seeded-random";',
    },
  },
];

/** The edges a rule refuses, each as a message naming the file, the import and the rule. */
export function violations(rule: DependencyRule, edges: ImportEdge[]): string[] {
  return edges
    .filter(
      (edge) =>
        edge.to !== undefined && rule.from(edge.from) && rule.forbids(edge.to) && !(rule.typesAllowed && edge.typeOnly),
    )
    .map((edge) => `${edge.from} imports "${edge.specifier}" (${edge.to}): ${rule.name}, since ${rule.why}`);
}
