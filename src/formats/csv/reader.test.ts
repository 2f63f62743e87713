import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { collect, expectDataSourceError, tempFolder } from "../../../tests/helpers/format-samples";
import type { ReadOptions } from "../types";
import { scanCsv } from "./reader";

const tmp = tempFolder("csv-read");
afterAll(tmp.cleanup);

const file = tmp.file;

function read(path: string, options: ReadOptions = {}): Record<string, unknown>[] {
  return collect(scanCsv(path, options)).toRecords() as Record<string, unknown>[];
}

function columns(path: string, options: ReadOptions = {}): string[] {
  return collect(scanCsv(path, options)).columns;
}

describe("scanCsv options", () => {
  test("comma by default, with types inferred and empty fields as null", () => {
    const path = file("plain.csv", "id,name,price\n1,Zoë,2.5\n2,,\n");
    expect(read(path)).toEqual([
      { id: 1, name: "Zoë", price: 2.5 },
      { id: 2, name: null, price: null },
    ]);
  });

  test("a one-character delimiter; a tab given as a real tab or as the two characters \\t", () => {
    const semi = file("semi.csv", "a;b\n1;x,y\n");
    expect(read(semi, { delimiter: ";" })).toEqual([{ a: 1, b: "x,y" }]);
    const tabbed = file("tabbed.csv", "a\tb\n1\tx,y\n");
    expect(read(tabbed, { delimiter: "\t" })).toEqual([{ a: 1, b: "x,y" }]);
    expect(read(tabbed, { delimiter: "\\t" })).toEqual([{ a: 1, b: "x,y" }]);
    // Without the option a .csv file is split on commas only.
    expect(columns(file("tabbed2.csv", "a\tb\n1\t2\n"))).toEqual(["a\tb"]);
  });

  test(".tsv and .tab files default to a tab, .txt to a comma", () => {
    for (const name of ["t.tsv", "t.TAB"]) expect(read(file(name, "a\tb\n1\t2\n"))).toEqual([{ a: 1, b: 2 }]);
    expect(read(file("t.txt", "a,b\n1,2\n"))).toEqual([{ a: 1, b: 2 }]);
    expect(read(file("t2.tsv", "a;b\n1;2\n"), { delimiter: ";" })).toEqual([{ a: 1, b: 2 }]);
  });

  test("without a header, columns are column_1, column_2, ... and the first line is data", () => {
    const path = file("nohead.csv", "1,x\n2,y\n");
    expect(read(path, { has_header: false })).toEqual([
      { column_1: 1, column_2: "x" },
      { column_1: 2, column_2: "y" },
    ]);
  });

  test("skip_rows skips lines before the header", () => {
    const path = file("skip.csv", "exported by tool\nsecond junk line\nid,v\n1,a\n2,b\n");
    expect(read(path, { skip_rows: 2 })).toEqual([
      { id: 1, v: "a" },
      { id: 2, v: "b" },
    ]);
  });

  test("a UTF-8 byte-order mark does not end up in the first column's name", () => {
    const bom = "\uFEFF";
    expect(columns(file("bom.csv", `${bom}id,name\n1,a\n`))).toEqual(["id", "name"]);
    expect(read(file("bom.csv", `${bom}id,name\n1,a\n`))).toEqual([{ id: 1, name: "a" }]);
    expect(columns(file("bom.tsv", `${bom}id\tname\n1\ta\n`))).toEqual(["id", "name"]);
    expect(columns(file("bom2.csv", `${bom}id,name\n1,a\n`), { encoding: "utf8-lossy" })).toEqual(["id", "name"]);
    expect(columns(file("bom4.csv", `${bom}junk line\nid,name\n1,a\n`), { skip_rows: 1 })).toEqual(["id", "name"]);
    expect(read(file("bom3.csv", `${bom}x,y\n`), { has_header: false })).toEqual([{ column_1: "x", column_2: "y" }]);
  });

  test("quote_char changes the quoting character", () => {
    const path = file("quote.csv", "a,b\n'x,y',2\n");
    expect(read(path, { quote_char: "'" })).toEqual([{ a: "x,y", b: 2 }]);
    // With the default quote the line has three fields for two columns.
    expect(() => read(path)).toThrow("more fields");
  });

  test("infer_schema_length 0 reads every column as text", () => {
    const path = file("infer.csv", "a,b\n1,2.5\n");
    expect(read(path, { infer_schema_length: 0 })).toEqual([{ a: "1", b: "2.5" }]);
  });

  test("utf8-lossy replaces invalid bytes; utf-8 spellings are accepted; unknown encodings are refused by name", () => {
    const latin1 = file("latin1.csv", Buffer.from([0x6e, 0x0a, 0x63, 0x61, 0x66, 0xe9, 0x0a])); // "n\ncafé" in Latin-1
    expect(read(latin1, { encoding: "utf8-lossy" })).toEqual([{ n: "caf\uFFFD" }]);
    for (const encoding of ["UTF-8", "utf8", "UTF8", " utf_8 "]) {
      expect(read(file("utf.csv", "n\ncafé\n"), { encoding })).toEqual([{ n: "café" }]);
    }
    for (const encoding of ["shift-jis", "ebcdic", "utf-32", ""]) {
      expectDataSourceError(
        () => scanCsv(latin1, { encoding }),
        `encoding ${JSON.stringify(encoding)} is not supported`,
        "latin1 (iso-8859-1), windows-1252 (cp1252), utf-16",
        latin1,
      );
    }
  });

  test("a file name with glob characters is read literally", () => {
    expect(read(file("data[1]*.csv", "a\n1\n"))).toEqual([{ a: 1 }]);
  });
});

describe("scanCsv errors come at scan time and name the file", () => {
  const cases: [string, () => string, string][] = [
    ["missing file", () => join(tmp.dir, "nope.csv"), "File not found: "],
    ["directory", () => tmp.folder("dir.csv"), "directory"],
    ["empty file", () => tmp.file("empty.csv", ""), "empty"],
  ];
  for (const [label, makePath, problem] of cases) {
    test(label, () => {
      const path = makePath();
      expectDataSourceError(() => scanCsv(path, {}), problem, path);
    });
  }

  test("invalid options: delimiter or quote_char not one ASCII character, counts not whole numbers", () => {
    const path = tmp.file("ok.csv", "a\n1\n");
    const bad: [ReadOptions, string][] = [
      [{ delimiter: ";;" }, "delimiter"],
      [{ delimiter: "" }, "delimiter"],
      [{ delimiter: "§" }, "delimiter"],
      [{ quote_char: "''" }, "quote_char"],
      [{ skip_rows: -1 }, "skip_rows"],
      [{ skip_rows: 1.5 }, "skip_rows"],
      [{ infer_schema_length: -5 }, "infer_schema_length"],
    ];
    for (const [options, option] of bad) expectDataSourceError(() => scanCsv(path, options), path, option);
  });
});
