import { afterAll, describe, expect, test } from "bun:test";
import type pl from "nodejs-polars";
import { collect, expectDataSourceError, tempFolder } from "../../../tests/helpers/format-samples";
import { buildTestQvd, qvdBytes, type TestField, type TestTable } from "./qvd-writer.fixture";
import { countQvdRows, scanQvd } from "./reader";

const tmp = tempFolder("qvd-read");
afterAll(tmp.cleanup);

const read = (path: string, maxRows?: number) =>
  collect(scanQvd(path, {}, maxRows === undefined ? undefined : { maxRows }));
const utcDay = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));

/** Every symbol type, nulls, fields without symbols, each NumberFormat; four rows. */
const FIELDS: [TestField, (number | null)[]][] = [
  [{ name: "int", symbols: [{ int: -2147483648 }, { int: 0 }, { int: 2147483647 }] }, [0, 1, 2, 1]],
  [{ name: "double", symbols: [{ double: -0.1 }, { double: 1e300 }, { double: Number.NaN }] }, [0, 1, 2, 0]],
  [{ name: "Größe 📦", symbols: [{ text: "日本語 🚀" }, { text: "" }, { text: "Zoë" }] }, [0, 1, 2, 0]],
  [
    {
      name: "dual int",
      symbols: [
        { int: 1, text: "one" },
        { int: -7, text: "-7" },
        { int: 3, text: "3" },
      ],
    },
    [0, 1, 2, 0],
  ],
  [
    {
      name: "dual double",
      symbols: [
        { double: 6.5511886764042355, text: "6.551188676404236" },
        { double: 0.5, text: "½" },
        { double: -1e-300, text: "tiny" },
      ],
    },
    [0, 1, 2, 0],
  ],
  [{ name: "mixed", symbols: [{ text: "NULL" }, { int: 14, text: "14" }, { double: 0.1 }, { int: 3 }] }, [0, 1, 2, 3]],
  [{ name: "nullable", symbols: [{ text: "a" }, { text: "b" }], nullable: true }, [null, 0, 1, null]],
  [{ name: "no symbols", symbols: [], bitWidth: 3 }, [5, 0, 7, 1]],
  [{ name: "no symbols, DATE", symbols: [], numberFormat: "DATE" }, [0, 0, 0, 0]],
  [
    { name: "date", symbols: [{ int: 40182, text: "2010-01-04" }, { int: 1 }, { int: -1 }], numberFormat: "DATE" },
    [0, 1, 2, 0],
  ],
  [
    {
      name: "tagged date",
      symbols: [{ int: 45292, text: "2024-01-01" }],
      tags: ["$numeric", "$integer", "$timestamp", "$date"],
    },
    [0, 0, 0, 0],
  ],
  [
    { name: "timestamp", symbols: [{ double: 41764.5 }, { int: 0 }, { double: 45292.75 }], numberFormat: "TIMESTAMP" },
    [0, 1, 2, 0],
  ],
  [
    {
      name: "time",
      symbols: [{ double: 0.25, text: "06:00:00" }, { double: 0.5000115740740741 }],
      numberFormat: "TIME",
    },
    [0, 1, 0, 1],
  ],
  [{ name: "interval", symbols: [{ double: 1.5 }, { double: -0.25 }], numberFormat: "INTERVAL" }, [0, 1, 1, 0]],
  [{ name: "ascii", symbols: [{ int: 7, text: "007" }, { double: 2.5 }], numberFormat: "ASCII" }, [0, 1, 0, 1]],
  [{ name: "integral doubles", symbols: [{ int: 1 }, { double: 3e9 }], numberFormat: "INTEGER" }, [0, 1, 0, 1]],
  [{ name: "constant", symbols: [{ text: "only" }] }, [0, 0, 0, 0]],
  [{ name: "constant null", symbols: [{ text: "never" }], nullable: true }, [null, null, null, null]],
];

const TABLE: TestTable = {
  fields: FIELDS.map(([f]) => f),
  rows: [0, 1, 2, 3].map((r) => FIELDS.map(([, values]) => values[r] as number | null)),
};

const EXPECTED_TYPES = {
  int: "Int64",
  double: "Float64",
  "Größe 📦": "String",
  "dual int": "Int64",
  "dual double": "Float64",
  mixed: "String",
  nullable: "String",
  "no symbols": "String",
  "no symbols, DATE": "Date",
  date: "Date",
  "tagged date": "Date",
  timestamp: "Datetime(ms)",
  time: "Time",
  interval: "Duration(ms)",
  ascii: "String",
  "integral doubles": "Int64",
  constant: "String",
  "constant null": "String",
};

// Written out by hand from the symbols above (serial day 0 is 1899-12-30).
const EXPECTED_COLUMNS: Record<string, unknown[]> = {
  int: [-2147483648, 0, 2147483647, 0],
  double: [-0.1, 1e300, Number.NaN, -0.1],
  "Größe 📦": ["日本語 🚀", "", "Zoë", "日本語 🚀"],
  "dual int": [1, -7, 3, 1],
  "dual double": [6.5511886764042355, 0.5, -1e-300, 6.5511886764042355],
  mixed: ["NULL", "14", "0.1", "3"],
  nullable: [null, "a", "b", null],
  "no symbols": [null, null, null, null],
  "no symbols, DATE": [null, null, null, null],
  date: [utcDay(2010, 1, 4), utcDay(1899, 12, 31), utcDay(1899, 12, 29), utcDay(2010, 1, 4)],
  "tagged date": Array(4).fill(utcDay(2024, 1, 1)),
  timestamp: [
    new Date(Date.UTC(2014, 4, 5, 12)),
    new Date(Date.UTC(1899, 11, 30)),
    new Date(Date.UTC(2024, 0, 1, 18)),
    new Date(Date.UTC(2014, 4, 5, 12)),
  ],
  time: ["06:00:00", "12:00:01", "06:00:00", "12:00:01"],
  interval: [129_600_000, -21_600_000, -21_600_000, 129_600_000],
  ascii: ["007", "2.5", "007", "2.5"],
  "integral doubles": [1, 3_000_000_000, 1, 3_000_000_000],
  constant: Array(4).fill("only"),
  "constant null": Array(4).fill(null),
};

const typesOf = (frame: pl.DataFrame) =>
  Object.fromEntries(
    Object.entries(frame.schema).map(([name, type]) => [
      name,
      String(type)
        .replace(/^DataType\((.*)\)$/, "$1")
        .replace(",)", ")"),
    ]),
  );

describe("scanQvd on a hand-built file", () => {
  const path = tmp.file("every-type-données.qvd", qvdBytes(buildTestQvd(TABLE)));

  test("every symbol type, null and format maps to its documented column type", () => {
    expect(typesOf(read(path))).toEqual(EXPECTED_TYPES);
  });

  test("every value, in row order", () => {
    const frame = read(path);
    expect(frame.columns).toEqual(FIELDS.map(([f]) => f.name));
    for (const [name, values] of Object.entries(EXPECTED_COLUMNS)) {
      expect({ name, values: frame.getColumn(name).toArray() as unknown }).toEqual({ name, values });
    }
  });

  test("maxRows decodes only the first rows, with the same schema", () => {
    for (const n of [0, 1, 3]) {
      const frame = read(path, n);
      expect(frame.height).toBe(n);
      expect(typesOf(frame)).toEqual(EXPECTED_TYPES);
      expect(frame.getColumn("mixed").toArray() as unknown).toEqual(EXPECTED_COLUMNS.mixed?.slice(0, n));
    }
    expect(read(path, 100).height).toBe(4);
  });

  test("countQvdRows answers NoOfRecords", () => {
    expect(countQvdRows(path, {})).toBe(4);
  });
});

describe("maxRows stops decoding at the requested row", () => {
  // Row 3 points past the symbol table: only a read that decodes it fails.
  const table: TestTable = {
    fields: [{ name: "k", symbols: [{ int: 10 }, { int: 20 }], bitWidth: 4 }],
    rows: [[0], [1], [9], [0]],
  };
  const path = tmp.file("bad-third-row.qvd", qvdBytes(buildTestQvd(table)));

  test("the first two rows read; all rows fail naming the row", () => {
    expect(read(path, 2).getColumn("k").toArray()).toEqual([10, 20]);
    expectDataSourceError(() => scanQvd(path, {}), path, 'row 3 of field "k" refers to symbol 9');
    expectDataSourceError(() => scanQvd(path, {}, { maxRows: 3 }), path, "row 3");
  });

  test("the row count needs the header only", () => {
    expect(countQvdRows(path, {})).toBe(4);
  });
});

describe("files without rows", () => {
  test("zero records keep the columns and their types", () => {
    const table: TestTable = {
      fields: [
        { name: "a", symbols: [{ int: 1 }] },
        { name: "b", symbols: [], numberFormat: "TIMESTAMP" },
      ],
      rows: [],
    };
    const path = tmp.file("no-rows.qvd", qvdBytes(buildTestQvd(table)));
    const frame = read(path);
    expect(frame.height).toBe(0);
    expect(typesOf(frame)).toEqual({ a: "Int64", b: "Datetime(ms)" });
    expect(countQvdRows(path, {})).toBe(0);
  });

  test("a table of constant fields has its declared number of rows", () => {
    const table: TestTable = { fields: [{ name: "c", symbols: [{ double: 2.5 }] }], rows: [[0], [0], [0]] };
    const path = tmp.file("constant.qvd", qvdBytes(buildTestQvd(table)));
    expect(read(path).getColumn("c").toArray()).toEqual([2.5, 2.5, 2.5]);
    expect(read(path, 2).height).toBe(2);
  });
});

describe("files that are not QVDs fail at scan time, naming the file", () => {
  test("missing, empty, a directory, garbage", () => {
    const missing = `${tmp.dir}/nope.qvd`;
    expectDataSourceError(() => scanQvd(missing, {}), "File not found", missing);
    expectDataSourceError(() => countQvdRows(missing, {}), "File not found", missing);
    const empty = tmp.file("empty.qvd", "");
    expectDataSourceError(() => scanQvd(empty, {}), empty, "empty");
    const dir = tmp.folder("dir.qvd");
    expectDataSourceError(() => scanQvd(dir, {}), dir, "directory");
    const text = tmp.file("text.qvd", "hello, world");
    expectDataSourceError(() => scanQvd(text, {}), text, "not a QVD");
    expectDataSourceError(() => countQvdRows(text, {}), text, "not a QVD");
  });

  test("random bytes", () => {
    let seed = 1;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let i = 0; i < 20; i++) {
      const bytes = Buffer.from(Array.from({ length: 1 + (next() % 5000) }, () => next() % 256));
      if (i % 2 === 0) bytes[0] = 0x3c; // Half start like XML, to get past the first check.
      const path = tmp.file(`random-${i}.qvd`, bytes);
      expectDataSourceError(() => scanQvd(path, {}), path);
    }
  });
});
