import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempFolder } from "../../tests/helpers/format-samples";
import { DataSourceError } from "../shared/errors";
import { writeAtomically } from "./atomic-write";

const tmp = tempFolder("atomic");
afterAll(tmp.cleanup);

describe("writeAtomically", () => {
  test("the target appears only complete, and no temp file is left", () => {
    const target = join(tmp.dir, "a.txt");
    let tempSeen = "";
    const result = writeAtomically(target, (tempPath) => {
      tempSeen = tempPath;
      writeFileSync(tempPath, "done");
      expect(tmp.files()).not.toContain("a.txt");
      return 7;
    });
    expect(result).toBe(7);
    expect(tempSeen.startsWith(tmp.dir)).toBe(true);
    expect(readFileSync(target, "utf8")).toBe("done");
    expect(tmp.files()).toEqual(["a.txt"]);
  });

  test("a failure part-way leaves the old target as it was and no temp file", () => {
    const target = join(tmp.dir, "b.txt");
    writeFileSync(target, "old");
    expect(() =>
      writeAtomically(target, (tempPath) => {
        writeFileSync(tempPath, "half");
        throw new Error("disk on fire");
      }),
    ).toThrow("disk on fire");
    expect(readFileSync(target, "utf8")).toBe("old");
    expect(tmp.files().filter((f) => f.includes("b.txt"))).toEqual(["b.txt"]);
  });

  test("a missing folder or a directory target is a DataSourceError naming the target", () => {
    const inMissing = join(tmp.dir, "missing", "c.txt");
    expect(() => writeAtomically(inMissing, () => 0)).toThrow(DataSourceError);
    expect(() => writeAtomically(inMissing, () => 0)).toThrow(inMissing);
    const dirTarget = join(tmp.dir, "folder.csv");
    mkdirSync(dirTarget);
    expect(() => writeAtomically(dirTarget, () => 0)).toThrow(`Cannot write ${dirTarget}: it is a directory`);
  });

  test("the system refusing a step (the folder removed meanwhile) is a DataSourceError; a bug passes unchanged", () => {
    const folder = join(tmp.dir, "vanishing");
    mkdirSync(folder);
    const target = join(folder, "d.txt");
    let thrown: unknown;
    try {
      writeAtomically(target, (tempPath) => {
        writeFileSync(tempPath, "data");
        rmSync(folder, { recursive: true });
        return 1;
      });
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(DataSourceError);
    expect((thrown as Error).message).toStartWith(`Cannot write ${target}: `);
    expect((thrown as Error).message).toContain("ENOENT");
    const bug = new TypeError("x is undefined");
    let passed: unknown;
    try {
      writeAtomically(join(tmp.dir, "e.txt"), () => {
        throw bug;
      });
    } catch (err) {
      passed = err;
    }
    expect(passed).toBe(bug);
  });
});
