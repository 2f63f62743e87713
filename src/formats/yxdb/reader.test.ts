import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import pl from "nodejs-polars";
import { collect } from "../../../tests/helpers/format-samples";
import { HAS_REAL_FIXTURES, realFixture, SKIP_NOTE } from "../../../tests/helpers/real-fixtures";
import { countYxdbRows, scanYxdb } from "./reader";

/** The facts of /work/shared/fixtures/real/yxdb/MANIFEST.md, checked on the real files. */

const fixture = (file: string) => realFixture("yxdb", file);
const read = (file: string, maxRows?: number) => collect(scanYxdb(fixture(file), {}, { maxRows }));
const dtypes = (df: pl.DataFrame) => df.getColumns().map((s) => `${s.name}: ${String(s.dtype)}`);
/** Every value as Polars' text (Decimal and Int64 cannot be handed to JS as they are). */
const texts = (df: pl.DataFrame) => df.select(...df.columns.map((c) => pl.col(c).cast(pl.String))).toRecords();

describe.skipIf(!HAS_REAL_FIXTURES)(`real YXDB files${SKIP_NOTE}`, () => {
  test("the files are the ones the MANIFEST describes (sizes, header text)", () => {
    const sizes: Record<string, number> = {
      "AllNormalFields.yxdb": 3420,
      "LotsOfRecords.yxdb": 401_044,
      "TestNewYxdb.yxdb": 928,
      "line.yxdb": 1404,
      "multi-point.yxdb": 1398,
      "null-spatial.yxdb": 1030,
      "point.yxdb": 1293,
      "poly.yxdb": 1460,
    };
    for (const [file, size] of Object.entries(sizes)) {
      const bytes = readFileSync(fixture(file));
      expect(bytes.length).toBe(size);
      expect(bytes.subarray(0, 21).toString("latin1")).toBe("Alteryx Database File");
    }
  });

  test("AllNormalFields.yxdb: 1 record, 16 fields with their types and values", () => {
    const df = read("AllNormalFields.yxdb");
    expect(countYxdbRows(fixture("AllNormalFields.yxdb"), {})).toBe(1);
    expect(df.height).toBe(1);
    expect(dtypes(df)).toEqual([
      "ByteField: DataType(UInt8)",
      "BoolField: DataType(Bool)",
      "Int16Field: DataType(Int16)",
      "Int32Field: DataType(Int32)",
      "Int64Field: DataType(Int64)",
      "FixedDecimalField: DataType(Decimal(18,6))",
      "FloatField: DataType(Float32)",
      "DoubleField: DataType(Float64)",
      "StringField: DataType(String)",
      "WStringField: DataType(String)",
      "V_StringShortField: DataType(String)",
      "V_StringLongField: DataType(String)",
      "V_WStringShortField: DataType(String)",
      "V_WStringLongField: DataType(String)",
      "DateField: DataType(Date)",
      "DateTimeField: DataType(Datetime(us,))",
    ]);
    expect(texts(df)).toEqual([
      {
        ByteField: "1",
        BoolField: "true",
        Int16Field: "16",
        Int32Field: "32",
        Int64Field: "64",
        FixedDecimalField: "123.450000",
        FloatField: "678.9",
        DoubleField: "0.12345",
        StringField: "A",
        WStringField: "AB",
        V_StringShortField: "ABC",
        V_StringLongField: "B".repeat(500),
        V_WStringShortField: "XZY",
        V_WStringLongField: "W".repeat(500),
        DateField: "2020-01-01",
        DateTimeField: "2020-02-03 04:05:06.000000",
      },
    ]);
    // The float32 678.9f, widened exactly.
    expect(df.getColumn("FloatField").toArray()).toEqual([678.9000244140625]);
    expect(df.getColumn("FloatField").toArray()[0]).toBe(Math.fround(678.9));
    expect(df.getColumn("DoubleField").toArray()).toEqual([0.12345]);
    expect(df.getColumn("BoolField").toArray()).toEqual([true]);
    // The FixedDecimal is exact: 123.45 as a decimal, not a float.
    expect(df.select(pl.col("FixedDecimalField").cast(pl.Float64)).toRecords()).toEqual([
      { FixedDecimalField: 123.45 },
    ]);
  });

  test("LotsOfRecords.yxdb: 100,000 Int32 records 1..100000 over several LZF blocks", () => {
    const path = fixture("LotsOfRecords.yxdb");
    expect(countYxdbRows(path, {})).toBe(100_000);
    const df = read("LotsOfRecords.yxdb");
    expect(dtypes(df)).toEqual(["RowCount: DataType(Int32)"]);
    const values = df.getColumn("RowCount").toArray() as number[];
    expect(values.length).toBe(100_000);
    let sum = 0;
    let inOrder = true;
    for (const [i, v] of values.entries()) {
      sum += v;
      if (v !== i + 1) inOrder = false;
    }
    expect(sum).toBe(5_000_050_000);
    expect(inOrder).toBe(true);
    expect(values[0]).toBe(1);
    expect(values.at(-1)).toBe(100_000);
    // More than one block: walk the block lengths from the end of the MetaInfo.
    const bytes = readFileSync(path);
    let at = 512 + bytes.readUInt32LE(80) * 2;
    let blocks = 0;
    while (at < bytes.readUInt32LE(96)) {
      at += 4 + (bytes.readUInt32LE(at) & 0x7fffffff);
      blocks++;
    }
    expect(blocks).toBeGreaterThan(1);
  });

  test("LotsOfRecords.yxdb with maxRows: only the first rows, also across a block boundary", () => {
    expect(read("LotsOfRecords.yxdb", 10).getColumn("RowCount").toArray()).toEqual(
      Array.from({ length: 10 }, (_, i) => i + 1),
    );
    const many = read("LotsOfRecords.yxdb", 70_000).getColumn("RowCount").toArray() as number[];
    expect(many.length).toBe(70_000);
    expect(many.at(-1)).toBe(70_000);
    const none = read("LotsOfRecords.yxdb", 0);
    expect(none.height).toBe(0);
    expect(dtypes(none)).toEqual(["RowCount: DataType(Int32)"]);
    expect(read("LotsOfRecords.yxdb", 1_000_000).height).toBe(100_000);
  });

  test("TestNewYxdb.yxdb: 3 records (A, 1), (B, 2), (C, 3); the Byte field sums to 6", () => {
    const df = read("TestNewYxdb.yxdb");
    expect(countYxdbRows(fixture("TestNewYxdb.yxdb"), {})).toBe(3);
    expect(dtypes(df)).toEqual(["Field1: DataType(String)", "Field2: DataType(UInt8)"]);
    expect(df.toRecords()).toEqual([
      { Field1: "A", Field2: 1 },
      { Field1: "B", Field2: 2 },
      { Field1: "C", Field2: 3 },
    ]);
    expect((df.getColumn("Field2").toArray() as number[]).reduce((a, b) => a + b, 0)).toBe(6);
  });

  const shapes: [string, unknown][] = [
    ["point.yxdb", { type: "Point", coordinates: [-96.679688, 37.230328] }],
    [
      "poly.yxdb",
      {
        type: "Polygon",
        coordinates: [
          [
            [-84.550781, 42.811522],
            [-101.25, 34.452218],
            [-96.855469, 43.068888],
            [-114.082031, 32.10119],
            [-119.355469, 42.55308],
            [-104.589844, 44.087585],
            [-107.402344, 47.279229],
            [-91.230469, 52.908902],
            [-84.550781, 42.811522],
          ],
        ],
      },
    ],
    [
      "line.yxdb",
      {
        type: "LineString",
        coordinates: [
          [-106.875, 42.293564],
          [-84.375, 41.244772],
          [-106.347656, 36.738884],
          [-85.253906, 35.173808],
          [-110.390625, 32.546813],
          [-89.472656, 29.22889],
        ],
      },
    ],
    [
      "multi-point.yxdb",
      {
        type: "MultiPoint",
        coordinates: [
          [-113.730469, 7.885147],
          [-113.378906, 46.679594],
          [-100.019531, 40.178873],
          [-88.769531, 49.61071],
          [-85.957031, 12.039321],
        ],
      },
    ],
  ];
  for (const [file, geometry] of shapes) {
    test(`${file}: RecordID 1 and its shape as GeoJSON; the SortInfo adds no column`, () => {
      const df = read(file);
      expect(countYxdbRows(fixture(file), {})).toBe(1);
      expect(dtypes(df)).toEqual(["RecordID: DataType(Int32)", "Spatial: DataType(String)"]);
      const [row] = df.toRecords() as { RecordID: number; Spatial: string }[];
      expect(row?.RecordID).toBe(1);
      expect(JSON.parse(row?.Spatial ?? "null")).toEqual(geometry);
    });
  }

  test("null-spatial.yxdb: RecordID (Byte) 1 and a null spatial value", () => {
    const df = read("null-spatial.yxdb");
    expect(dtypes(df)).toEqual(["RecordID: DataType(UInt8)", "Spatial: DataType(String)"]);
    expect(df.toRecords()).toEqual([{ RecordID: 1, Spatial: null }]);
  });
});
