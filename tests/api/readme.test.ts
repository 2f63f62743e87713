import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { settingsMarkdown } from "../../src/cli/help";

test("README's settings table is the one the code parses (bun scripts/settings-table.ts)", () => {
  const readme = readFileSync(join(import.meta.dir, "..", "..", "README.md"), "utf8");
  expect(readme).toContain(settingsMarkdown());
});
