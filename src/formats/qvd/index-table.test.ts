import { afterAll, describe, expect, test } from "bun:test";
import { statSync } from "node:fs";
import { expectDataSourceError, tempFolder } from "../../../tests/helpers/format-samples";
import { seededRandom as random } from "../../../tests/helpers/seeded-random";
import { readQvdHeader } from "./header";
import { decodeIndexTable, type FieldIndexes } from "./index-table";
import { buildTestQvd, qvdBytes, type TestField, type TestTable } from "./qvd-writer.fixture";
import { QvdSource } from "./source";

const tmp = tempFolder("qvd-index");
afterAll(tmp.cleanup);

/** Decodes `rows` records of a file built from `table`, claiming `symbolCounts` symbols per field. */
function decode(table: TestTable, symbolCounts: number[], rows?: number, chunkBytes?: number): FieldIndexes[] {
  const path = tmp.file("t.qvd", qvdBytes(buildTestQvd(table)));
  const source = new QvdSource(path, statSync(path).size);
  try {
    const header = readQvdHeader(source);
    return decodeIndexTable(source, header, symbolCounts, rows ?? header.noOfRecords, chunkBytes);
  } finally {
    source.close();
  }
}

const rowsOf = (indexes: FieldIndexes | undefined): unknown =>
  indexes?.kind === "rows" ? Array.from(indexes.indexes) : `constant ${indexes?.index}`;

// The writer takes row values as given, so one symbol is enough to store any index; the
// decoder is told the field has `count` symbols.
const field = (name: string, bitWidth?: number): TestField => ({ name, symbols: [{ int: 0 }], bitWidth });

describe("decodeIndexTable", () => {
  test("unpacks fields of every width from 1 to 32 bits at unaligned offsets", () => {
    const next = random(42);
    const widths = [1, 3, 7, 8, 9, 13, 16, 17, 24, 31, 32, 5, 2];
    // Indexes stay below 2^32 - 2 (the null slot must fit 32 bits), so 32 bits cannot hold its all-ones value.
    const largest = widths.map((w) => Math.min(2 ** w - 1, 2 ** 32 - 3));
    const rows = Array.from({ length: 300 }, (_, r) =>
      largest.map((max) => (r === 0 ? 0 : r === 1 ? max : Math.floor(next() * (max + 1)))),
    );
    const table = { fields: widths.map((w, f) => field(`f${f}`, w)), rows };
    const counts = largest.map((max) => max + 1);
    const decoded = decode(table, counts);
    widths.forEach((_, f) => {
      expect(rowsOf(decoded[f])).toEqual(rows.map((row) => row[f]));
    });
  });

  test("fields wider than 32 bits (up to 64) decode while their values fit", () => {
    const rows = [
      [0, 5, 0],
      [2 ** 32 - 3, 1, 2 ** 31],
    ];
    const decoded = decode({ fields: [field("a", 40), field("b", 64), field("c", 33)], rows }, [
      2 ** 32 - 2,
      10,
      2 ** 32 - 2,
    ]);
    expect(decoded.map(rowsOf)).toEqual([
      [0, 2 ** 32 - 3],
      [5, 1],
      [0, 2 ** 31],
    ]);
    // A value with its high bits set is past any symbol table.
    expectDataSourceError(
      () => decode({ fields: [field("wide", 40)], rows: [[2 ** 35]] }, [100]),
      'row 1 of field "wide" refers to symbol 34359738368, but the field has 100 symbols',
    );
  });

  test("Bias -2: bits 0 and 1 are null (the slot after the last symbol), 2 is symbol 0", () => {
    const nullable: TestField = { name: "n", symbols: [{ text: "a" }, { text: "b" }], nullable: true };
    const decoded = decode({ fields: [nullable], rows: [[null], [0], [1], [null]] }, [2]);
    expect(rowsOf(decoded[0])).toEqual([2, 0, 1, 2]);
    // Stored bits 1 (index -1) is null too.
    const minusOne = decode({ fields: [{ ...nullable, bitWidth: 2 }], rows: [[-1], [0]] }, [2]);
    expect(rowsOf(minusOne[0])).toEqual([2, 0]);
  });

  test("a BitWidth 0 field is one constant index; a field without symbols is null on every row", () => {
    const decoded = decode(
      {
        fields: [field("c"), field("v"), field("empty", 3)],
        rows: [
          [0, 1, 5],
          [0, 0, 7],
        ],
      },
      [1, 2, 0],
    );
    expect(decoded.map(rowsOf)).toEqual(["constant 0", [1, 0], "constant 0"]);
  });

  test("the index array is as narrow as the symbol count (plus the null slot) allows", () => {
    const kinds = [255, 256, 65535, 65536].map((count) => {
      const [indexes] = decode({ fields: [field("f", 17)], rows: [[0]] }, [count]);
      return indexes?.kind === "rows" ? indexes.indexes.constructor.name : "constant";
    });
    expect(kinds).toEqual(["Uint8Array", "Uint16Array", "Uint16Array", "Uint32Array"]);
  });

  test("an index past the symbol table names the row and field", () => {
    const table = {
      fields: [field("ok", 4), field("Größe", 4)],
      rows: [
        [1, 1],
        [1, 9],
      ],
    };
    expectDataSourceError(
      () => decode(table, [16, 9]),
      'row 2 of field "Größe" refers to symbol 9, but the field has 9 symbols',
    );
  });

  test("only the requested rows are decoded: a bad row after them goes unseen", () => {
    const rows = [[1], [2], [3], [15]];
    const table = { fields: [field("f", 4)], rows };
    expect(rowsOf(decode(table, [4], 3)[0])).toEqual([1, 2, 3]);
    expect(rowsOf(decode(table, [4], 0)[0])).toEqual([]);
    expectDataSourceError(() => decode(table, [4], 4), "row 4");
  });

  test("records read in small chunks decode the same as in one read", () => {
    const next = random(7);
    const rows = Array.from({ length: 1000 }, () => [Math.floor(next() * 1000), Math.floor(next() * 3)]);
    const table = { fields: [field("a", 10), field("b", 2)], rows };
    const whole = decode(table, [1000, 3]).map(rowsOf);
    expect(whole).toEqual([rows.map((r) => r[0]), rows.map((r) => r[1])]);
    for (const chunkBytes of [1, 2, 3, 100, 4096])
      expect(decode(table, [1000, 3], undefined, chunkBytes).map(rowsOf)).toEqual(whole);
    expect(decode(table, [1000, 3], 333, 7).map(rowsOf)).toEqual([
      rows.slice(0, 333).map((r) => r[0]),
      rows.slice(0, 333).map((r) => r[1]),
    ]);
  });
});
