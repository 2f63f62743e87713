import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isSystemError, readDirents, rmdirIfEmpty, unlinkIfExists } from "./tolerant-fs";

const dir = mkdtempSync(join(tmpdir(), "weft-tolerant-fs-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("tolerant file operations", () => {
  test("readDirents lists a folder with types, and nothing for a folder that is gone", () => {
    mkdirSync(join(dir, "sub"));
    writeFileSync(join(dir, "a.txt"), "a");
    const found = readDirents(dir).map((d) => [d.name, d.isDirectory()]);
    expect(found.sort()).toEqual([
      ["a.txt", false],
      ["sub", true],
    ]);
    expect(readDirents(join(dir, "never-made"))).toEqual([]);
  });

  test("only 'does not exist' is tolerated: listing a file is an error", () => {
    expect(() => readDirents(join(dir, "a.txt"))).toThrow(/ENOTDIR/);
  });

  test("a file or an empty folder already gone is no error", () => {
    writeFileSync(join(dir, "b.txt"), "b");
    expect(unlinkIfExists(join(dir, "b.txt"))).toBe(true);
    expect(unlinkIfExists(join(dir, "b.txt"))).toBe(false);
    mkdirSync(join(dir, "empty"));
    expect(rmdirIfEmpty(join(dir, "empty"))).toBe(true);
    expect(rmdirIfEmpty(join(dir, "empty"))).toBe(false);
    expect(rmdirIfEmpty(dir)).toBe(false);
  });

  test("isSystemError tells the system's refusal from anything else with a code", () => {
    let missing: unknown;
    try {
      statSync(join(dir, "never-made"));
    } catch (err) {
      missing = err;
    }
    expect(isSystemError(missing)).toBe(true);
    // What nodejs-polars throws has a string code but no errno or syscall.
    expect(isSystemError(Object.assign(new Error("conversion failed"), { code: "GenericFailure" }))).toBe(false);
    expect(isSystemError(new TypeError("x is undefined"))).toBe(false);
    expect(isSystemError("ENOENT")).toBe(false);
  });
});
