import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { collect, tempFolder } from "../../../tests/helpers/format-samples";
import { HAS_REAL_FIXTURES, realFixture, SKIP_NOTE } from "../../../tests/helpers/real-fixtures";
import { DataSourceError } from "../../shared/errors";
import { type BuildField, type BuildValue, buildYxdb } from "./build-yxdb.fixture";
import { scanYxdb } from "./reader";

/**
 * Every file cut short must either fail with a DataSourceError naming the cut file, or —
 * only when the cut leaves every record whole (it falls after the last record's block, in
 * what Alteryx writes after the records) — read all its rows. Never fewer rows, another
 * error, a crash or a hang. Cuts before the end of the first block always fail.
 */

const tmp = tempFolder("yxdb-cut");
afterAll(tmp.cleanup);

/** Where the records end: the first index inside the file (computed here from the header). */
function recordsEnd(bytes: Buffer): number {
  const start = 512 + bytes.readUInt32LE(80) * 2;
  const indexes = [Number(bytes.readBigInt64LE(88)), Number(bytes.readBigInt64LE(96))];
  return Math.min(bytes.length, ...indexes.filter((at) => at > start && at <= bytes.length));
}

/** The end of the first data block (length word at the data start, high bit = stored). */
function firstBlockEnd(bytes: Buffer): number {
  const start = 512 + bytes.readUInt32LE(80) * 2;
  if (bytes.readInt32LE(112) === 0) return start + 1;
  return start + 4 + (bytes.readUInt32LE(start) & 0x7fffffff);
}

/** Cut points: through the header, the XML, every data byte of small files (a spread of large ones), the tail. */
function cutPoints(bytes: Buffer): number[] {
  const start = 512 + bytes.readUInt32LE(80) * 2;
  const end = recordsEnd(bytes);
  const points = new Set([
    0,
    1,
    64,
    68,
    84,
    104,
    112,
    256,
    511,
    512,
    513,
    start - 1,
    start,
    end - 1,
    end,
    bytes.length - 1,
  ]);
  for (let i = 1; i < 10; i++) points.add(512 + Math.floor(((start - 512) * i) / 10));
  const span = end - start;
  const step = span <= 400 ? 1 : Math.ceil(span / 60);
  for (let at = start; at < end; at += step) points.add(at);
  for (let k = 1; k <= 5; k++) points.add(start + k);
  return [...points].filter((c) => c >= 0 && c < bytes.length).sort((a, b) => a - b);
}

function checkCuts(name: string, bytes: Buffer, rows: number): void {
  const mustFail = firstBlockEnd(bytes);
  let readWhole: number | undefined;
  for (const cut of cutPoints(bytes)) {
    const path = tmp.file(`${name}-cut-${cut}.yxdb`, bytes.subarray(0, cut));
    let height: number | undefined;
    let caught: unknown;
    try {
      height = collect(scanYxdb(path, {})).height;
    } catch (error) {
      caught = error;
    }
    if (caught === undefined) {
      expect(height, `rows of the cut at ${cut} of ${name}`).toBe(rows);
      expect(cut, `cut at ${cut} of ${name} read whole`).toBeGreaterThanOrEqual(mustFail);
      readWhole ??= cut;
    } else {
      expect(caught, `cut at ${cut} of ${name}`).toBeInstanceOf(DataSourceError);
      expect((caught as Error).message).toContain(path);
      // Once a cut leaves the records whole, longer cuts do too.
      expect(readWhole, `cut at ${cut} of ${name} failed after ${readWhole} read whole`).toBeUndefined();
    }
  }
}

describe("truncated copies of hand-made files", () => {
  const fields: BuildField[] = [
    { name: "i", type: "Int64" },
    { name: "s", type: "V_WString" },
    { name: "d", type: "DateTime" },
    { name: "b", type: "Blob" },
  ];
  const rows: BuildValue[][] = Array.from({ length: 40 }, (_, i) => [
    BigInt(i) * 1_000_000_007n,
    i % 5 ? "mot ".repeat(i) : null,
    `2020-01-${String((i % 28) + 1).padStart(2, "0")} 10:00:00`,
    Uint8Array.from({ length: i * 3 }, (_, k) => (k * i) % 256),
  ]);
  for (const blocks of ["lzf", "stored", "none"] as const) {
    test(`${blocks} blocks`, () =>
      checkCuts(`made-${blocks}`, buildYxdb(fields, rows, { blocks, blockSize: 500 }), 40));
  }
});

describe.skipIf(!HAS_REAL_FIXTURES)(`truncated copies of the real files${SKIP_NOTE}`, () => {
  const files: [string, number][] = [
    ["AllNormalFields.yxdb", 1],
    ["TestNewYxdb.yxdb", 3],
    ["point.yxdb", 1],
    ["poly.yxdb", 1],
    ["line.yxdb", 1],
    ["multi-point.yxdb", 1],
    ["null-spatial.yxdb", 1],
    ["LotsOfRecords.yxdb", 100_000],
  ];
  for (const [file, rows] of files) {
    test(file, () => checkCuts(file.replace(".yxdb", ""), readFileSync(realFixture("yxdb", file)), rows));
  }

  test("a cut LotsOfRecords.yxdb is refused even by a preview that needs only its first block", () => {
    const bytes = readFileSync(realFixture("yxdb", "LotsOfRecords.yxdb"));
    // The first block (210 KB of compressed records) is whole; the second is cut. The header's
    // record index lies past the end, so the cut shows without reading the later blocks.
    const path = tmp.file("lots-half.yxdb", bytes.subarray(0, 300_000));
    expect(() => collect(scanYxdb(path, {}, { maxRows: 100 }))).toThrow("truncated");
    expect(() => collect(scanYxdb(path, {}))).toThrow(DataSourceError);
  });
});
