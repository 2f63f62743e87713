import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import pl from "nodejs-polars";
import { HAS_REAL_FIXTURES, realFixture, SKIP_NOTE } from "../../tests/helpers/real-fixtures";
import { ValidationError } from "../shared/errors";
import { previewData } from "./preview-data";

// ---- independent expectations (plain TypeScript, no Polars) ----

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** The JSON-safe form of a 64-bit integer written in decimal. */
function jsonInt(text: string | null): number | string | null {
  if (text === null) return null;
  const big = BigInt(text);
  return big <= MAX_SAFE && big >= -MAX_SAFE ? Number(big) : text;
}

const PER_SECOND = { ms: 1_000n, us: 1_000_000n, ns: 1_000_000_000n } as const;
const DIGITS = { ms: 3, us: 6, ns: 9 } as const;

/** Naive ISO 8601 of an epoch count in `unit`, keeping every digit of the unit. */
function isoNaive(epoch: string, unit: keyof typeof PER_SECOND): string {
  const value = BigInt(epoch);
  const per = PER_SECOND[unit];
  let seconds = value / per;
  let fraction = value % per;
  if (fraction < 0n) {
    fraction += per;
    seconds -= 1n;
  }
  const whole = new Date(Number(seconds) * 1000).toISOString().slice(0, 19);
  return `${whole}.${fraction.toString().padStart(DIGITS[unit], "0")}`;
}

const base64OfHex = (hex: string) => Buffer.from(hex, "hex").toString("base64");

const int64 = (name: string, values: (string | null)[]) => pl.Series(name, values).cast(pl.Int64);

function frameOf(...series: pl.Series[]): pl.DataFrame {
  return pl.DataFrame(series);
}

/** Values of one column of a preview. */
function column(preview: ReturnType<typeof previewData>, index: number): unknown[] {
  return preview.data.map((row) => row[index]);
}

describe("previewData: shape", () => {
  const frame = frameOf(pl.Series("n", [1, 2, 3, 4, 5], pl.Int32), pl.Series("s", ["a", "b", "c", "d", "e"]));

  test("a limit below the height keeps the first rows and says there are more", () => {
    const p = previewData(frame, 2);
    expect(p.data).toEqual([
      [1, "a"],
      [2, "b"],
    ]);
    expect(p.row_count).toBe(2);
    expect(p.has_more).toBe(true);
    expect(p.columns).toEqual([
      { name: "n", dtype: "Int32" },
      { name: "s", dtype: "String" },
    ]);
  });

  test("a limit at the height keeps every row and says there are no more", () => {
    const p = previewData(frame, 5);
    expect(p.row_count).toBe(5);
    expect(p.has_more).toBe(false);
    expect(p.data[4]).toEqual([5, "e"]);
  });

  test("limit 0 keeps no row", () => {
    expect(previewData(frame, 0)).toMatchObject({ data: [], row_count: 0, has_more: true });
  });

  test("an empty frame keeps its columns and types", () => {
    const empty = frameOf(int64("id", []), pl.Series("t", [], pl.Datetime("ns", "UTC")));
    expect(previewData(empty, 100)).toEqual({
      columns: [
        { name: "id", dtype: "Int64" },
        { name: "t", dtype: "Datetime(ns, UTC)" },
      ],
      data: [],
      row_count: 0,
      has_more: false,
    });
  });

  test.each([-1, 1.5, Number.NaN])("refuses the limit %p", (limit) => {
    expect(() => previewData(frame, limit)).toThrow(ValidationError);
  });

  test("unicode names and values survive", () => {
    const values = ["héllo", "日本語", "emoji 🎉", "", null, 'tab\tquote"back\\slash'];
    const p = previewData(frameOf(pl.Series("名前 €", values), pl.Series("ß", [1, 2, 3, 4, 5, 6], pl.Int8)), 10);
    expect(p.columns.map((c) => c.name)).toEqual(["名前 €", "ß"]);
    expect(column(p, 0)).toEqual(values);
    expect(JSON.parse(JSON.stringify(p))).toEqual(p);
  });
});

describe("previewData: integers", () => {
  const texts = [
    "9007199254740991",
    "9007199254740992",
    "9007199254740993",
    "-9007199254740991",
    "-9007199254740992",
    "-9007199254740993",
    "9223372036854775807",
    "-9223372036854775808",
    "0",
    null,
  ];

  test("Int64 inside ±(2^53 - 1) is a number, outside a decimal string", () => {
    const p = previewData(frameOf(int64("i", texts)), 100);
    expect(column(p, 0)).toEqual(texts.map(jsonInt));
    // The boundary itself, spelled out.
    expect(column(p, 0).slice(0, 6)).toEqual([
      9007199254740991,
      "9007199254740992",
      "9007199254740993",
      -9007199254740991,
      "-9007199254740992",
      "-9007199254740993",
    ]);
  });

  test("Int64 with only safe values", () => {
    const p = previewData(frameOf(int64("i", ["1", "-42", null, "9007199254740991"])), 100);
    expect(column(p, 0)).toEqual([1, -42, null, 9007199254740991]);
  });

  test("UInt64 up to its maximum", () => {
    const u = ["18446744073709551615", "9007199254740993", "9007199254740991", "7", null];
    const p = previewData(frameOf(pl.Series("u", u).cast(pl.UInt64)), 100);
    expect(p.columns[0]?.dtype).toBe("UInt64");
    expect(column(p, 0)).toEqual(u.map(jsonInt));
  });

  test("narrow integers and booleans are plain JSON with nulls", () => {
    const p = previewData(
      frameOf(
        pl.Series("i8", [-128, 127, null], pl.Int8),
        pl.Series("i16", [-32768, 32767, null], pl.Int16),
        pl.Series("i32", [-2147483648, 2147483647, null], pl.Int32),
        pl.Series("u8", [0, 255, null], pl.UInt8),
        pl.Series("u16", [0, 65535, null], pl.UInt16),
        pl.Series("u32", [0, 4294967295, null], pl.UInt32),
        pl.Series("b", [true, false, null]),
      ),
      10,
    );
    expect(p.columns.map((c) => c.dtype)).toEqual(["Int8", "Int16", "Int32", "UInt8", "UInt16", "UInt32", "Boolean"]);
    expect(p.data).toEqual([
      [-128, -32768, -2147483648, 0, 0, 0, true],
      [127, 32767, 2147483647, 255, 65535, 4294967295, false],
      [null, null, null, null, null, null, null],
    ]);
  });
});

describe("previewData: floats", () => {
  test("NaN and infinities are strings; nulls stay null", () => {
    const values = [1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, null, -0.25, 1e300];
    const p = previewData(frameOf(pl.Series("f", values, pl.Float64)), 10);
    expect(column(p, 0)).toEqual([1.5, "NaN", "Infinity", "-Infinity", null, -0.25, 1e300]);
  });

  test("Float32 uses the shortest decimal that reads back as the same float32", () => {
    const values = [0.1, 1.5, -2.25, 1234.567, 1e-7, 16777216, 641.818, Number.NaN, null];
    const p = previewData(frameOf(pl.Series("f", values, pl.Float64).cast(pl.Float32)), 10);
    expect(p.columns[0]?.dtype).toBe("Float32");
    expect(column(p, 0)).toEqual([0.1, 1.5, -2.25, 1234.567, 1e-7, 16777216, 641.818, "NaN", null]);
  });
});

describe("previewData: dates and times", () => {
  const epochs = ["1704164645123456789", "-1", "1719792000000000000", "0", null];

  test("Date is YYYY-MM-DD", () => {
    const days = [0, 19724, -1, -719162, null];
    const p = previewData(frameOf(pl.Series("d", days, pl.Int32).cast(pl.Date)), 10);
    expect(p.columns[0]?.dtype).toBe("Date");
    expect(column(p, 0)).toEqual(
      days.map((d) => (d === null ? null : new Date(d * 86_400_000).toISOString().slice(0, 10))),
    );
  });

  test.each(["ns", "us", "ms"] as const)("a naive Datetime(%s) keeps every digit of its unit", (unit) => {
    const scaled = epochs.map((e) => (e === null ? null : (BigInt(e) / (PER_SECOND.ns / PER_SECOND[unit])).toString()));
    const p = previewData(frameOf(int64("t", scaled).cast(pl.Datetime(unit))), 10);
    expect(p.columns[0]?.dtype).toBe(`Datetime(${unit})`);
    expect(column(p, 0)).toEqual(scaled.map((e) => (e === null ? null : isoNaive(e, unit))));
  });

  test("nanoseconds are not rounded", () => {
    const p = previewData(frameOf(int64("t", ["1704164645123456789"]).cast(pl.Datetime("ns"))), 10);
    expect(p.data).toEqual([["2024-01-02T03:04:05.123456789"]]);
  });

  test.each(["ns", "us", "ms"] as const)("UTC datetimes (%s) end in Z", (unit) => {
    const scaled = epochs.map((e) => (e === null ? null : (BigInt(e) / (PER_SECOND.ns / PER_SECOND[unit])).toString()));
    const p = previewData(frameOf(int64("t", scaled).cast(pl.Datetime(unit, "UTC"))), 10);
    expect(p.columns[0]?.dtype).toBe(`Datetime(${unit}, UTC)`);
    expect(column(p, 0)).toEqual(scaled.map((e) => (e === null ? null : `${isoNaive(e, unit)}Z`)));
  });

  test("years past 9999 use the ISO 8601 expanded form", () => {
    const p = previewData(
      frameOf(
        int64("t", ["253402300800000000"]).cast(pl.Datetime("us")),
        pl.Series("d", [2932897], pl.Int32).cast(pl.Date),
      ),
      10,
    );
    expect(p.data).toEqual([["+10000-01-01T00:00:00.000000", "+10000-01-01"]]);
  });

  test("other zones carry their offset, summer time included", () => {
    const utc = int64("t", ["1704164645123456", "1719792000000000", null]).cast(pl.Datetime("us", "UTC"));
    const frame = frameOf(utc)
      .lazy()
      .select(
        pl.col("t").dt.convertTimeZone("Europe/Paris").alias("paris"),
        pl.col("t").dt.convertTimeZone("Asia/Kolkata").alias("kolkata"),
        pl.col("t").dt.convertTimeZone("America/New_York").alias("new_york"),
      )
      .collectSync();
    const p = previewData(frame, 10);
    expect(p.columns.map((c) => c.dtype)).toEqual([
      "Datetime(us, Europe/Paris)",
      "Datetime(us, Asia/Kolkata)",
      "Datetime(us, America/New_York)",
    ]);
    expect(p.data).toEqual([
      ["2024-01-02T04:04:05.123456+01:00", "2024-01-02T08:34:05.123456+05:30", "2024-01-01T22:04:05.123456-05:00"],
      ["2024-07-01T02:00:00.000000+02:00", "2024-07-01T05:30:00.000000+05:30", "2024-06-30T20:00:00.000000-04:00"],
      [null, null, null],
    ]);
  });

  test("Time is HH:MM:SS with the fraction it has", () => {
    const nanos = ["0", "3723000000000", "3723500000000", "45296123456000", "1", null];
    const p = previewData(frameOf(int64("t", nanos).cast(pl.Time)), 10);
    expect(p.columns[0]?.dtype).toBe("Time");
    expect(column(p, 0)).toEqual([
      "00:00:00",
      "01:02:03",
      "01:02:03.500",
      "12:34:56.123456",
      "00:00:00.000000001",
      null,
    ]);
  });

  test("Duration(ms) with small counts", () => {
    const counts = ["1500", "-2", null];
    const p = previewData(frameOf(int64("d", counts).cast(pl.Duration("ms"))), 10);
    expect(p.columns[0]?.dtype).toBe("Duration(ms)");
    expect(column(p, 0)).toEqual([1500, -2, null]);
  });

  test("Duration is a count of its unit, big counts as strings", () => {
    const counts = ["86400000000000", "-1", "9007199254740993", null];
    const p = previewData(frameOf(int64("d", counts).cast(pl.Duration("ns"))), 10);
    expect(p.columns[0]?.dtype).toBe("Duration(ns)");
    expect(column(p, 0)).toEqual(counts.map(jsonInt));
  });
});

describe("previewData: decimals, categoricals, binary, null", () => {
  test("Decimal is an exact string", () => {
    const p = previewData(
      frameOf(
        pl.Series("d", [1.5, -2.25, null, 12345678.9]).cast(pl.Decimal(10, 2)),
        pl.Series("big", ["12345678901234567890.123456789", "-0.5", null, "0"]).cast(pl.Decimal(38, 9)),
      ),
      10,
    );
    expect(p.columns.map((c) => c.dtype)).toEqual(["Decimal(10, 2)", "Decimal(38, 9)"]);
    expect(p.data).toEqual([
      ["1.50", "12345678901234567890.123456789"],
      ["-2.25", "-0.500000000"],
      [null, null],
      ["12345678.90", "0.000000000"],
    ]);
  });

  test("Categorical is its strings", () => {
    const values = ["rouge", null, "vert", "rouge", "青"];
    const p = previewData(frameOf(pl.Series("c", values).cast(pl.Categorical)), 10);
    expect(p.columns[0]?.dtype).toBe("Categorical");
    expect(column(p, 0)).toEqual(values);
  });

  test("Binary is base64", () => {
    const hex = ["00ff10", "", null, "e697a5", "ffffffff"];
    const p = previewData(frameOf(pl.Series("b", hex).str.decode("hex")), 10);
    expect(p.columns[0]?.dtype).toBe("Binary");
    expect(column(p, 0)).toEqual(hex.map((h) => (h === null ? null : base64OfHex(h))));
  });

  test("a Null column is nulls", () => {
    const frame = frameOf(pl.Series("n", [1, 2], pl.Int8))
      .lazy()
      .select(pl.col("n"), pl.lit(null).alias("nothing"))
      .collectSync();
    const p = previewData(frame, 10);
    expect(p.columns[1]).toEqual({ name: "nothing", dtype: "Null" });
    expect(column(p, 1)).toEqual([null, null]);
  });
});

describe("previewData: nested values follow the same rules", () => {
  const base = frameOf(
    int64("i", ["9007199254740993", "5", null]),
    int64("t", ["1704164645123456789", "-1", null]).cast(pl.Datetime("ns", "UTC")),
    pl.Series("b", ["00ff", null, "e697a5"]).str.decode("hex"),
    pl.Series("f", [Number.NaN, 2.5, null]),
    pl.Series("s", ["ü", "x", null]),
  );
  const nested = base
    .lazy()
    .select(
      pl.concatList([pl.col("i"), pl.col("i")]).alias("ints"),
      pl.concatList([pl.col("t")]).alias("times"),
      pl.concatList([pl.col("b")]).alias("bytes"),
      pl
        .concatList([pl.col("f"), pl.col("f")])
        .cast(pl.FixedSizeList(pl.Float64, 2))
        .alias("pair"),
      pl
        .when(pl.col("s").isNull())
        .then(pl.lit(null))
        .otherwise(pl.struct([pl.col("i"), pl.col("t"), pl.col("b"), pl.col("s")]))
        .alias("record"),
    )
    .collectSync();
  const p = previewData(nested, 10);

  test("types are named", () => {
    expect(p.columns.map((c) => c.dtype)).toEqual([
      "List(Int64)",
      "List(Datetime(ns, UTC))",
      "List(Binary)",
      "Array(Float64, 2)",
      "Struct({'i': Int64, 't': Datetime(ns, UTC), 'b': Binary, 's': String})",
    ]);
  });

  test("lists and arrays", () => {
    expect(column(p, 0)).toEqual([
      ["9007199254740993", "9007199254740993"],
      [5, 5],
      [null, null],
    ]);
    expect(column(p, 1)).toEqual([["2024-01-02T03:04:05.123456789Z"], ["1969-12-31T23:59:59.999999999Z"], [null]]);
    expect(column(p, 2)).toEqual([[base64OfHex("00ff")], [null], [base64OfHex("e697a5")]]);
    expect(column(p, 3)).toEqual([
      ["NaN", "NaN"],
      [2.5, 2.5],
      [null, null],
    ]);
  });

  test("structs are objects; a null struct row is null", () => {
    expect(column(p, 4)).toEqual([
      { i: "9007199254740993", t: "2024-01-02T03:04:05.123456789Z", b: base64OfHex("00ff"), s: "ü" },
      { i: 5, t: "1969-12-31T23:59:59.999999999Z", b: null, s: "x" },
      null,
    ]);
  });

  test("dates, small integers and strings inside lists and structs", () => {
    const frame = frameOf(
      pl.Series("d", [0, null, 19724], pl.Int32).cast(pl.Date),
      int64("n", ["7", "-9007199254740991", null]),
      pl.Series("s", ["é", null, "z"]),
    )
      .lazy()
      .select(pl.concatList([pl.col("d")]).alias("days"), pl.struct([pl.col("n"), pl.col("s")]).alias("pair"))
      .collectSync();
    const q = previewData(frame, 10);
    expect(q.columns.map((c) => c.dtype)).toEqual(["List(Date)", "Struct({'n': Int64, 's': String})"]);
    expect(q.data).toEqual([
      [["1970-01-01"], { n: 7, s: "é" }],
      [[null], { n: -9007199254740991, s: null }],
      [["2024-01-02"], { n: null, s: "z" }],
    ]);
  });

  test("the whole preview is plain JSON", () => {
    expect(JSON.parse(JSON.stringify(p))).toEqual(p);
  });
});

describe("previewData: a real Arrow file with binary columns", () => {
  test.skipIf(!HAS_REAL_FIXTURES)(`generated_primitive.arrow matches its JSON${SKIP_NOTE}`, () => {
    const frame = pl.readIPC(readFileSync(realFixture("arrow", "generated_primitive.arrow")));
    const expected = JSON.parse(
      gunzipSync(readFileSync(realFixture("arrow", "generated_primitive.expected.json.gz"))).toString("utf8"),
    ) as {
      batches: { columns: { name: string; VALIDITY: number[]; DATA: unknown[] }[] }[];
    };
    const p = previewData(frame, 100);
    expect(p.row_count).toBe(37);
    expect(p.has_more).toBe(false);
    const names = p.columns.map((c) => c.name);
    let checked = 0;
    let row = 0;
    for (const batch of expected.batches) {
      const count = batch.columns[0]?.VALIDITY.length ?? 0;
      for (let r = 0; r < count; r++, row++) {
        for (const col of batch.columns) {
          const actual = p.data[row]?.[names.indexOf(col.name)];
          const raw = col.DATA[r];
          const type = col.name.replace(/_(non)?nullable$/, "");
          if (col.VALIDITY[r] === 0) expect(actual).toBeNull();
          else if (type === "int64" || type === "uint64") expect(actual).toEqual(jsonInt(raw as string));
          else if (type.includes("binary")) expect(actual).toBe(base64OfHex(raw as string));
          else if (type.startsWith("float")) expect(actual as number).toBeCloseTo(raw as number, 2);
          else expect(actual).toEqual(raw);
          checked++;
        }
      }
    }
    expect(checked).toBe(37 * 30);
    expect(p.columns.find((c) => c.name === "fixedsizebinary_19_nullable")?.dtype).toBe("Binary");
  });
});

test("speed: 100 rows x 10 columns (printed, not asserted)", () => {
  const n = 101;
  const ints = Array.from({ length: n }, (_, i) => i * 7919);
  const frame = frameOf(
    pl.Series("a", ints, pl.Int32),
    pl.Series("b", ints, pl.Int64),
    pl.Series("c", ints, pl.Float64),
    pl.Series("d", ints, pl.Float64).cast(pl.Float32),
    pl.Series(
      "e",
      ints.map((i) => `name ${i}`),
    ),
    pl.Series(
      "f",
      ints.map((i) => i % 2 === 0),
    ),
    pl.Series("g", ints, pl.Int64).cast(pl.Datetime("us")),
    pl.Series("h", ints, pl.Int32).cast(pl.Date),
    pl.Series("i", ints, pl.UInt8),
    pl.Series(
      "j",
      ints.map((i) => (i % 3 === 0 ? null : `x${i}`)),
    ),
  );
  for (let i = 0; i < 100; i++) previewData(frame, 100);
  const runs = 500;
  const start = performance.now();
  for (let i = 0; i < runs; i++) previewData(frame, 100);
  const perCall = (performance.now() - start) / runs;
  console.log(`previewData 100 rows x 10 columns: ${(perCall * 1000).toFixed(0)} µs per call`);
  expect(previewData(frame, 100).row_count).toBe(100);
});
