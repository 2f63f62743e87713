import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { collect, expectDataSourceError, tempFolder } from "../../../tests/helpers/format-samples";
import type { ReadOptions } from "../types";
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
