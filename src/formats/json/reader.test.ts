import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { collect, expectDataSourceError, tempFolder } from "../../../tests/helpers/format-samples";
import type { ReadOptions } from "../types";
import { MAX_JSON_FILE_DEPTH } from "./json-shape";
import { scanJson } from "./reader";

const tmp = tempFolder("json-read");
afterAll(tmp.cleanup);

const ROWS = [
  { id: 1, name: "Zoë 🚀", score: 2.5, ok: true },
  { id: 2, name: null, score: null, ok: false },
  { id: null, name: 'quote " and \n break', score: -1e-7, ok: null },
];

function read(path: string, options: ReadOptions = {}): Record<string, unknown>[] {
  return collect(scanJson(path, options)).toRecords() as Record<string, unknown>[];
}

const asLines = (rows: object[]) => `${rows.map((r) => JSON.stringify(r)).join("\n")}\n`;

describe("scanJson", () => {
  test("an array of objects, compact or pretty-printed", () => {
    expect(read(tmp.file("compact.json", JSON.stringify(ROWS)))).toEqual(ROWS);
    expect(read(tmp.file("pretty.json", JSON.stringify(ROWS, null, 2)))).toEqual(ROWS);
  });

  test("JSON lines, whatever the extension (.jsonl, .ndjson, or .json)", () => {
    for (const name of ["a.jsonl", "a.ndjson", "lines.json"]) expect(read(tmp.file(name, asLines(ROWS)))).toEqual(ROWS);
    // No trailing newline, blank lines around.
    expect(read(tmp.file("b.ndjson", `\n${asLines(ROWS).trimEnd()}`))).toEqual(ROWS);
  });

  test("keys missing from some objects are null there", () => {
    const rows = [{ a: 1 }, { b: "x" }];
    const expected = [
      { a: 1, b: null },
      { a: null, b: "x" },
    ];
    expect(read(tmp.file("sparse.json", JSON.stringify(rows)))).toEqual(expected);
    expect(read(tmp.file("sparse.ndjson", asLines(rows)))).toEqual(expected);
  });

  test("a UTF-8 byte-order mark is skipped in both shapes", () => {
    expect(read(tmp.file("bom.json", `\uFEFF${JSON.stringify(ROWS)}`))).toEqual(ROWS);
    expect(read(tmp.file("bom.ndjson", `\uFEFF${asLines(ROWS)}`))).toEqual(ROWS);
  });

  test("an empty array is zero rows", () => {
    const frame = collect(scanJson(tmp.file("empty-array.json", " [ ] "), {}));
    expect(frame.height).toBe(0);
  });

  test("infer_schema_length 0 looks at every row, so a key first seen late is kept", () => {
    const rows = Array.from({ length: 150 }, (_, i) => (i === 140 ? { n: i, late: "here" } : { n: i }));
    const expected = rows.map((r) => ({ n: r.n, late: "late" in r ? r.late : null }));
    expect(read(tmp.file("late.json", JSON.stringify(rows)), { infer_schema_length: 0 })).toEqual(expected);
    expect(read(tmp.file("late.ndjson", asLines(rows)), { infer_schema_length: 0 })).toEqual(expected);
  });

  test("one object, on one line or pretty-printed (with a BOM too), is one row", () => {
    const row = { a: 1, b: "x\ny", c: [1, 2] };
    expect(read(tmp.file("one.json", JSON.stringify(row)))).toEqual([row]);
    expect(read(tmp.file("one-pretty.json", JSON.stringify(row, null, 2)))).toEqual([row]);
    expect(read(tmp.file("one-bom.json", `\ufeff${JSON.stringify(row, null, 2)}`))).toEqual([row]);
  });

  test("lines longer than one read of the shape check (1 MiB)", () => {
    const rows = [{ s: "y".repeat(3 << 20) }, { s: "z" }];
    expect(read(tmp.file("long-ok.jsonl", asLines(rows)))).toEqual(rows);
  });

  test(`nesting up to ${MAX_JSON_FILE_DEPTH} levels is read`, () => {
    const deep = `{"a":${"[".repeat(MAX_JSON_FILE_DEPTH - 1)}${"]".repeat(MAX_JSON_FILE_DEPTH - 1)}}`;
    expect(read(tmp.file("deep-ok.json", deep))).toHaveLength(1);
  });

  test("a file name with glob characters is read literally", () => {
    expect(read(tmp.file("data[1]*.ndjson", asLines([{ a: 1 }])))).toEqual([{ a: 1 }]);
  });
});

describe("JSON errors come at scan time and name the file", () => {
  const cases: [string, () => string, string][] = [
    ["missing file", () => join(tmp.dir, "nope.json"), "File not found: "],
    ["directory", () => tmp.folder("d.json"), "directory"],
    ["empty file", () => tmp.file("empty.json", ""), "empty"],
    ["whitespace only", () => tmp.file("blank.ndjson", " \n\t\r\n"), "empty"],
    ["not JSON", () => tmp.file("text.json", "hello, world"), "neither a JSON array"],
    ["truncated array", () => tmp.file("cut.json", '[{"a": 1}, {"a": '), "as JSON"],
    ["array of numbers", () => tmp.file("numbers.json", "[1, 2, 3]"), "as JSON"],
    ["nested arrays", () => tmp.file("nested.json", "[[1, 2], [3]]"), "as JSON"],
    ["a line that is not an object", () => tmp.file("mixed.jsonl", '{"a": 1}\n5\n'), "line 2: a top-level value"],
    ["a truncated object", () => tmp.file("cut.jsonl", '{"a": 1}\n{"a": '), "line 2: the file ends inside"],
    [
      "a bad line longer than a read",
      () => tmp.file("long.jsonl", `{"a":1}\n{"s":"${"x".repeat(3 << 20)}",}\n`),
      "line 2: not valid JSON",
    ],
    ["two pretty objects", () => tmp.file("two.json", '{\n"a": 1}\n{\n"a": 2}'), "several objects"],
    ["text after the array", () => tmp.file("after.json", '[{"a": 1}] [2]'), "more than one top-level value"],
    ["a stray closing brace", () => tmp.file("stray.json", '{"a": 1}}'), "a closing bracket"],
    ["100,000 levels of arrays", () => tmp.file("deep.json", `${"[".repeat(1e5)}${"]".repeat(1e5)}`), "nested deeper"],
    [
      "100,000 levels of objects",
      () => tmp.file("deep.jsonl", `${'{"a":'.repeat(1e5)}1${"}".repeat(1e5)}`),
      "line 1: nested deeper than 64",
    ],
  ];
  for (const [label, makePath, problem] of cases) {
    test(label, () => {
      const path = makePath();
      expectDataSourceError(() => scanJson(path, {}), problem, path);
    });
  }

  test("a negative infer_schema_length", () => {
    const path = tmp.file("ok.json", "[]");
    expectDataSourceError(() => scanJson(path, { infer_schema_length: -1 }), path, "infer_schema_length");
  });
});
