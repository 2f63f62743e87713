import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { collect, expectDataSourceError, tempFolder } from "../../../tests/helpers/format-samples";
import { type BuildField, type BuildValue, buildYxdb } from "./build-yxdb.fixture";
import { countYxdbRows, scanYxdb } from "./reader";

const tmp = tempFolder("yxdb-hostile");
afterAll(tmp.cleanup);

let files = 0;
const write = (bytes: Uint8Array, name = `f${files++}.yxdb`) => tmp.file(name, bytes);
const scan = (path: string, maxRows?: number) => collect(scanYxdb(path, {}, { maxRows }));
/** Where the records start: after the header and the UTF-16 MetaInfo. */
const dataStart = (bytes: Buffer) => 512 + bytes.readUInt32LE(80) * 2;

const INT_FIELDS: BuildField[] = [{ name: "n", type: "Int32" }];
const intRows = (n: number): BuildValue[][] => Array.from({ length: n }, (_, i) => [i]);
const good = () => buildYxdb(INT_FIELDS, intRows(5));

/** A copy of `bytes` with `patch` applied. */
function patched(bytes: Buffer, patch: (b: Buffer) => void): Buffer {
  const copy = Buffer.from(bytes);
  patch(copy);
  return copy;
}

describe("files that are not YXDB", () => {
  const cases: [string, () => string, string][] = [
    ["a missing file", () => join(tmp.dir, "nope.yxdb"), "File not found: "],
    ["a directory", () => tmp.folder("d.yxdb"), "directory"],
    ["an empty file", () => write(new Uint8Array(0)), "empty"],
    ["a CSV named .yxdb", () => write(Buffer.from("a,b\n1,2\n")), "shorter than the 512-byte header"],
    ["512 zero bytes", () => write(new Uint8Array(512)), "file id 0x0 is not a YXDB id"],
    ["version 9", () => write(patched(good(), (b) => b.writeInt32LE(0x00440209, 64))), "version 9 is not supported"],
    ["compression 7", () => write(patched(good(), (b) => b.writeInt32LE(7, 112))), "compression 7 is not supported"],
  ];
  for (const [label, makePath, fragment] of cases) {
    test(label, () => {
      const path = makePath();
      expectDataSourceError(() => scanYxdb(path, {}), fragment, path);
      expectDataSourceError(() => countYxdbRows(path, {}), path);
    });
  }

  test("random garbage named .yxdb, with and without a valid header id", () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed >> 8;
    };
    for (let round = 0; round < 30; round++) {
      const bytes = Buffer.from(Uint8Array.from({ length: 600 + (random() % 4000) }, () => random() & 0xff));
      if (round % 2) bytes.writeInt32LE(0x00440204, 64);
      const path = write(bytes);
      expectDataSourceError(() => scan(path), path);
    }
  });
});

describe("a header or description that lies", () => {
  const cases: [string, (b: Buffer) => void, string][] = [
    ["a MetaInfo length of 0", (b) => b.writeUInt32LE(0, 80), "impossible MetaInfo length (0)"],
    ["a MetaInfo length of 4 billion", (b) => b.writeUInt32LE(0xffffffff, 80), "impossible MetaInfo length"],
    ["a MetaInfo longer than the file", (b) => b.writeUInt32LE(100_000, 80), "truncated"],
    ["a negative record count", (b) => b.writeBigInt64LE(-1n, 104), "impossible record count (-1)"],
    ["a record count of 2^62", (b) => b.writeBigInt64LE(1n << 62n, 104), "impossible record count"],
    ["a record count the file cannot hold", (b) => b.writeBigInt64LE(10n ** 12n, 104), "room for at most"],
    ["MetaInfo that is not XML", (b) => b.write("<<<<", 512, "utf16le"), "malformed"],
  ];
  for (const [label, patch, fragment] of cases) {
    test(label, () => {
      const path = write(patched(good(), patch));
      expectDataSourceError(() => scanYxdb(path, {}), fragment, path);
      expectDataSourceError(() => countYxdbRows(path, {}), fragment, path);
    });
  }

  test("one record more than the file holds", () => {
    const path = write(patched(good(), (b) => b.writeBigInt64LE(6n, 104)));
    expectDataSourceError(() => scan(path), "truncated", "says 6 records", path);
    expect(scan(path, 5).height).toBe(5);
  });
});

describe("blocks that lie", () => {
  const cases: [string, (b: Buffer, at: number) => void, string][] = [
    ["a block longer than 256 KiB", (b, at) => b.writeUInt32LE(0x50000, at), "impossible length (327680"],
    ["a stored block longer than 256 KiB", (b, at) => b.writeUInt32LE(0x80050000, at), "impossible length"],
    ["a block of length 0", (b, at) => b.writeUInt32LE(0, at), "impossible length (0"],
    ["a block past the end of the records", (b, at) => b.writeUInt32LE(60_000, at), "runs past the end of the records"],
    [
      "an LZF back-reference before the start of the block",
      (b, at) => {
        b.writeUInt32LE(2, at);
        b[at + 4] = 0x20;
        b[at + 5] = 0x05;
      },
      "corrupt (a back-reference points",
    ],
    [
      "an LZF literal run past the block",
      (b, at) => {
        b.writeUInt32LE(3, at);
        b.set([31, 1, 2], at + 4);
      },
      "corrupt (a literal run of 32 bytes passes the end",
    ],
  ];
  for (const [label, patch, fragment] of cases) {
    test(label, () => {
      const bytes = buildYxdb(INT_FIELDS, intRows(2000));
      const path = write(patched(bytes, (b) => patch(b, dataStart(b))));
      expectDataSourceError(() => scan(path), fragment, path);
    });
  }

  test("maxRows stops decoding before a damaged second block", () => {
    // Stored blocks of 50 bytes hold 10 records of 5 bytes; the second block's length is zeroed.
    const bytes = buildYxdb(INT_FIELDS, intRows(30), { blocks: "stored", blockSize: 50 });
    const path = write(patched(bytes, (b) => b.writeUInt32LE(0, dataStart(b) + 54)));
    expect(scan(path, 10).getColumn("n").toArray() as unknown[]).toEqual(intRows(10).flat());
    expectDataSourceError(() => scan(path, 11), "impossible length (0", path);
    expectDataSourceError(() => scan(path), "impossible length (0", path);
  });
});

describe("records that lie", () => {
  // One record, stored as it is (a stored block), so its bytes can be patched in place:
  // the fixed part starts 4 bytes after the data start.
  const record = (fields: BuildField[], row: BuildValue[], patch: (b: Buffer, at: number) => void) => {
    const bytes = buildYxdb(fields, [row], { blocks: "stored" });
    return write(patched(bytes, (b) => patch(b, dataStart(b) + 4)));
  };
  const text: BuildField[] = [
    { name: "id", type: "Int32" },
    { name: "v", type: "V_String" },
  ];
  const cases: [string, () => string, string][] = [
    [
      "a negative variable length",
      () => record(text, [1, "hello"], (b, at) => b.writeInt32LE(-5, at + 9)),
      "impossible variable-data length (-5)",
    ],
    [
      "a variable length past 1 GiB",
      () => record(text, [1, "hello"], (b, at) => b.writeInt32LE(0x7fffffff, at + 9)),
      "impossible variable-data length",
    ],
    [
      "a variable length past the file",
      () => record(text, [1, "hello"], (b, at) => b.writeInt32LE(0x3fffffff, at + 9)),
      "truncated",
    ],
    [
      "a reference outside the record",
      () => record(text, [1, "hello"], (b, at) => b.writeUInt32LE(5000, at + 5)),
      `field "v" of record 1 points to a value at byte`,
    ],
    [
      "a date that is no date",
      () => record([{ name: "d", type: "Date" }], ["2020-01-01"], (b, at) => b.write("2020-02-30", at, "latin1")),
      `field "d" of record 1 holds "2020-02-30", which is not a date`,
    ],
    [
      "a time that is no time",
      () => record([{ name: "t", type: "Time" }], ["10:00:00"], (b, at) => b.write("25:00:00", at, "latin1")),
      "which is not a time",
    ],
    [
      "a date-time that is no date-time",
      () =>
        record([{ name: "t", type: "DateTime" }], ["2020-01-01 10:00:00"], (b, at) => b.write("T", at + 10, "latin1")),
      "which is not a date-time",
    ],
    [
      "a decimal that is no number",
      () =>
        record([{ name: "x", type: "FixedDecimal", size: 8, scale: 2 }], ["1.50"], (b, at) =>
          b.write("1,5", at, "latin1"),
        ),
      `"1,50", which is not a decimal number`,
    ],
    [
      "a wide string of odd length",
      () => record([{ name: "w", type: "V_WString" }], ["abc"], (b, at) => b.writeUInt8((5 << 1) | 1, at + 8)),
      "not whole UTF-16 characters",
    ],
    [
      "an unknown spatial shape",
      () => record([{ name: "g", type: "SpatialObj" }], [Buffer.alloc(20, 9)], () => {}),
      "spatial object that cannot be read (shape type",
    ],
  ];
  for (const [label, makePath, fragment] of cases) {
    test(label, () => {
      const path = makePath();
      expectDataSourceError(() => scan(path), fragment, path);
    });
  }
});

describe("a unicode file name", () => {
  test("reads and names the file in errors", () => {
    const path = write(buildYxdb(INT_FIELDS, intRows(3)), "données 日本 [1].yxdb");
    expect(scan(path).getColumn("n").toArray()).toEqual([0, 1, 2]);
    const cut = write(buildYxdb(INT_FIELDS, intRows(3)).subarray(0, 600), "données 日本 [cut].yxdb");
    expectDataSourceError(() => scan(cut), "données 日本 [cut].yxdb");
  });
});
