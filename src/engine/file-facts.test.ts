import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FileFacts } from "./file-facts";

const dir = mkdtempSync(join(tmpdir(), "weft-file-facts-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A file with `text`, and a FileFacts whose learning counts how often it ran. */
function setup(name: string, text: string, capacity?: number) {
  const path = join(dir, name);
  writeFileSync(path, text);
  const facts = new FileFacts<number>(capacity);
  const learned: string[] = [];
  const lengthOf = (file: string, options = {}) =>
    facts.of("csv", { path: file, name: file, options }, () => {
      learned.push(file);
      return text.length;
    });
  return { path, lengthOf, learned };
}

describe("FileFacts", () => {
  test("a fact of an unchanged file is learned once", () => {
    const { path, lengthOf, learned } = setup("same.csv", "a\n1\n");
    expect([lengthOf(path), lengthOf(path), lengthOf(path)]).toEqual([4, 4, 4]);
    expect(learned).toHaveLength(1);
  });

  test("a file changed in size or in modification time is read again", () => {
    const { path, lengthOf, learned } = setup("changing.csv", "a\n1\n");
    lengthOf(path);
    writeFileSync(path, "a\n1\n2\n");
    lengthOf(path);
    const later = new Date(Date.UTC(2030, 0, 1));
    utimesSync(path, later, later);
    lengthOf(path);
    lengthOf(path);
    expect(learned).toHaveLength(3);
  });

  test("other reader options are another fact", () => {
    const { path, lengthOf, learned } = setup("options.csv", "a;b\n1;2\n");
    lengthOf(path, { delimiter: ";" });
    lengthOf(path, { delimiter: "," });
    lengthOf(path, { delimiter: ";" });
    expect(learned).toHaveLength(2);
  });

  test("past its capacity the oldest fact is forgotten", () => {
    const { path, lengthOf, learned } = setup("one.csv", "x\n", 1);
    const other = join(dir, "two.csv");
    writeFileSync(other, "y\n");
    lengthOf(path);
    lengthOf(other);
    lengthOf(path);
    expect(learned).toEqual([path, other, path]);
  });

  test("a fact that could not be learned is not remembered", () => {
    const path = join(dir, "throws.csv");
    writeFileSync(path, "a\n");
    const facts = new FileFacts<number>();
    let tries = 0;
    const learn = () => {
      tries++;
      throw new Error("unreadable");
    };
    expect(() => facts.of("csv", { path, name: path, options: {} }, learn)).toThrow("unreadable");
    expect(() => facts.of("csv", { path, name: path, options: {} }, learn)).toThrow("unreadable");
    expect(tries).toBe(2);
  });
});
