import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { assertHash, entryFileName, listCache, tempFileName, workflowFolderName } from "./cache-layout";

const HASH = "0123456789abcdef0123456789abcdef";

describe("workflowFolderName", () => {
  test("safe ids are kept as they are", () => {
    for (const id of ["wf1", "3f2a9c1e-7d4b-4c1a-9e2f-0a1b2c3d4e5f", "sales_2024", "a".repeat(80)]) {
      expect(workflowFolderName(id)).toBe(id);
    }
  });

  test("other ids become ~ and 32 hex digits, one per id", () => {
    const ids = [
      "../../etc",
      "a/b",
      "a\\b",
      "",
      " ",
      ".",
      "..",
      ".hidden",
      "Sales",
      "x.y",
      "con",
      "NUL",
      "lpt1",
      "é",
      "a".repeat(81),
      "-rf",
    ];
    const names = ids.map(workflowFolderName);
    for (const name of names) expect(name).toMatch(/^~[0-9a-f]{32}$/);
    expect(new Set(names).size).toBe(ids.length);
    // Stable across calls (the same workflow finds its entries again).
    expect(workflowFolderName("../../etc")).toBe(names[0] as string);
  });

  test("no id names a folder outside the root", () => {
    const root = "/data/cache";
    for (const id of ["../../etc", "a/b", "..", ".", "/abs", "x/../../y", "\u0000"]) {
      const folder = resolve(root, workflowFolderName(id));
      expect(folder.startsWith(`${root}/`)).toBe(true);
      expect(folder.slice(root.length + 1)).not.toContain("/");
    }
  });
});

describe("keys and names", () => {
  test("assertHash accepts 16-128 lower-case hex digits and throws on anything else", () => {
    for (const ok of ["0".repeat(16), HASH, "f".repeat(128)]) expect(() => assertHash(ok)).not.toThrow();
    for (const bad of [
      "",
      "0".repeat(15),
      "f".repeat(129),
      HASH.toUpperCase(),
      `../${HASH}`,
      `${HASH}.arrow`,
      `${HASH}g`,
    ]) {
      expect(() => assertHash(bad)).toThrow("Cache key must be 16-128 lower-case hex digits");
    }
  });

  test("temp names are unique and are not entry names", () => {
    const names = Array.from({ length: 50 }, () => tempFileName(HASH));
    expect(new Set(names).size).toBe(50);
    for (const name of names) expect(name).toMatch(new RegExp(`^${HASH}\\.${process.pid}-[0-9a-f]{16}\\.tmp$`));
    expect(entryFileName(HASH)).toBe(`${HASH}.arrow`);
  });
});

describe("listCache", () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "weft-layout-"));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  test("lists entries and temp files per folder, with sizes; other files are ignored", () => {
    mkdirSync(join(root, "wf1"));
    mkdirSync(join(root, "wf2"));
    writeFileSync(join(root, "wf1", entryFileName(HASH)), "12345");
    writeFileSync(join(root, "wf1", tempFileName(HASH)), "123");
    writeFileSync(join(root, "wf1", "notes.txt"), "ignored");
    writeFileSync(join(root, "wf1", "ABCDEF0123456789ABCD.arrow"), "upper case: not ours");
    mkdirSync(join(root, "wf1", `${"1".repeat(16)}.arrow`));
    writeFileSync(join(root, "stray.arrow"), "at the root: ignored");

    const folders = listCache(root).sort((a, b) => a.path.localeCompare(b.path));
    expect(folders.map((f) => f.path)).toEqual([join(root, "wf1"), join(root, "wf2")]);
    const [wf1, wf2] = folders;
    expect(wf1?.entries.map((e) => [e.path, e.size])).toEqual([[join(root, "wf1", `${HASH}.arrow`), 5]]);
    expect(wf1?.temps.map((e) => e.size)).toEqual([3]);
    expect(wf2).toEqual({ path: join(root, "wf2"), entries: [], temps: [] });
  });

  test("a missing root lists nothing", () => {
    expect(listCache(join(root, "absent"))).toEqual([]);
  });
});
