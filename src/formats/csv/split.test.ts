import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { splitCsv } from "./split";

const root = mkdtempSync(join(tmpdir(), "weft-split-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
function split(text: string, partBytes: number, hasHeader = true) {
  const dir = join(root, `case-${n++}`);
  mkdirSync(dir);
  const file = join(dir, "in.csv");
  writeFileSync(file, text);
  const parts = join(dir, "parts");
  mkdirSync(parts);
  return splitCsv(file, parts, { hasHeader, quoteChar: '"', partBytes }).map((p) => readFileSync(p, "utf8"));
}

describe("splitCsv", () => {
  test("each part starts with the header and the records are all there, in order", () => {
    const rows = Array.from({ length: 50 }, (_, i) => `${i},name ${i}`);
    const parts = split(`id,name\n${rows.join("\n")}\n`, 40);
    expect(parts.length).toBeGreaterThan(5);
    for (const part of parts) expect(part.startsWith("id,name\n")).toBe(true);
    expect(parts.flatMap((p) => p.split("\n").slice(1, -1))).toEqual(rows);
  });

  test("never cuts inside a quoted field, line breaks and doubled quotes included", () => {
    const rows = Array.from({ length: 30 }, (_, i) => `${i},"a ""quoted""\nline ${i}, with a comma"`);
    const parts = split(`id,note\n${rows.join("\n")}\n`, 25);
    expect(parts.length).toBeGreaterThan(5);
    const body = parts.map((p) => p.slice("id,note\n".length)).join("");
    expect(body).toBe(`${rows.join("\n")}\n`);
    for (const part of parts) expect(part.endsWith('comma"\n')).toBe(true);
  });

  test("a header with a quoted line break, CRLF line ends and a last line without a break", () => {
    const parts = split('"a\nb",c\r\n1,2\r\n3,4\r\n5,6', 6);
    expect(parts).toEqual(['"a\nb",c\r\n1,2\r\n3,4\r\n', '"a\nb",c\r\n5,6']);
  });

  test("without a header the parts hold the records only; a header alone gives no part", () => {
    expect(split("1,2\n3,4\n", 4, false)).toEqual(["1,2\n", "3,4\n"]);
    expect(split("a,b\n", 4)).toEqual([]);
  });
});
