import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findScenarioModules } from "./scenario-modules";

const dir = mkdtempSync(join(tmpdir(), "weft-bench-scenarios-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("lists the folder's modules in name order, with their scenarios, titles and any reason they cannot run", async () => {
  writeFileSync(
    join(dir, "latency.ts"),
    'export const scenarios = ["preview", "inspect"];\nexport const titles = { preview: "100 rows after a filter" };\n' +
      'export async function run(ctx) { return [{ scenario: "preview", variant: String(ctx.data.rows), subject: "weft", status: "ok", samples: [{ ms: ctx.runs }] }]; }\n',
  );
  writeFileSync(join(dir, "broken.ts"), 'throw new Error("boom");\n');
  writeFileSync(join(dir, "empty.ts"), "export const x = 1;\n");
  writeFileSync(join(dir, "latency.test.ts"), "throw new Error('a test is not a scenario');\n");
  writeFileSync(join(dir, "_helpers.ts"), "throw new Error('a helper is not a scenario');\n");

  const modules = await findScenarioModules(dir);
  expect(modules.map((m) => m.name)).toEqual(["broken", "empty", "latency"]);
  expect(modules[0]).toEqual({ name: "broken", unavailable: "failed to load: boom" });
  expect(modules[1]).toEqual({ name: "empty", unavailable: "exports no run(ctx) function" });
  const latency = modules[2];
  if (!latency || !("run" in latency)) throw new Error("latency.ts was not loaded");
  expect(latency.scenarios).toEqual(["preview", "inspect"]);
  expect(latency.titles).toEqual({ preview: "100 rows after a filter" });
  const results = await latency.run({ data: { rows: 7 } as never, runs: 3 });
  expect(results[0]).toMatchObject({ scenario: "preview", variant: "7", samples: [{ ms: 3 }] });
});

test("no folder, no modules", async () => {
  expect(await findScenarioModules(join(dir, "absent"))).toEqual([]);
});
