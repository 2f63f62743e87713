import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import pl from "nodejs-polars";
import { collect, expectDataSourceError, rowsOf, tempFolder } from "../../../tests/helpers/format-samples";
import { HAS_REAL_FIXTURES, realFixture, SKIP_NOTE } from "../../../tests/helpers/real-fixtures";
import { DataSourceError } from "../../shared/errors";
import { avroBlock, avroFile, avroHeader, avscType } from "./avro-files.fixture";
import { countAvroRows, scanAvro } from "./reader";

const tmp = tempFolder("avro-read");
afterAll(tmp.cleanup);

const WEATHER_FILES = ["weather.avro", "weather-deflate.avro", "weather-zstd.avro"];
const ALL_FIXTURES = [...WEATHER_FILES, "users.avro", "enum.avro"];

/** MANIFEST.md's table of the 5 weather records, in order. */
const WEATHER_ROWS = [
  { station: "011990-99999", time: -619524000000, temp: 0 },
  { station: "011990-99999", time: -619506000000, temp: 22 },
  { station: "011990-99999", time: -619484400000, temp: -11 },
  { station: "012650-99999", time: -655531200000, temp: 111 },
  { station: "012650-99999", time: -655509600000, temp: 78 },
];

function dtypes(frame: pl.DataFrame): string[] {
  return frame.getColumns().map((s) => String(s.dtype));
}

const fixtures = HAS_REAL_FIXTURES ? "real Avro fixtures" : `real Avro fixtures${SKIP_NOTE}`;

describe.skipIf(!HAS_REAL_FIXTURES)(fixtures, () => {
  test("weather.expected.ndjson (from the Avro repo) is MANIFEST's table of 5 records", () => {
    const lines = readFileSync(realFixture("avro", "weather.expected.ndjson"), "utf8").trim().split("\n");
    expect(lines.map((line) => JSON.parse(line))).toEqual(WEATHER_ROWS);
  });

  for (const name of WEATHER_FILES) {
    test(`${name}: the 5 weather records in order; station String, time Int64, temp Int32; count 5`, () => {
      const path = realFixture("avro", name);
      const frame = collect(scanAvro(path, {}));
      expect(frame.columns).toEqual(["station", "time", "temp"]);
      expect(dtypes(frame)).toEqual(["DataType(String)", "DataType(Int64)", "DataType(Int32)"]);
      expect(frame.toRecords()).toEqual(WEATHER_ROWS);
      // `time` is a plain long (no logical type): exact as text too.
      expect(frame.getColumn("time").cast(pl.Utf8).toArray()).toEqual(WEATHER_ROWS.map((r) => String(r.time)));
      expect(countAvroRows(path, {})).toBe(5);
    });
  }

  test("users.avro: name String, favorite_number Int32, favorite_color String; Alyssa 256 null, Ben 7 red", () => {
    const path = realFixture("avro", "users.avro");
    const frame = collect(scanAvro(path, {}));
    expect(frame.columns).toEqual(["name", "favorite_number", "favorite_color"]);
    expect(dtypes(frame)).toEqual(["DataType(String)", "DataType(Int32)", "DataType(String)"]);
    expect(frame.toRecords()).toEqual([
      { name: "Alyssa", favorite_number: 256, favorite_color: null },
      { name: "Ben", favorite_number: 7, favorite_color: "red" },
    ]);
    expect(countAvroRows(path, {})).toBe(2);
  });

  test("enum.avro: one column color holding the symbols GREEN, GREEN, RED, UNKNOWN, UNKNOWN", () => {
    const path = realFixture("avro", "enum.avro");
    const frame = collect(scanAvro(path, {}));
    expect(frame.columns).toEqual(["color"]);
    expect(dtypes(frame)).toEqual(["DataType(String)"]);
    expect(frame.getColumn("color").toArray()).toEqual(["GREEN", "GREEN", "RED", "UNKNOWN", "UNKNOWN"]);
    expect(countAvroRows(path, {})).toBe(5);
  });

  test("maxRows stops early: 2 of the weather records, then 0 with the columns kept", () => {
    for (const name of WEATHER_FILES) {
      const path = realFixture("avro", name);
      expect(rowsOf(scanAvro(path, {}, { maxRows: 2 }))).toEqual(WEATHER_ROWS.slice(0, 2));
      const empty = collect(scanAvro(path, {}, { maxRows: 0 }));
      expect(empty.height).toBe(0);
      expect(dtypes(empty)).toEqual(["DataType(String)", "DataType(Int64)", "DataType(Int32)"]);
    }
  });

  test("every truncated copy of every fixture is a DataSourceError naming it, or a shorter valid file", () => {
    for (const name of ALL_FIXTURES) {
      const bytes = readFileSync(realFixture("avro", name));
      const full = rowsOf(scanAvro(realFixture("avro", name), {}));
      let shorter = 0;
      for (let cut = 1; cut < bytes.length; cut++) {
        const path = tmp.file(`cut-${cut}-${name}`, bytes.subarray(0, cut));
        let rows: unknown[] | undefined;
        try {
          rows = rowsOf(scanAvro(path, {}));
        } catch (error) {
          expect(error).toBeInstanceOf(DataSourceError);
          expect((error as Error).message).toContain(path);
        }
        if (rows) {
          // Only a cut right after a block (here: after the header) leaves a valid file.
          shorter++;
          expect(rows.length).toBeLessThan(full.length);
          expect(rows).toEqual(full.slice(0, rows.length));
          expect(countAvroRows(path, {})).toBe(rows.length);
        } else {
          expectDataSourceError(() => countAvroRows(path, {}), path);
        }
      }
      expect(shorter).toBe(1);
    }
  });

  test("a corrupt sync marker after the block is a DataSourceError naming the file and the marker", () => {
    const bytes = Buffer.from(readFileSync(realFixture("avro", "weather.avro")));
    bytes[bytes.length - 3] = (bytes[bytes.length - 3] as number) ^ 0xff;
    const path = tmp.file("bad-sync.avro", bytes);
    expectDataSourceError(() => scanAvro(path, {}), path, "sync marker");
    expectDataSourceError(() => countAvroRows(path, {}), path, "sync marker");
  });

  test("bytes after the last block are a DataSourceError", () => {
    const bytes = Buffer.concat([readFileSync(realFixture("avro", "users.avro")), Buffer.from("trailing junk")]);
    const path = tmp.file("trailing.avro", bytes);
    expectDataSourceError(() => scanAvro(path, {}), path);
    expectDataSourceError(() => countAvroRows(path, {}), path);
  });
});

describe("Avro files that are not right", () => {
  const schema = { type: "record", name: "R", fields: [{ name: "n", type: "long" }] };
  const cases: [string, () => string, string][] = [
    ["missing file", () => join(tmp.dir, "nope.avro"), "File not found"],
    ["directory", () => tmp.folder("dir.avro"), "directory"],
    ["empty file", () => tmp.file("empty.avro", ""), "empty"],
    ["bad magic", () => tmp.file("magic.avro", Buffer.concat([Buffer.from("Obj\x02"), Buffer.alloc(40)])), "magic"],
    ["CSV named .avro", () => tmp.file("csv.avro", "a,b\n1,2\n"), "not an Avro"],
    ["only the magic", () => tmp.file("magic-only.avro", "Obj\x01"), "truncated"],
    ["schema that is not JSON", () => tmp.file("json.avro", headerWith("{not json")), "not JSON"],
    [
      "schema naming an unknown type",
      () => tmp.file("unknown.avro", headerWith('"Missing"')),
      'unknown type "Missing"',
    ],
    [
      "unsupported codec",
      () => tmp.file("bzip.avro", avroFile(schema, [{ n: 1n }], { metadata: { "avro.codec": "bzip2" } })),
      'codec "bzip2" is not supported',
    ],
    [
      "a block claiming more records than its bytes hold",
      () => tmp.file("count.avro", withBlock(schema, 1_000_000, Buffer.from([2, 4]))),
      "cannot fit",
    ],
    [
      "a block with bytes left over after its records",
      () => tmp.file("leftover.avro", withBlock(schema, 1, Buffer.from([2, 4]))),
      "left over",
    ],
    [
      "a long longer than 10 bytes",
      () =>
        tmp.file(
          "varint.avro",
          withBlock(schema, 1, Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 1])),
        ),
      "long",
    ],
  ];
  for (const [label, makePath, problem] of cases) {
    test(label, () => {
      const path = makePath();
      expectDataSourceError(() => scanAvro(path, {}), path, problem);
    });
  }

  test("random garbage with the .avro extension (seeded, 20 files) is a DataSourceError naming the file", () => {
    let seed = 12345;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 20; i++) {
      const bytes = Uint8Array.from({ length: 1 + Math.floor(random() * 2000) }, () => Math.floor(random() * 256));
      // Half of them start like an Avro file, so the header parser meets garbage too.
      if (i % 2 === 0) bytes.set([0x4f, 0x62, 0x6a, 0x01].slice(0, bytes.length));
      const path = tmp.file(`garbage-${i}.avro`, bytes);
      expectDataSourceError(() => scanAvro(path, {}), path);
      expectDataSourceError(() => countAvroRows(path, {}), path);
    }
  });

  test("a snappy block whose CRC32 does not match is a DataSourceError; the right CRC reads", () => {
    const records = Array.from({ length: 50 }, (_, i) => ({ n: BigInt(i * 1000) }));
    const good = avroFile(schema, records, { codec: "snappy" });
    expect(
      collect(scanAvro(tmp.file("snappy.avro", good), {}))
        .getColumn("n")
        .toArray(),
    ).toEqual(records.map((r) => Number(r.n)));
    const bad = Buffer.from(good);
    // The block ends with the 4-byte CRC, then the 16-byte sync marker.
    const crcByte = bad.length - 16 - 1;
    bad[crcByte] = (bad[crcByte] as number) ^ 0x01;
    const path = tmp.file("snappy-bad-crc.avro", bad);
    expectDataSourceError(() => scanAvro(path, {}), path, "snappy checksum does not match");
  });

  test("a deflate block that does not inflate is a DataSourceError keeping the cause", () => {
    const sync = new Uint8Array(16).fill(9);
    const bytes = Buffer.concat([
      avroHeader(schema, "deflate", sync),
      avroBlock(1, Buffer.from([0xff, 0xff, 0xff]), sync),
    ]);
    const path = tmp.file("bad-deflate.avro", bytes);
    let caught: unknown;
    try {
      scanAvro(path, {});
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DataSourceError);
    expect((caught as Error).message).toContain("deflate data does not decompress");
    expect((caught as Error).cause).toBeDefined();
  });

  test("a string that is not UTF-8 is a DataSourceError naming the file", () => {
    const strings = { type: "record", name: "S", fields: [{ name: "s", type: "string" }] };
    const path = tmp.file("latin1.avro", withBlock(strings, 1, Buffer.from([4, 0xc3, 0x28])));
    expectDataSourceError(() => scanAvro(path, {}), path);
  });

  test("maxRows must be a whole number", () => {
    const path = tmp.file("max.avro", avroFile(schema, [{ n: 1n }]));
    expectDataSourceError(() => scanAvro(path, {}, { maxRows: -1 }), path, "maxRows");
  });
});

describe("Avro blocks", () => {
  const schema = {
    type: "record",
    name: "R",
    fields: [
      { name: "i", type: "int" },
      { name: "s", type: "string" },
    ],
  };
  const records = Array.from({ length: 100 }, (_, i) => ({ i, s: `row ${i} ✓` }));

  test("a file of 10 blocks (deflate) reads whole, in order; its count is 100", () => {
    const path = tmp.file("blocks.avro", avroFile(schema, records, { codec: "deflate", blockSize: 10 }));
    expect(rowsOf(scanAvro(path, {}))).toEqual(records);
    expect(countAvroRows(path, {})).toBe(100);
  });

  test("maxRows reads only the blocks it needs: a corrupt last block does not stop a preview of 15", () => {
    const bytes = avroFile(schema, records, { codec: "deflate", blockSize: 10 });
    // Overwrite the middle of the last block's compressed bytes (before its sync marker).
    const broken = Buffer.from(bytes);
    broken.fill(0xff, broken.length - 16 - 8, broken.length - 16 - 2);
    const path = tmp.file("last-block-broken.avro", broken);
    expect(rowsOf(scanAvro(path, {}, { maxRows: 15 }))).toEqual(records.slice(0, 15));
    expectDataSourceError(() => scanAvro(path, {}), path, "block 10");
    // Counting reads block headers and sync markers only: the broken body is never decompressed.
    expect(countAvroRows(path, {})).toBe(100);
  });

  test("a 10-block file cut at every byte: an error naming it, or exactly the whole blocks before the cut", () => {
    const bytes = avroFile(schema, records, { codec: "snappy", blockSize: 10 });
    let shorter = 0;
    for (let cut = 1; cut < bytes.length; cut++) {
      const path = tmp.file("cut-blocks.avro", bytes.subarray(0, cut));
      let rows: unknown[] | undefined;
      try {
        rows = rowsOf(scanAvro(path, {}));
      } catch (error) {
        expect(error).toBeInstanceOf(DataSourceError);
        expect((error as Error).message).toContain(path);
      }
      if (rows) {
        shorter++;
        expect(rows.length % 10).toBe(0);
        expect(rows).toEqual(records.slice(0, rows.length));
        expect(countAvroRows(path, {})).toBe(rows.length);
      }
    }
    // After the header and after each of the first 9 blocks.
    expect(shorter).toBe(10);
  });

  test("a file of the header alone has the columns and no rows", () => {
    const path = tmp.file("header-only.avro", avroFile(schema, []));
    const frame = collect(scanAvro(path, {}));
    expect(frame.height).toBe(0);
    expect(frame.columns).toEqual(["i", "s"]);
    expect(dtypes(frame)).toEqual(["DataType(Int32)", "DataType(String)"]);
    expect(countAvroRows(path, {})).toBe(0);
  });

  test("unicode field names and values, in a file with a unicode name", () => {
    // avsc refuses names outside [A-Za-z_][A-Za-z0-9_]*, so it encodes under ASCII names and the
    // header carries the unicode ones (the encoding does not depend on names).
    const ascii = {
      type: "record",
      name: "R",
      fields: [
        { name: "a", type: "string" },
        { name: "b", type: "int" },
      ],
    };
    const named = {
      type: "record",
      name: "R",
      fields: [
        { name: "città", type: "string" },
        { name: "価格 €", type: "int" },
      ],
    };
    const sync = new Uint8Array(16).fill(3);
    const data = avscType(ascii).toBuffer({ a: "Zürich 🚀", b: -5 });
    const path = tmp.file("données é.avro", Buffer.concat([avroHeader(named, "null", sync), avroBlock(1, data, sync)]));
    expect(rowsOf(scanAvro(path, {}))).toEqual([{ città: "Zürich 🚀", "価格 €": -5 }]);
  });
});

/** A header with `schemaText` as avro.schema (not necessarily valid JSON) and no blocks. */
function headerWith(schemaText: string): Buffer {
  const good = avroHeader("long", "null", new Uint8Array(16));
  const text = Buffer.from(schemaText);
  // Rebuild the metadata map by hand: 1 entry, avro.schema -> text.
  return Buffer.concat([
    Buffer.from("Obj\x01", "latin1"),
    Buffer.from([2, 22]),
    Buffer.from("avro.schema"),
    Buffer.from(zigzag(text.length)),
    text,
    Buffer.from([0]),
    good.subarray(good.length - 16),
  ]);
}

/** A file with one block of `count` records whose (uncompressed) body is `data`. */
function withBlock(schema: unknown, count: number, data: Buffer): Buffer {
  const sync = new Uint8Array(16).fill(5);
  return Buffer.concat([avroHeader(schema, "null", sync), avroBlock(count, data, sync)]);
}

function zigzag(n: number): number[] {
  let u = n * 2;
  const out: number[] = [];
  while (u >= 0x80) {
    out.push((u % 0x80) | 0x80);
    u = Math.floor(u / 0x80);
  }
  out.push(u);
  return out;
}
