import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { createSpillDir, removeSpillDir, removeStaleSpillDirs } from "./spill-dirs";

const dataDir = mkdtempSync(join(tmpdir(), "weft-spill-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

test("spill folders are named for this process, removed with what they hold; a dead process's go at start", () => {
  removeStaleSpillDirs(join(dataDir, "none")); // no spill folder yet: nothing to do
  const mine = createSpillDir(dataDir);
  expect(mine.startsWith(join(dataDir, "spill", `${process.pid}-`))).toBe(true);
  writeFileSync(join(mine, "part-000000.csv"), "a\n1\n");
  const dead = join(dataDir, "spill", "999999999-abc");
  const alive = join(dataDir, "spill", "12345-abc");
  for (const dir of [dead, alive]) mkdirSync(dir);
  removeStaleSpillDirs(dataDir, (pid) => pid === 12345);
  expect(readdirSync(join(dataDir, "spill")).sort()).toEqual(["12345-abc", basename(mine)].sort());
  removeSpillDir(mine);
  expect(existsSync(mine)).toBe(false);
});
